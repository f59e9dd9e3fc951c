"""Pairing speed of club events (games/events/pairing), CPU seconds on one core:

    .venv/bin/python bench/pairing.py [--swiss 200] [--tables 60] [--rounds 6] [--seed 1]
                                      [--edition dutch-2026 dutch-2025] [--library-engine]
                                      [--library-weights] [--check weights|engine|loop --sizes 20 200]

Prints the load average and a baseline (a fixed workload, so figures taken at different loads
compare), then, round by round, the CPU seconds to pair a two-seat Swiss of --swiss players by
each Dutch edition (swiss_dutch.py) and to seat a base-game event of --tables players (tables
of 3–4, branch and bound), each round played with random results; the figure that counts is
the slowest round. Goal: a 200-player Swiss round in at most 0.5 CPU s. --library-engine
measures the 2026 edition by caissify-pairings' own engine as it ships (networkx matchings,
pure Python), not with the compiled round loop the service runs it with
(games/events/pairing/dutch_2026.py, matching.py). --library-weights measures the
2025 edition with py4swiss's pair weights computed for every pair, not once per kind of pair
(games/events/pairing/pair_weights.py; both with the final brackets' bye preference
the service adds there). --check weights|engine|loop pairs --rounds random
rounds of events of --sizes players both ways (ours and the library's own; "loop": the
library's engine with the compiled matcher) and counts the equal pairings."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, nullcontext
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from caissify_pairings.engines.dutch import DutchEngine

from games.events.pairing import dutch_2026, matching, pair_weights
from games.events.pairing.swiss_dutch import EDITIONS, ENGINES, swiss_round
from games.events.pairing.tables import seat_round
from games.events.pairing.types import Board, Entrants, History
from games.events.standings import pair_points, table_points

#: What the service does beyond each library, by the edition it speeds: (edition, what to set
#: to switch it off: (module, name, the library's own)).
OURS = {
    # Every pair weighed by py4swiss's matcher (with the final brackets' bye preference,
    # pair_weights.FinalBracketsMatcher, which the service always pairs with).
    "weights": ("dutch-2025", [(pair_weights, "memoized", partial(pair_weights.memoized, kinds=False))]),
    "engine": ("dutch-2026", [(matching, "compiled", nullcontext), (dutch_2026, "ENGINE", DutchEngine)]),
    # The round loop and colours alone: the library's engine with the compiled matcher (quick
    # enough for 200-player rounds; that matcher is checked against networkx by "engine").
    "loop": ("dutch-2026", [(dutch_2026, "ENGINE", DutchEngine)]),
}


@contextmanager
def library_only(what: str) -> Iterator[None]:
    """The ``what`` edition paired by its library alone while the block runs."""
    kept = [(module, name, getattr(module, name)) for module, name, _ in OURS[what][1]]
    for module, name, own in OURS[what][1]:
        setattr(module, name, own)
    try:
        yield
    finally:
        for module, name, value in kept:
            setattr(module, name, value)


def _results(tables, rng: random.Random, pairs: bool) -> tuple[Board, ...]:
    out = []
    for t in tables:
        if t.bye:
            out.append(Board(seats=t.seats, points=(1.0,), bye=True))
            continue
        ranks = list(range(1, len(t.seats) + 1))
        rng.shuffle(ranks)
        points = pair_points(ranks) if pairs else table_points(ranks)
        out.append(Board(seats=t.seats, points=points, scores=tuple(rng.randint(10, 60) for _ in t.seats)))
    return tuple(out)


def run(players: int, rounds: int, seed: int, edition: str | None) -> list[float]:
    """CPU seconds of each round; ``edition`` None seats base-game tables."""
    rng = random.Random(seed)
    entrants = Entrants.drawn(list(range(1, players + 1)), seed)
    history = History()
    times = []
    for _ in range(rounds):
        start = time.process_time()
        tables = seat_round(entrants, history) if edition is None else swiss_round(entrants, history, rounds, edition)
        times.append(time.process_time() - start)
        history = History((*history.rounds, _results(tables, rng, edition is not None)))
    return times


def baseline() -> float:
    """CPU seconds of a fixed pure-Python workload (the same on every run)."""
    start = time.process_time()
    total = 0
    for i in range(3_000_000):
        total += i * i % 7
    return time.process_time() - start


def check(what: str, count: int, seed: int, sizes: tuple[int, int]) -> None:
    """``count`` random rounds of events of ``sizes`` players, 0–5 rounds played, each paired
    twice: ``what`` "weights", the 2025 edition with its pair weights once per kind
    (pair_weights.py) and with py4swiss's own; "engine", the 2026 edition with the compiled
    round loop (dutch_2026.py, matching.py) and by caissify-pairings' engine as it ships; "loop",
    the same against the library's engine with the compiled matcher (matching.py). Prints how
    many pairings are equal and each side's CPU seconds."""
    edition = OURS[what][0]

    def pairing(state: tuple[Entrants, History, int]) -> object:
        try:
            return ENGINES[edition](*state)
        except Exception as error:  # the library gives up on a round it cannot pair
            return repr(error)

    rng = random.Random(seed)
    same = 0
    cpu = {"ours": 0.0, "library": 0.0}
    for k in range(count):
        players, total = rng.randint(*sizes), rng.randint(5, 9)
        entrants = Entrants.drawn(list(range(1, players + 1)), rng.randrange(10**6))
        history = History()
        for _ in range(rng.randint(0, min(5, players - 2))):
            tables = swiss_round(entrants, history, total, edition)
            history = History((*history.rounds, _results(tables, rng, True)))
        got = {}
        for side, block in (("ours", nullcontext()), ("library", library_only(what))):
            with block:
                start = time.process_time()
                got[side] = pairing((entrants, history, total))
                cpu[side] += time.process_time() - start
        same += got["ours"] == got["library"]
        if got["ours"] != got["library"] or (k + 1) % 50 == 0:
            print(f"round {k + 1}: {players} players, round {len(history.rounds) + 1}, "
                  f"{'same' if got['ours'] == got['library'] else 'DIFFERENT'}", flush=True)
    print(f"{what}: {same} of {count} rounds paired the same; CPU s ours {cpu['ours']:.1f}, "
          f"the library's {cpu['library']:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--swiss", type=int, default=200)
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", nargs="*", default=list(EDITIONS), choices=EDITIONS)
    parser.add_argument("--library-engine", action="store_true")
    parser.add_argument("--library-weights", action="store_true")
    parser.add_argument("--check", choices=tuple(OURS))
    parser.add_argument("--sizes", type=int, nargs=2, default=(20, 200), metavar=("MIN", "MAX"))
    args = parser.parse_args()
    if args.check:
        print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
        check(args.check, args.rounds, args.seed, tuple(args.sizes))
        return
    switched = ExitStack()  # held to the end of the run: a dropped block would switch back
    for off, flag, said in (("weights", args.library_weights,
                              "the 2025 edition's pair weights by py4swiss for every pair, not once per kind"),
                             ("engine", args.library_engine,
                              "the 2026 edition by caissify-pairings' own engine (networkx matchings, pure Python)")):
        if flag:
            switched.enter_context(library_only(off))
            print(said)
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"baseline (3,000,000 additions): {baseline():.3f} CPU s")
    jobs = [(f"Swiss {e}", args.swiss, e) for e in args.edition] + [("base-game tables", args.tables, None)]
    for label, players, edition in jobs:
        times = run(players, args.rounds, args.seed, edition)
        rounds = " ".join(f"{t:.3f}" for t in times)
        print(f"{label}, {players} players: CPU s per round {rounds}; slowest {max(times):.3f}", flush=True)
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
