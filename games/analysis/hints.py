"""The best-move hint at one position, bounded (docs/security.md "Expensive reads").

A hint costs ``IMHOTEP_HINT_PLAYOUTS`` playouts (a CPU-second or two), so it is

* kept in the shared cache per record (its hash), position, engine version and playouts: the
  moves are seeded by the position, so a kept answer is the answer (readers of the same game ask
  for the same positions);
* worked out only while a slot is free (imhotep_lib/slots.py): one at a time per caller, at
  most ``IMHOTEP_HINT_CONCURRENCY`` on the whole service, of which at most
  ``IMHOTEP_HINT_ANON_CONCURRENCY`` for callers who are not signed in. A caller who finds no free
  slot gets `Busy` (429 with Retry-After) at once instead of a worker held waiting.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.conf import settings
from django.core.cache import cache

from games.analysis import service
from games.boarddata import registry_for
from games.models import Game
from games.services.records import record_of
from imhotep_lib.callers import Caller
from imhotep_lib.slots import Busy, slots
from rules_engine import ENGINE_VERSION
from rules_engine.analysis import ANALYSIS_VERSION
from rules_engine.messages import msg

#: Seconds a kept hint stays in the shared cache (the cache may drop it sooner when full).
KEEP_SECONDS = 30 * 24 * 3600
#: Seconds a slot is held at most: far above one hint's time, so only a dead worker's slot expires.
HOLD_SECONDS = 120
#: Seconds a caller told "busy" is asked to wait.
RETRY_SECONDS = 5


def cache_key(digest: str, ply: int, playouts: int) -> str:
    """The analysis version too: a new search (3: tree search) gives new answers."""
    return f"hint:{ENGINE_VERSION}:{ANALYSIS_VERSION}:{digest}:{ply}:{playouts}"


def best_moves(game: Game, ply: int, *, caller: Caller | None, record: dict | None = None,
               states: Sequence | None = None) -> list[dict]:
    """The best moves at ``ply`` (as `service.hint`), from the cache or worked out under the
    limits. ``caller`` None: a caller of our own (a command), limited by the service-wide pool only.

    Raises ValueError for a ply outside the game, `Busy` when no slot is free."""
    playouts = settings.IMHOTEP_HINT_PLAYOUTS
    record = record if record is not None else record_of(game)
    last = len(record["moves"])  # positions 0 (setup) … one after each move
    if not 0 <= ply <= last:
        raise ValueError(msg("ply must be between 0 and {last}, got {ply}", last=last, ply=ply))
    key = cache_key(service.analysis_digest(record), ply, playouts)
    kept = cache.get(key)
    if kept is not None:
        return kept
    with slots(_pools(caller), hold=HOLD_SECONDS) as free:
        if not free:
            raise Busy(msg("the best moves are being worked out for other readers; try again in {seconds} seconds",
                           seconds=RETRY_SECONDS), retry_after=RETRY_SECONDS)
        kept = cache.get(key)  # worked out by another caller while we took the slots
        if kept is not None:
            return kept
        if states is None:
            states = registry_for(game).game(game.game_type).replay(record).states
        moves = service.hint(game, ply, playouts, record=record, states=states)
    cache.set(key, moves, KEEP_SECONDS)
    return moves


def _pools(caller: Caller | None) -> list[tuple[str, int]]:
    pools = []
    if caller is not None:
        pools.append((f"hint-caller:{caller.key}", 1))
        if caller.anonymous:
            pools.append(("hint-anonymous", settings.IMHOTEP_HINT_ANON_CONCURRENCY))
    pools.append(("hint", settings.IMHOTEP_HINT_CONCURRENCY))
    return pools
