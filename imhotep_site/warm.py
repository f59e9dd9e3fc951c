"""Loading the app before gunicorn forks its workers (issue 38; deploy/gunicorn.conf.py,
docs/operations.md "Starting under load").

A worker that imports the app on its first request spends seconds of CPU on it (URLconf and
views, templates, the game registry and engines); on a loaded machine that passed gunicorn's
timeout, and workers were killed and replaced for minutes. With ``preload_app`` the master
imports the app once and `warm` sends it a few requests (nothing stored: /healthz's write check
is rolled back), so each worker is forked with everything loaded and answers its first request
at once. Then every database connection and cache connection the master opened is closed: a
connection must not be shared by the forked workers.
"""

from __future__ import annotations

import io
import logging
import sys
from wsgiref.util import setup_testing_defaults

from django.conf import settings
from django.core.cache import caches
from django.db import connections

logger = logging.getLogger(__name__)

PATHS = ["/healthz", "/", "/games/", "/games/standings", "/api/v1/games"]


def _host() -> str:
    for host in settings.ALLOWED_HOSTS:
        if host == "*":
            return "localhost"
        if not host.startswith("[") and "*" not in host:
            return host.lstrip(".") or "localhost"
    return "localhost"


def warm(application, paths: list[str] = PATHS) -> dict[str, int]:
    """Send ``paths`` to ``application`` in this process; each answer's status (0: it raised)."""
    statuses = {}
    for path in paths:
        environ: dict = {"PATH_INFO": path, "HTTP_HOST": _host(), "wsgi.url_scheme": "https",
                         "HTTP_X_FORWARDED_PROTO": "https", "wsgi.errors": io.StringIO()}
        setup_testing_defaults(environ)
        status = ["0"]

        def start_response(line, headers, exc_info=None, status=status):
            status[0] = line.split()[0]

        try:
            for _chunk in application(environ, start_response):
                pass
        except Exception:  # a warm-up that fails only leaves that part cold
            logger.exception("warming %s failed", path)
        statuses[path] = int(status[0])
    release()
    return statuses


def release() -> None:
    """Close what the master opened, so that no worker inherits a connection."""
    connections.close_all()
    for cache in caches.all(initialized_only=True):
        forget = getattr(cache, "forget", None)
        if forget:
            forget()


if __name__ == "__main__":  # python -m imhotep_site.warm: what a warm-up answers
    from imhotep_site.wsgi import application

    print(warm(application), file=sys.stderr)
