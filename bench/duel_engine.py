"""Duel engine benchmark: ``.venv/bin/python bench/duel_engine.py [--games N] [--seed S]``.

Prints, on one core with a fixed seed:
- random full games per second (uniformly random legal moves, `playout.random_record`),
  and plies per second;
- the same through the public API (``rng.choice(legal_moves(s))`` + `apply_move` per ply),
  for comparison;
- median milliseconds to replay a 60-ply record with full validation (`record.replay`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a clone, as a script


from rules_engine.duel.game import apply_move, legal_moves, new_game, shuffled_supply
from rules_engine.duel.moves import Pass
from rules_engine.duel.playout import random_record
from rules_engine.duel.record import replay


def bench_playouts(games: int, seed: int) -> tuple[float, float]:
    """(games per second, plies per second) of `random_record`."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        plies += len(random_record(rng)["moves"])
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / elapsed


def bench_api_games(games: int, seed: int) -> float:
    """Games per second playing through legal_moves/apply_move (a new state every ply)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = new_game(supply=shuffled_supply(rng))
        while not state.over:
            moves = legal_moves(state)
            state = apply_move(state, moves[0] if moves == [Pass()] else rng.choice(moves))
    return games / (time.perf_counter() - start)


def record_of_plies(plies: int, seed: int) -> dict:
    """A finished random game of exactly ``plies`` moves (the first seed from ``seed`` on
    that gives one), or failing that the first ``plies`` moves of a longer game."""
    longer = None
    for s in range(seed, seed + 2000):
        record = random_record(random.Random(s))
        if len(record["moves"]) == plies:
            return record
        if longer is None and len(record["moves"]) > plies:
            longer = record
    assert longer is not None
    return {**longer, "moves": longer["moves"][:plies]}


def bench_replay(record: dict, repeats: int, states: bool = True) -> float:
    """Median milliseconds for `replay` (parse + validate every move + every state, or only
    the last one: ``states=False``, a batch)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        replay(record, states=states)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeats", type=int, default=500)
    args = parser.parse_args(argv)

    games_s, plies_s = bench_playouts(args.games, args.seed)
    print(f"random full games per second:   {games_s:8.0f}  (target >= 2000; {args.games} games, "
          f"seed {args.seed})")
    print(f"plies per second:               {plies_s:8.0f}")
    api_games = max(1, args.games // 5)
    print(f"  via legal_moves + apply_move: {bench_api_games(api_games, args.seed):8.0f} games/s "
          f"({api_games} games, a frozen state per ply)")
    record = record_of_plies(60, args.seed)
    finished = replay(record).finished
    ms = bench_replay(record, args.repeats)
    print(f"replay of a 60-ply record:      {ms:8.3f} ms median  (target <= 1 ms; "
          f"{'finished game' if finished else 'first 60 plies of a game'}, {args.repeats} runs)")
    batch = next(r for r in (random_record(random.Random(args.seed + s)) for s in range(500)) if len(r["moves"]) == 58)
    print(f"  in a batch (58 plies, only the last state kept): {bench_replay(batch, args.repeats, False):.3f} ms "
          f"median  (target <= 0.3 ms)")


if __name__ == "__main__":
    main()
