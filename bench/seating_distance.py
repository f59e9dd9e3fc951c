"""How far from their standing group players sit at base-game tables (tables.py), over
simulated rounds:

    .venv/bin/python bench/seating_distance.py [--players 22] [--events 10] [--rounds 5] [--seed 1]

Each round the players are ranked by standing (points, scores, lot) and cut into groups of the
round's table sizes in order (the leaders' group, the next, …): the group a player would sit
in were repeat meetings no concern. The distance is how many tables away from that group's
table the seating put them. Prints the load average, the count of player-rounds at each
distance, the largest distance, and the rounds with any repeat meeting."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.events.pairing.tables import ranking, seat_round, table_sizes
from games.events.pairing.types import Board, Entrants, History
from games.events.standings import table_points


def distances(entrants: Entrants, history: History, tables) -> list[int]:
    order = ranking(entrants, history)
    group, at = {}, 0
    for i, size in enumerate(table_sizes(len(order))):
        for p in order[at:at + size]:
            group[p] = i
        at += size
    return [abs(t.number - 1 - group[p]) for t in tables if not t.bye for p in t.seats]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=22)
    parser.add_argument("--events", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    counts: Counter = Counter()
    repeats = 0
    for event in range(args.events):
        rng = random.Random(args.seed * 1000 + event)
        entrants = Entrants.drawn(list(range(1, args.players + 1)), args.seed * 1000 + event)
        history = History()
        for _ in range(args.rounds):
            tables = seat_round(entrants, history)
            counts.update(distances(entrants, history, tables))
            met = history.met()
            repeats += any(frozenset((a, b)) in met for t in tables for a in t.seats for b in t.seats if a < b)
            boards = []
            for t in tables:
                ranks = list(range(1, len(t.seats) + 1))
                rng.shuffle(ranks)
                boards.append(Board(seats=t.seats, points=table_points(ranks),
                                    scores=tuple(rng.randint(10, 60) for _ in t.seats)))
            history = History((*history.rounds, tuple(boards)))
    total = sum(counts.values())
    print(f"{args.events * args.rounds} rounds of {args.players} players ({args.events} events of "
          f"{args.rounds} rounds): {total} player-rounds")
    for d in sorted(counts):
        print(f"  {d} table(s) from their standing group: {counts[d]} ({100 * counts[d] / total:.1f} %)")
    print(f"largest distance: {max(counts)}; rounds with a repeat meeting: {repeats}")


if __name__ == "__main__":
    main()
