"""The bot's five levels measured against each other (issue #40, docs/bots.md):

    .venv/bin/python bench/bots.py [--games 400] [--games-3p N] [--only duel|classic] [--seed 1]
                                   [--entrants L1,L2,L3,L4,L5,hint] [--ladder] [--workers N] [--minutes M]

A round robin between the levels 1–5 (rules_engine/analysis/bots.py) and today's hint engine
(flat Monte-Carlo `rank_moves`, 200 playouts per move): for the Duel, ``--games`` games per
pair, seats alternating; for the 3-player base game, every triple of entrants plays
``ceil(games / (entrants - 2))`` games, the seats rotating, so every pair meets at least
``--games-3p`` times. ``--entrants`` plays a subset (a quicker look); ``--ladder`` lets only
neighbours meet (in 3-player games each neighbouring pair with the hint engine as third);
``--workers`` plays games in that many processes (the CPU seconds are summed over them);
``--minutes`` stops a game type's games after that long (played in a seeded random order, so
every pairing keeps about its share) and rates what was played.
Every game is dealt by `GameType.new_record` from its own seed.

Rated with openskill's Plackett-Luce model (a dependency already: games/services/ratings.py),
the games fed in a seeded random order; each entrant's mu with its 95 % interval
(mu ± 1.96 sigma) and the same on an Elo-like scale (1 mu ≈ 29.5 points: a difference ``d`` of
mu gives the stronger a chance of logistic(d / (beta·√2)) to finish ahead, which is an Elo
difference of d·400 / (ln 10 · beta·√2)). Also: how often the top level finishes ahead of the
hint engine (a Wilson 95 % interval), each neighbouring pair of levels' Elo-like difference with
its 95 % interval (goal: at least 100 points) and head-to-head share, the CPU seconds of each
game type, the load average before and after, and a baseline measured in the same run (random
Duel playouts per second)."""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import os
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from openskill.models import PlackettLuce

from rules_engine.analysis import estimate, rank_moves
from rules_engine.analysis.bots import LEVELS, choose_move
from rules_engine.registry import default_registry

HINT = "hint"
ENTRANTS = [f"L{lvl.number}" for lvl in LEVELS] + [HINT]
Z95 = 1.96
BETA = 25 / 6  # openskill's default
ELO_PER_MU = 400 / (math.log(10) * BETA * math.sqrt(2))


def move_of(entrant: str, game_type, state, record, rng: random.Random):
    if entrant == HINT:  # today's hint engine: flat Monte-Carlo, 200 playouts for the move
        return rank_moves(game_type, state, record, playouts=200, rng=rng, top=1)[0].move
    return choose_move(game_type, state, record, int(entrant[1:]), rng)


def play(game_type, seats: list[str], seed: int) -> list[int]:
    """One game with ``seats[i]`` playing seat i; each seat's finishing rank (0 best, ties share)."""
    rng = random.Random(seed)
    record = game_type.new_record([f"P{i}" for i in range(len(seats))], rng)
    state = game_type.setup(record)
    while not game_type.is_over(state):
        state = game_type.apply(state, move_of(seats[game_type.to_move(state)], game_type, state, record, rng))
    outcome = game_type.final_outcome(state, record)
    scores = outcome.scores or [0] * len(seats)
    # Winners first (they hold the tie-breaks), then by final total.
    key = [(0 if i in outcome.winners else 1, -scores[i]) for i in range(len(seats))]
    return [sorted(key).index(k) for k in key]


def pairs(entrants: list[str], ladder: bool) -> list[tuple[str, ...]]:
    """Every pair of entrants (a round robin), or with ``ladder`` only the neighbours in order
    (L1–L2, …, L4–L5, L5–hint): the pairs the goals compare, at a third of the cost."""
    if ladder:
        return list(itertools.pairwise(entrants))
    return list(itertools.combinations(entrants, 2))


def schedule(players: int, games: int, entrants: list[str], ladder: bool = False) -> list[list[str]]:
    if players == 2:
        return [list(pair if n % 2 == 0 else pair[::-1])
                for pair in pairs(entrants, ladder) for n in range(games)]
    if ladder:  # each neighbouring pair with the hint engine (or the level below the top) as third
        triples = [(a, b, HINT if b != HINT else entrants[-3]) for a, b in pairs(entrants, True)]
        triples = [t for t in triples if len(set(t)) == 3]
        out = []
        for triple in triples:
            for n in range(games):
                out.append([triple[(i + n) % 3] for i in range(3)])
        return out
    per_triple = math.ceil(games / (len(entrants) - 2))  # each pair sits in n - 2 of the triples
    out = []
    for triple in itertools.combinations(entrants, 3):
        for n in range(per_triple):
            out.append([triple[(i + n) % 3] for i in range(3)])
    return out


class _Serial:
    """A pool of one: the games played in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn, jobs, chunksize=1):
        return map(fn, jobs)


def wilson(wins: float, n: int) -> tuple[float, float]:
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return centre - half, centre + half


def _one(job: tuple[str, list[str], int]) -> tuple[list[str], list[int], float]:
    game_id, seats, seed = job
    cpu = time.process_time()
    ranks = play(default_registry().game(game_id), seats, seed)
    return seats, ranks, time.process_time() - cpu


def elo(mu: float) -> float:
    return 1500 + (mu - 25) * ELO_PER_MU


def apart(low, high) -> tuple[float, float, float]:
    """How far ``high`` is above ``low`` on the Elo-like scale, with its 95 % interval: the two
    ratings' sigmas are independent in the model, so the difference's is √(σ₁² + σ₂²)."""
    diff = (high.mu - low.mu) * ELO_PER_MU
    half = Z95 * math.hypot(low.sigma, high.sigma) * ELO_PER_MU
    return diff, diff - half, diff + half


def round_robin(game_id: str, players: int, games: int, seed: int, entrants: list[str],
                ladder: bool = False, workers: int = 1, minutes: float | None = None) -> None:
    plan = schedule(players, games, entrants, ladder)
    jobs = [(game_id, seats, seed * 100_000 + n) for n, seats in enumerate(plan)]
    # Played in a seeded random order, so a run cut short by --minutes still has every pairing
    # in about its planned share (the schedule lists each pairing's games together).
    random.Random(seed).shuffle(jobs)
    results = []
    cpu = 0.0
    deadline = time.monotonic() + minutes * 60 if minutes else None
    # Each game is dealt and played from its own seed, so the results do not depend on --workers.
    with multiprocessing.get_context("fork").Pool(workers) if workers > 1 else _Serial() as pool:
        for n, (seats, ranks, spent) in enumerate(pool.imap(_one, jobs, chunksize=1)):
            results.append((seats, ranks))
            cpu += spent
            print(f"  {game_id}: game {n + 1}/{len(plan)} {seats} ranks {ranks}", file=sys.stderr, flush=True)
            if deadline is not None and time.monotonic() > deadline:
                print(f"  {game_id}: --minutes {minutes:g} reached after {n + 1} of {len(plan)} games",
                      file=sys.stderr, flush=True)
                break
    model = PlackettLuce()
    ratings = {e: model.rating(name=e) for e in entrants}
    order = list(range(len(results)))
    random.Random(seed).shuffle(order)
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    met: dict[tuple[str, str], int] = defaultdict(int)
    for i in order:
        seats, ranks = results[i]
        rated = model.rate([[ratings[e]] for e in seats], ranks=ranks)
        for e, (r,) in zip(seats, rated, strict=True):
            ratings[e] = r
        for a, b in itertools.permutations(range(len(seats)), 2):
            met[seats[a], seats[b]] += 1
            ahead[seats[a], seats[b]] += 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0
    if not results:
        print(f"\n{game_id}: no game finished within the budget")
        return
    print(f"\n{game_id}, {players} players: {len(results)} games, {cpu:.0f} CPU s "
          f"({cpu / max(1, len(results)):.1f} CPU s a game)")
    print(f"  {'entrant':8} {'mu':>6} {'95 % interval':>16} {'Elo-like':>9} {'95 % interval':>14}")
    for e in entrants:
        r = ratings[e]
        lo, hi = r.mu - Z95 * r.sigma, r.mu + Z95 * r.sigma
        print(f"  {e:8} {r.mu:6.2f} [{lo:6.2f}, {hi:6.2f}] {elo(r.mu):9.0f} [{elo(lo):5.0f}, {elo(hi):5.0f}]")
    levels = [e for e in entrants if e != HINT]
    top = levels[-1]
    n, won = met[top, HINT], ahead[top, HINT]
    lo, hi = wilson(won, n)
    print(f"  {top} ahead of the hint engine in {won:g} of {n} meetings "
          f"({won / max(1, n):.0%}, 95 % [{lo:.0%}, {hi:.0%}]; goal ≥ 65 %: "
          f"{'met' if n and won / n >= 0.65 else 'NOT met'}{'' if lo >= 0.65 or not n else ', lower bound below'})")
    for a, b in itertools.pairwise(levels):
        n = met[b, a]
        diff, low, high = apart(ratings[a], ratings[b])
        share_lo, share_hi = wilson(ahead[b, a], n)
        verdict = ("met, lower bound included" if low >= 100 else
                   "estimate met, interval too wide to show it" if diff >= 100 else "NOT met")
        print(f"  {b} above {a}: {diff:+.0f} Elo-like points, 95 % [{low:+.0f}, {high:+.0f}] (goal ≥ 100: {verdict}); "
              f"ahead in {ahead[b, a]:g} of {n} meetings ({ahead[b, a] / max(1, n):.0%}, "
              f"95 % [{share_lo:.0%}, {share_hi:.0%}])")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400, help="Duel games per pair of entrants (default 400)")
    parser.add_argument("--games-3p", type=int, default=None,
                        help="3-player base games each pair meets in at least (default: --games)")
    parser.add_argument("--only", choices=("duel", "classic"), default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ladder", action="store_true",
                        help="only neighbouring entrants meet (L1–L2 … L5–hint) instead of every pair")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games (default 1)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop each game type's games after this many minutes and rate what was played")
    parser.add_argument("--entrants", default=",".join(ENTRANTS),
                        help=f"who plays, comma-separated (default all: {','.join(ENTRANTS)})")
    args = parser.parse_args()
    entrants = [e for e in ENTRANTS if e in args.entrants.split(",")]
    if len(entrants) < 3 or entrants[-1] != HINT:
        parser.error("--entrants: at least two levels and the hint engine")
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    duel = default_registry().game("duel")
    record = duel.new_record(["Ana", "Ben"], random.Random(2))
    start, cpu = time.perf_counter(), time.process_time()
    estimate(duel, duel.setup(record), record, playouts=500, rng=random.Random(2))
    print(f"baseline: {500 / (time.perf_counter() - start):,.0f} Duel playouts/s from the opening "
          f"({500 / (time.process_time() - cpu):,.0f} per CPU second)")
    print("levels: " + "; ".join(f"L{lvl.number} {lvl.playouts} playouts, random move {lvl.blunder:.0%}, "
                                 f"temperature {lvl.temperature}" for lvl in LEVELS))
    if args.only in (None, "duel"):
        round_robin("duel", 2, args.games, args.seed, entrants, args.ladder, args.workers,
                    args.minutes)
    if args.only in (None, "classic"):
        round_robin("classic", 3, args.games_3p if args.games_3p is not None else args.games, args.seed, entrants,
                    args.ladder, args.workers, args.minutes)
    print(f"\nload average after the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
