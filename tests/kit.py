"""The test kit: one way to make a random game record of any registered game, the same for a
seed (the game's `GameType.random_record`: formats.md F2 for the Duel, F4 for the base game)."""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence

from rules_engine.registry import default_registry

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def random_record(seed: int, players: Sequence[str] | int | None = None, *, game: str = "duel",
                  sides: Mapping[str, str] | None = None, moves: int | None = None,
                  played_on: datetime.date | None = None) -> dict:
    """A whole game of random legal moves (or its first ``moves`` moves), made by the game's
    `GameType.random_record` with the board data in force. ``players``: the names, or how many
    (named Ana, Ben, Cleo, Dan); by default the game draws the count (the Duel: two). ``sides``:
    by default the game draws them among those it can play. ``played_on`` goes into the
    record's history."""
    count = players if isinstance(players, int) else len(players) if players else None
    record = default_registry().game(game).random_record(random.Random(seed), players=count, sides=sides)
    n = len(record["players"])
    record["players"] = list(players) if players is not None and not isinstance(players, int) else list(NAMES[:n])
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


def run_script(script: str):
    """``script`` run by this Python in a fresh process at the project's root (e.g. with numba
    made unimportable first): its exit code, stdout and stderr, within five minutes."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    return subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=300,
                          check=False)
