"""Settings of bench/cluster.py's processes: the project's, with static files collected into the
cluster's own folder (CLUSTER_STATIC_ROOT). collectstatic rewrites the files it collects; in the
checkout's staticfiles/ that would pull files from under a test run serving from it."""

import os

from imhotep_site.settings import *  # noqa: F403

STATIC_ROOT = os.environ["CLUSTER_STATIC_ROOT"]
