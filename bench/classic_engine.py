"""Base-game engine benchmark: ``.venv/bin/python bench/classic_engine.py [--games N] [--players P] [--seed S]``.

Prints, on one core with a fixed seed, for 2, 3 and 4 players (or only ``--players``):
- random full games per second (uniformly random legal moves, `playout.random_record`),
  plies per second, and games per CPU second (the same, robust to a busy machine);
- the median milliseconds to replay one such record with full validation (`record.replay`,
  a frozen state per ply).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a clone, as a script


from rules_engine.classic.playout import random_record
from rules_engine.classic.record import replay

TARGET_GAMES_PER_SECOND = 500  # 4 players (the helper brief's target)


def bench_playouts(games: int, players: int, seed: int) -> tuple[float, float, float, list[dict]]:
    """(games per second, plies per second, games per CPU second, a few of the records) of
    `random_record`. The CPU-second figure does not suffer when other processes share the core."""
    rng = random.Random(seed)
    plies = 0
    kept = []
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        rec = random_record(rng, players)
        plies += len(rec["moves"])
        if i < 20:
            kept.append(rec)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return games / elapsed, plies / elapsed, games / cpu, kept


def bench_replay(records: list[dict], repeats: int) -> float:
    """Median milliseconds for `replay` (parse + validate every move + freeze every state)."""
    times = []
    for _ in range(repeats):
        for rec in records:
            start = time.perf_counter()
            replay(rec)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    for players in (args.players,) if args.players else (2, 3, 4):
        games_s, plies_s, games_cpu, kept = bench_playouts(args.games, players, args.seed)
        target = f" (target >= {TARGET_GAMES_PER_SECOND})" if players == 4 else ""
        print(
            f"{players} players: {games_s:8.0f} random full games/s{target}, {plies_s:9.0f} plies/s, "
            f"{games_cpu:6.0f} games per CPU second ({args.games} games, seed {args.seed})"
        )
        ms = bench_replay(kept, args.repeats)
        plies = statistics.median(len(r["moves"]) for r in kept)
        print(
            f"           {ms:8.2f} ms median to replay a whole record (~{plies:.0f} plies, {len(kept)} records "
            f"x {args.repeats})"
        )


if __name__ == "__main__":
    main()
