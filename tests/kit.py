"""The test kit: one way to make a random game record of either built-in game, the same for a
seed (the engine's own random playout: formats.md F2 for the Duel, F4 for the base game)."""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence

from rules_engine.classic.playout import random_record as classic_record
from rules_engine.registry import default_registry

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def random_record(seed: int, players: Sequence[str] | int | None = None, *, game: str = "duel",
                  moves: int | None = None, played_on: datetime.date | None = None) -> dict:
    """A whole game of random legal moves (or its first ``moves`` moves). ``players``: the
    names, or how many (the base game: 2–4; named Ana, Ben, Cleo, Dan); by default two for
    the Duel and four for the base game. ``played_on`` goes into the record's history."""
    count = players if isinstance(players, int) else len(players) if players else (2 if game == "duel" else 4)
    names = list(players) if players is not None and not isinstance(players, int) else list(NAMES[:count])
    rng = random.Random(seed)
    if game == "classic":
        record = classic_record(rng, players=count)
    else:
        record = default_registry().game(game).random_record(rng)
    record["players"] = names
    if moves is not None:
        record["moves"] = record["moves"][:moves]
    if played_on is not None:
        record["history"] = {"played_on": played_on.isoformat()}
    return record


def in_processes(target, *args, count: int = 4) -> None:
    """Run ``target(*args)`` in ``count`` forked processes at once and wait for them all (a
    minute at most): for what several workers of one machine must share."""
    import multiprocessing

    workers = [multiprocessing.get_context("fork").Process(target=target, args=args) for _ in range(count)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
