"""Site-wide pages: the home page, the health check and the 404 answer."""

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games.ui import calculator_games


def not_found(request, exception):
    """404 (DEBUG off): API clients get JSON, the shape DRF answers a missing row with, even
    for a URL no API route matches (e.g. /api/v1/games/abc); people get the usual page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("Not found.")}, status=404)
    return defaults.page_not_found(request, exception)


@require_GET
def home(request):
    return render(request, "home.html", {"calculators": calculator_games()})


@never_cache
@require_GET
def healthz(request):
    # A load balancer needs to know the database answers, not only that Python runs.
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return JsonResponse({"status": "error", "database": str(exc)}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})
