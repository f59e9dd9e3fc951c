"""Site-wide pages: the home page, the health check and the 404 answer."""

from django.core.cache import caches
from django.db import DatabaseError, connection, transaction
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games.play.last_time import last_offer
from games.ui import calculator_games
from imhotep_site import kernels
from imhotep_site.cache_guard import GuardedCache


def not_found(request, exception):
    """404 (DEBUG off): API clients get JSON, the shape DRF answers a missing row with, even
    for a URL no API route matches (e.g. /api/v1/games/abc); people get the usual page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return defaults.page_not_found(request, exception)


@require_GET
def home(request):
    return render(request, "home.html", {"calculators": calculator_games(), "same": last_offer(request.user)})


@never_cache
@require_GET
def healthz(request):
    """For the load balancer (docs/operations.md "Health check"): the database, whether it takes
    writes, and the cache, each reported. 503 when this node cannot serve writes, so the balancer
    sends them elsewhere; a cache that is out only makes the node slower (imhotep_site/cache_guard.py):
    200, "degraded". While the compiled kernels are compiled in the background after a start
    (imhotep_site/kernels.py): 503, "warming", so the balancer holds traffic back until then."""
    body = {"database": _database(), "database_writes": "not checked", "cache": _cache()}
    if body["database"] == "ok":
        body["database_writes"] = _database_writes()
    serving = body["database"] == body["database_writes"] == "ok"
    body["status"] = ("ok" if body["cache"] == "ok" else "degraded") if serving else "error"
    compiler = kernels.warming()
    if compiler is not None:
        body["kernels"] = f"warming: compiling into {kernels.cache_dir()} (pid {compiler}); the pure engine serves"
        if serving:
            body["status"] = "warming"
    return JsonResponse(body, status=200 if serving and compiler is None else 503)


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return str(exc)[:300] or type(exc).__name__
    return "ok"


def _database_writes() -> str:
    """Whether the database takes a write now: a row updated to itself, rolled back. Refused by a
    read-only or standby server, a read-only or locked SQLite file."""
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE django_migrations SET app = app WHERE id = (SELECT MIN(id) FROM django_migrations)")
            transaction.set_rollback(True)
    except DatabaseError as exc:
        return str(exc)[:300] or type(exc).__name__
    return "ok"


def _cache() -> str:
    """The shared cache (throttle counters, cached tables) stores and reads back a value."""
    backend = caches["default"]
    if isinstance(backend, GuardedCache):
        return backend.check()
    try:  # an unguarded backend (a test's settings)
        backend.set("imhotep:healthz", 1, 10)
        return "ok" if backend.get("imhotep:healthz") == 1 else "a value stored is not read back"
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"[:300]
