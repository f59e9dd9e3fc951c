"""One number that changes whenever the club history changes (a game, a seat, a result, a
player or a rating written or deleted). The games list and the standings cache their rendered
tables in the shared cache under it (templates/games/list.html, standings.html), so under load
a page costs a cache read instead of its queries and rendering, and any change shows at once
on every server.

It is bumped twice per change: at once (this process, and a test, sees the change on its next
read) and again once the transaction commits (another process that rendered the old rows
under the first new number in between never keeps them)."""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction

KEY = "imhotep:history-version"


def current() -> int:
    version = cache.get(KEY)
    if version is None:
        cache.add(KEY, 1, None)
        version = cache.get(KEY, 1)
    return version


def bump() -> None:
    try:
        cache.incr(KEY)
    except ValueError:  # not there (a cleared cache): any new number will do
        cache.add(KEY, 1, None)


def changed(**_signal_kwargs) -> None:
    bump()
    transaction.on_commit(bump)
