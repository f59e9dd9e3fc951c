"""Limits of the expensive reads that are not hints (issue 38; docs/security.md "Expensive
reads"): the explorer and the ratings check. An answer kept in the cache costs a cache read;
one that is not costs queries over the whole history (the explorer, per filter) or a replay of
every rated game (the ratings check), so, as hints (games/analysis/hints.py):

* callers not signed in are throttled per address (`check`, rates ``explorer_anon`` and
  ``ratings_check_anon`` of ``DEFAULT_THROTTLE_RATES``);
* an answer is worked out only while a slot is free (`computing`, imhotep_lib/slots.py): one at a
  time per caller, at most ``IMHOTEP_READ_CONCURRENCY`` per kind on the whole service, of which
  at most ``IMHOTEP_READ_ANON_CONCURRENCY`` for callers not signed in. A caller who finds no
  free slot gets `Busy` (429 with Retry-After) at once: no worker is held waiting.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle

from imhotep_lib.callers import Caller
from imhotep_lib.slots import Busy, slots
from imhotep_lib.throttles import CurrentRates, SlidingWindow
from rules_engine.messages import msg

#: Seconds a slot is held at most: far above one answer's time, so only a dead worker's slot expires.
HOLD_SECONDS = 120
#: Seconds a caller told "busy" is asked to wait.
RETRY_SECONDS = 5


class ExplorerAnonThrottle(CurrentRates, SlidingWindow, AnonRateThrottle):
    """Callers not signed in, by address: rate ``DEFAULT_THROTTLE_RATES["explorer_anon"]``."""

    scope = "explorer_anon"


class RatingsCheckAnonThrottle(CurrentRates, SlidingWindow, AnonRateThrottle):
    """Callers not signed in, by address: rate ``DEFAULT_THROTTLE_RATES["ratings_check_anon"]``."""

    scope = "ratings_check_anon"


THROTTLES: dict[str, type[SlidingWindow]] = {
    "explorer": ExplorerAnonThrottle, "ratings-check": RatingsCheckAnonThrottle}


def check(request, kind: str) -> None:
    """Count a read of ``kind`` ("explorer", "ratings-check") by a caller not signed in; raise
    `Busy` (429 with Retry-After) over their rate. Signed-in callers are not counted."""
    throttle = THROTTLES[kind]()
    if not throttle.allow_request(request, None):
        seconds = math.ceil(throttle.wait() or 1)
        raise Busy(msg("too many requests from you in a short time; try again in {seconds} seconds",
                       seconds=seconds), retry_after=seconds)


@contextmanager
def computing(kind: str, caller: Caller | None) -> Iterator[None]:
    """Hold a slot to work out an answer of ``kind`` for the block; `Busy` when none is free.
    ``caller`` None: a caller of our own (a command, a benchmark), the service-wide pool only."""
    with slots(_pools(kind, caller), hold=HOLD_SECONDS) as free:
        if not free:
            raise Busy(msg("this table is being worked out for other readers; try again in {seconds} seconds",
                           seconds=RETRY_SECONDS), retry_after=RETRY_SECONDS)
        yield


def _pools(kind: str, caller: Caller | None) -> list[tuple[str, int]]:
    pools = []
    if caller is not None:
        pools.append((f"{kind}-caller:{caller.key}", 1))
        if caller.anonymous:
            pools.append((f"{kind}-anonymous", settings.IMHOTEP_READ_ANON_CONCURRENCY))
    pools.append((kind, settings.IMHOTEP_READ_CONCURRENCY))
    return pools
