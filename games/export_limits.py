"""Limits of the downloads (issue 29; docs/security.md): each client may start only so many a
minute (callers not signed in fewer), and a whole-history download answers at most
``IMHOTEP_EXPORT_PAGE_GAMES`` games per request, so no request holds a worker for long; the
rest follows with ``?page=2``, … (the ``Link: <…>; rel="next"`` header names the next one)."""

from __future__ import annotations

import math

from django.conf import settings
from django.db.models import QuerySet
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from games.models import Game
from imhotep_lib.slots import Busy
from imhotep_lib.throttles import CurrentRates, SlidingWindow
from rules_engine.messages import msg


class ExportAnonThrottle(CurrentRates, SlidingWindow, AnonRateThrottle):  # type: ignore[override]
    """Callers not signed in, by address: rate ``DEFAULT_THROTTLE_RATES["export_anon"]``."""

    scope = "export_anon"


class ExportUserThrottle(CurrentRates, SlidingWindow, UserRateThrottle):  # type: ignore[override]
    """Signed-in callers, by user: rate ``DEFAULT_THROTTLE_RATES["export_user"]``."""

    scope = "export_user"

    def get_cache_key(self, request, view):
        if not request.user.is_authenticated:
            return None
        return super().get_cache_key(request, view)


def check(request) -> None:
    """Count a download; raise `Busy` (429 with Retry-After) over the caller's rate."""
    for throttle in (ExportAnonThrottle(), ExportUserThrottle()):
        if not throttle.allow_request(request, None):
            seconds = math.ceil(throttle.wait() or 1)
            raise Busy(msg("too many downloads from you in a short time; try again in {seconds} seconds",
                           seconds=seconds), retry_after=seconds)


def page_of(games: QuerySet[Game], order: tuple[str, ...], page: str | None) -> tuple[QuerySet[Game], int | None]:
    """The games of download page ``page`` (1 when missing or not a number) in ``order``, and
    the next page's number when more games follow."""
    size = settings.IMHOTEP_EXPORT_PAGE_GAMES
    number = int(page) if page and page.isdigit() and int(page) > 0 else 1
    start = (number - 1) * size
    ids = list(games.order_by(*order).values_list("pk", flat=True)[start:start + size + 1])
    more = len(ids) > size
    return Game.objects.filter(pk__in=ids[:size]), number + 1 if more else None
