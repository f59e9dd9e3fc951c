"""Settings of the processes bench/cluster.py and bench/clubnight.py start: the project's, with
static files collected into the run's own folder (CLUSTER_STATIC_ROOT). collectstatic rewrites
the files it collects; in the checkout's staticfiles/ that would pull files from under a test run
serving from it, or from under another run collecting there at the same moment."""

import os

from imhotep_site.settings import *  # noqa: F403

STATIC_ROOT = os.environ["CLUSTER_STATIC_ROOT"]
