"""Pairing speed of club events (games/events/pairing), on one core:

    .venv/bin/python bench/pairing.py [--duel 200] [--tables 60] [--rounds 6] [--seed 1]

Prints the load average first, then, round by round, the seconds to pair a Duel Swiss of
--duel players (FIDE Dutch, py4swiss) and to seat a base-game event of --tables players
(tables of 3–4, branch and bound), each round played with random results; the figure that
counts is the slowest round. Goal: under 2 s each on the project's machine."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.events.pairing.standings import pair_points, place_points
from games.events.pairing.swiss_dutch import swiss_round
from games.events.pairing.tables import seat_round
from games.events.pairing.types import Board, Entrants, History


def _results(tables, rng: random.Random, duel: bool) -> tuple[Board, ...]:
    out = []
    for t in tables:
        if t.bye:
            out.append(Board(seats=t.seats, points=(1.0,), bye=True))
            continue
        ranks = list(range(1, len(t.seats) + 1))
        rng.shuffle(ranks)
        points = pair_points(ranks) if duel else place_points(ranks)
        out.append(Board(seats=t.seats, points=points, scores=tuple(rng.randint(10, 60) for _ in t.seats)))
    return tuple(out)


def run(players: int, rounds: int, seed: int, duel: bool) -> list[float]:
    rng = random.Random(seed)
    entrants = Entrants.drawn(list(range(1, players + 1)), seed)
    history = History()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        tables = swiss_round(entrants, history, rounds) if duel else seat_round(entrants, history)
        times.append(time.perf_counter() - start)
        history = History((*history.rounds, _results(tables, rng, duel)))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duel", type=int, default=200)
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    for label, players, duel in (("Duel Swiss", args.duel, True), ("base-game tables", args.tables, False)):
        times = run(players, args.rounds, args.seed, duel)
        rounds = " ".join(f"{t:.3f}" for t in times)
        print(f"{label}, {players} players: per round {rounds} s; slowest {max(times):.3f} s")


if __name__ == "__main__":
    main()
