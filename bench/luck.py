"""What decided a game (issue #41, rules_engine/analysis/luck.py): CPU seconds per game and
puzzle candidates found (bench/puzzles.py re-checks them), over the demo club's games recorded
move by move (games/services/demo.py), on one core:

    .venv/bin/python bench/luck.py [--duels 8] [--others 6] [--playouts 200]
                                   [--move-playouts 12] [--deep 60]

Prints the load average first, then the baseline (one full win-chance analysis of the first
Duel, every position at --playouts, as games/analysis/service.py computes it: the cost luck
and skill add to it), then per game: plies, CPU and wall seconds, puzzles found, chance events,
and the largest |luck + skill - (result - start)| over its seats; then the totals."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imhotep_site.settings")

import django

django.setup()

from games.services.demo import demo_documents, other_documents  # noqa: E402
from rules_engine.analysis import estimate  # noqa: E402
from rules_engine.analysis.luck import luck_and_skill  # noqa: E402
from rules_engine.analysis.puzzles import candidates  # noqa: E402
from rules_engine.registry import default_registry  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--duels", type=int, default=8)
    parser.add_argument("--others", type=int, default=6)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--move-playouts", type=int, default=12)
    parser.add_argument("--deep", type=int, default=60)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    registry = default_registry()
    duels = [doc for kind, doc, _ in demo_documents() if kind == "record"][: args.duels]
    others = [doc for kind, doc, _ in other_documents()][: args.others]
    first = duels[0]
    duel = registry.game("duel")
    cpu = time.process_time()
    for ply, state in enumerate(duel.replay(first).states):
        estimate(duel, state, first, playouts=args.playouts, rng=random.Random(ply))
    print(f"baseline: win chances of Duel 1 at {args.playouts} playouts a position: "
          f"CPU {time.process_time() - cpu:.1f} s")
    total_cpu, total_puzzles, worst = 0.0, 0, 0.0
    for n, record in enumerate([*duels, *others], 1):
        game = registry.game(record.get("game") or "duel")
        start, cpu = time.perf_counter(), time.process_time()
        split = luck_and_skill(game, record, playouts=args.playouts, move_playouts=args.move_playouts,
                               deep_playouts=args.deep)
        found = candidates(split)
        seconds, wall = time.process_time() - cpu, time.perf_counter() - start
        off = max(abs(split.luck(s) + split.skill(s) - (split.result[s] - split.start[s]))
                  for s in range(len(split.start)))
        total_cpu, total_puzzles, worst = total_cpu + seconds, total_puzzles + len(found), max(worst, off)
        seats, plies = len(record["players"]), len(record["moves"])
        print(f"game {n:2d} {game.id:7s} {seats}p {plies:3d} plies: CPU {seconds:6.1f} s "
              f"(wall {wall:6.1f} s), {len(found)} puzzle candidates, "
              f"{sum(t.kind == 'chance' for t in split.terms):2d} chance events, sum off by {off:.1e}")
    games = len(duels) + len(others)
    print(f"total: {games} games, {total_puzzles} puzzle candidates ({total_puzzles / games:.2f} a game), "
          f"CPU {total_cpu / games:.1f} s a game; largest sum error {worst:.1e}")
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
