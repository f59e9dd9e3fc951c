"""One number that changes whenever what the club history's tables show changes (a game, a
seat, a result, a player or a rating written or deleted; not a live move). The games list and
the standings cache their rendered tables in the shared cache under it
(templates/games/list.html, standings.html), so under load a page costs a cache read instead
of the table's queries and rendering, and any change shows at once on every server
(docs/operations.md, "Caching").

It is bumped twice per change: at once (this process, and a test, sees the change on its next
read) and again once the transaction commits (another process that rendered the old rows
under the first new number in between never keeps them)."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

KEY = "imhotep:history-version"


def _fresh() -> int:
    # A number no earlier version had (microseconds): after the key was evicted or the cache
    # cleared, a restart from 1 could meet tables cached under the old numbers.
    return time.time_ns() // 1000


def current() -> int:
    version = cache.get(KEY)
    if version is None:
        cache.add(KEY, _fresh(), None)
        version = cache.get(KEY) or _fresh()
    return version


def tables_cache() -> str:
    """The cache alias the tables are kept in: "uncached" (renders them every time) when a
    benchmark measures what keeping them gains (settings.IMHOTEP_TABLES_CACHE, from IMHOTEP_UNCACHED)."""
    return str(settings.IMHOTEP_TABLES_CACHE)


def bump() -> None:
    try:
        cache.incr(KEY)
    except ValueError:  # not there (evicted, or the cache cleared)
        cache.add(KEY, _fresh(), None)


#: Fields no cached table shows: a save of only these leaves the version (a live move touches
#: its game's ``updated_at``; on a club night that would empty the tables' cache every second).
UNSHOWN = frozenset({"updated_at"})


def changed(update_fields=None, **_signal_kwargs) -> None:
    if update_fields and UNSHOWN.issuperset(update_fields):
        return
    bump()
    transaction.on_commit(bump)
