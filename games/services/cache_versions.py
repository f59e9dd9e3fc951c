"""Named versions the shared cache keys on, kept in the database (`CacheVersion`, issue #52):
`read` is one primary-key read, `move` one UPDATE in the caller's transaction. A cache that is
out while the history is written cannot lose the change: what was cached under the old token is
never read again once the write commits (docs/operations.md "Caching", docs/decisions.md)."""

from __future__ import annotations

import secrets

from django.db import connection

from games.cache_models import CacheVersion

HISTORY = "history"
EXPLORER_FACTS = "explorer-facts"
BOARD_DATA = "board-data"  # the newest board-data versions (games/boarddata.py)


_QUOTED = {"token": connection.ops.quote_name("token"), "name": connection.ops.quote_name("name"),
           "table": connection.ops.quote_name(CacheVersion._meta.db_table)}
_SELECT = "SELECT {token} FROM {table} WHERE {name} = %s".format(**_QUOTED)
_UPDATE = "UPDATE {table} SET {token} = %s WHERE {name} = %s".format(**_QUOTED)


def _token() -> int:
    # Random, not counted: a count rolled back (with its transaction, or a restored database)
    # would come round again to a number that pages of another history were cached under.
    return secrets.randbits(62)


def read(name: str) -> int:
    """The version ``name`` now: what this connection sees (a write of its own transaction at
    once, another's once it commits). Plain SQL: the ORM's queryset cost 20 times the read
    itself (276 against 14 µs a read on SQLite, load 10), and every cached page reads it."""
    token = _select(name)
    if token is None:  # not there (a test database flushed): made, as a change would
        move(name)
        token = _select(name)
    return int(token) if token is not None else 0


def _select(name: str) -> int | None:
    with connection.cursor() as cursor:
        cursor.execute(_SELECT, [name])
        row = cursor.fetchone()
    return row[0] if row else None


def move(name: str) -> None:
    """A new token for ``name``, written in the caller's transaction: it commits or rolls back
    with the write it stands for. On PostgreSQL the row stays locked until then, so writes to
    the history take turns at committing (SQLite's writers always did)."""
    with connection.cursor() as cursor:
        cursor.execute(_UPDATE, [_token(), name])
        updated = cursor.rowcount
    if not updated:
        CacheVersion.objects.bulk_create([CacheVersion(name=name, token=_token())], ignore_conflicts=True)
