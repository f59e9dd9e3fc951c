"""The versions the shared cache keys on, kept in the database (issue #52). Part of the ``games``
app (games/models.py imports them).

A version lives where the write that changes it cannot be lost: a cache that is out while the
history is written (Redis hung, its files read-only) dropped the "history changed" it was told,
and kept the pages cached before, which were then served as current once it answered again.
A row here is written in the write's own transaction, so it changes exactly when the write
commits, whatever the cache does (games/services/history_version.py)."""

from __future__ import annotations

from django.db import models


class CacheVersion(models.Model):
    """One named version (``history``: what the games list, standings, ratings check and the
    explorer show of the history; ``explorer-facts``: the explorer's facts; ``board-data``: the
    newest board-data versions). ``token``: a random
    number drawn at each change, never a count: a count rolled back with its transaction, or with
    a restore of the database, would come round again to a number pages were cached under."""

    name = models.CharField(primary_key=True, max_length=40)
    token = models.BigIntegerField()

    def __str__(self) -> str:
        return f"{self.name} version {self.token}"
