"""One number that changes whenever what the club history's tables show changes (a game, a
seat, a result, a player or a rating written or deleted; not a live move). The games list and
the standings cache their rendered tables in the shared cache under it
(templates/games/list.html, standings.html), so under load a page costs a cache read instead
of the table's queries and rendering, and any change shows at once on every server
(docs/operations.md, "Caching").

The number is kept in the database (games/services/cache_versions.py, issue #52), moved in the
same transaction as the write: a cache that was out during the write (the change then never
reached it) serves nothing cached before it once it answers again, and another process sees the
new number exactly when the write commits. Every write moves it (not only a transaction's
first): a page this process drew inside the transaction, between two writes, is not kept under
the number the transaction commits with."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import DatabaseError

from games.services import cache_versions

log = logging.getLogger(__name__)


def current() -> int:
    """The history's version: one primary-key read of the database (bench/caches.py measures it)."""
    return cache_versions.read(cache_versions.HISTORY)


def tables_cache() -> str:
    """The cache alias the tables are kept in: "uncached" (renders them every time) when a
    benchmark measures what keeping them gains (settings.IMHOTEP_TABLES_CACHE, from IMHOTEP_UNCACHED)."""
    return str(settings.IMHOTEP_TABLES_CACHE)


def bump() -> None:
    """Move the version on, in the caller's transaction (bulk writes, which send no signals)."""
    cache_versions.move(cache_versions.HISTORY)


#: Fields no cached table shows: a save of only these leaves the version (a live move touches
#: its game's ``updated_at``; on a club night that would empty the tables' cache every second).
UNSHOWN = frozenset({"updated_at"})


def changed(update_fields=None, **_signal_kwargs) -> None:
    if update_fields and UNSHOWN.issuperset(update_fields):
        return
    bump()


def migrated(**_signal_kwargs) -> None:
    """After `migrate` (an upgrade): tables drawn by the old templates are not served. A
    migration back before the versions' table (0013) has none to move."""
    try:
        bump()
    except DatabaseError as exc:
        log.info("history version not moved after migrate: %s", exc)
