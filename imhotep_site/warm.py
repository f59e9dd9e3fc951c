"""Loading the app before gunicorn forks its workers (issue 38; deploy/gunicorn.conf.py,
docs/operations.md "Restarts").

A worker that imports the app on its first request spends seconds of CPU on it (URLconf and
views, templates, the game registry and engines); on a loaded machine that passed gunicorn's
timeout, and workers were killed and replaced for minutes. With ``preload_app`` the master
imports the app once and `warm` sends it a few requests (nothing stored: /healthz's write check
is rolled back), so each worker is forked with everything loaded and answers its first request
at once. Then every database connection and cache connection the master opened is closed: a
connection must not be shared by the forked workers.

`warm_games` also loads each registered game's compiled playouts (`GameType.warm_up`: numba's
import and the kernel's compile or cache load, a second or more of CPU each), so a worker's
first hint or bot move does not pay it (#40). A game whose kernel cannot load (numba missing)
is logged and left cold; start-up goes on. Not while the kernels compile in the background
(issue #52, deploy/gunicorn.conf.py): the master then warms the pages only (they play the
pure engine meanwhile, rules_engine/compiled.py) and never compiles a kernel itself.

`unready` is what `make serve` refuses to start without (issue #52): the one-time steps of
`make deploy` (migrate, collectstatic) left undone, so that a start never runs them itself.
"""

from __future__ import annotations

import io
import logging
import sys
from wsgiref.util import setup_testing_defaults

from django.conf import settings
from django.core.cache import caches
from django.db import connections

from rules_engine.registry import default_registry

logger = logging.getLogger(__name__)

PATHS = ["/healthz", "/", "/games/", "/games/standings", "/api/v1/games"]


def _host() -> str:
    for host in settings.ALLOWED_HOSTS:
        if host == "*":
            return "localhost"
        if not host.startswith("[") and "*" not in host:
            return host.lstrip(".") or "localhost"
    return "localhost"


def warm(application, paths: list[str] = PATHS, games: bool = True) -> dict[str, int]:
    """Send ``paths`` to ``application`` in this process; each answer's status (0: it raised).
    ``games``: also load each game's compiled kernels (`warm_games`)."""
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
    if games:
        warm_games()
    release()
    return statuses


def warm_games() -> dict[str, bool]:
    """Each registered game's `GameType.warm_up`: whether its compiled playouts are loaded (False:
    it has none, or they cannot load here, which is logged; nothing raises)."""
    warmed = {}
    for game_id, game_type in sorted(default_registry().games.items()):
        try:
            warmed[game_id] = bool(game_type.warm_up())
        except Exception:  # a kernel that fails to load only leaves that game's playouts cold
            logger.exception("warming the playouts of %s failed", game_id)
            warmed[game_id] = False
            continue
        if not warmed[game_id]:
            logger.info("%s: no compiled playouts warmed", game_id)
    logger.info("compiled playouts warmed before serving: %s", warmed)
    return warmed


def unready() -> list[str]:
    """What keeps this app from serving as deployed: migrations not applied to the database,
    static files not collected (where they are served from the manifest). Empty: ready."""
    from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
    from django.db.migrations.executor import MigrationExecutor

    problems = []
    try:
        executor = MigrationExecutor(connections["default"])
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except Exception as exc:  # the database cannot be reached: said as it is
        problems.append(f"the database cannot be read ({type(exc).__name__}: {exc})"[:400])
    else:
        if plan:
            names = ", ".join(f"{m.app_label}.{m.name}" for m, _back in plan[:3]) + (", …" if len(plan) > 3 else "")
            problems.append(f"{len(plan)} migration(s) not applied to the database ({names})")
    if isinstance(staticfiles_storage, ManifestFilesMixin) and not staticfiles_storage.hashed_files:
        problems.append(f"the static files are not collected into {settings.STATIC_ROOT}")
    return problems


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
