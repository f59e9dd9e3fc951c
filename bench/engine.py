"""Playout speed of the engines (issue #40), CPU seconds on one core:

    .venv/bin/python bench/engine.py [--playouts 10000] [--pure 1500] [--per-ply 200] [--game duel]
                                 [--no-first-use]

Prints the load average and a baseline first: a research-style simplified Duel playout in plain
CPython (`simple_playout` below: place or unload, uniform random, no action tokens), so figures
taken at different loads compare. Then each game's section (`SECTIONS`):

- Duel: playouts per CPU second of the pure engine (`playout.weighted_playout`) and of the
  compiled kernel (rules_engine/duel/compiled/kernel.py, one batch of --playouts, and one playout per
  call as a hint's flat Monte-Carlo asks), from the opening and from ply 30; the whole-game
  analysis of a 58-ply Duel at --per-ply playouts per ply (`estimate` at every position, as
  games/analysis/service.py runs it), kernel vs pure; a hint at 400 playouts, flat (`rank_moves`,
  one playout a call) and by the service's tree search (`search`, leaf batches);
  the kernel's first use (compiling into an empty NUMBA_CACHE_DIR, then loading from it) and
  numba's import time, in fresh processes (--no-first-use skips them: minutes at load);
  numba + llvmlite's install size.

Goals (issue #40): Duel playouts ≥ 50,000 per CPU second; a whole Duel analysed at 200
playouts per ply in ≤ 0.2 CPU s. The base game's section is bench/engine_classic.py's (goals:
4-player playouts ≥ 15,000 per CPU second, its whole-game analysis ≤ 1 s); a game's section is
one entry in `SECTIONS`: a function of the parsed arguments that prints its lines.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules_engine.analysis import estimate, rank_moves, search  # noqa: E402
from rules_engine.analysis.mcts import leaf_batch  # noqa: E402
from rules_engine.duel.compiled import fastplay  # noqa: E402
from rules_engine.duel.playout import weighted_playout  # noqa: E402
from rules_engine.duel.plugin import DuelGame  # noqa: E402


def cpu(fn: Callable[[], object]) -> float:
    """CPU seconds of one call."""
    start = time.process_time()
    fn()
    return time.process_time() - start


# ---- the baseline: a simplified Duel in plain CPython ---------------------------------------

LINES = ((2, 1, 0), (5, 4, 3), (8, 7, 6), (6, 3, 0), (7, 4, 1), (8, 5, 2))  # nearest cell first


def simple_playout(rng: random.Random) -> int:
    """One simplified Duel: 60 tokens worth 0–4 points, 6 boats of 3 on a 3×3 harbor, 4 meeples
    each; a turn places a meeple or unloads a line of ≥ 2 meeples (slot 3 to the nearest),
    uniformly at random; an empty supply removes the boat; one boat left ends it. The winner."""
    supply = [v % 5 for v in range(60)]
    rng.shuffle(supply)
    boats = [supply[3 * b:3 * b + 3] for b in range(6)]
    supply = supply[18:57]
    cells = [-1] * 9
    home, points, live, me = [4, 4], [0, 0], [True] * 6, 0
    while sum(live) > 1:
        moves = [c for c in range(9) if cells[c] < 0] if home[me] else []
        moves += [9 + b for b in range(6) if live[b] and sum(cells[c] >= 0 for c in LINES[b]) >= 2]
        if not moves:
            me ^= 1
            continue
        move = moves[rng.randrange(len(moves))]
        if move < 9:
            cells[move] = me
            home[me] -= 1
        else:
            b, slot = move - 9, 2
            for c in LINES[b]:
                if cells[c] >= 0:
                    points[cells[c]] += boats[b][slot]
                    home[cells[c]] += 1
                    cells[c] = -1
                    slot -= 1
            if supply:
                boats[b], supply = supply[:3], supply[3:]
            else:
                live[b] = False
        me ^= 1
    return 0 if points[0] > points[1] else 1


def baseline(count: int = 3000) -> float:
    rng = random.Random(1)
    seconds = cpu(lambda: [simple_playout(rng) for _ in range(count)])
    return count / seconds


# ---- the Duel -------------------------------------------------------------------------------

class PureDuel(DuelGame):
    """The Duel with its compiled batch turned off: the analysis plays `weighted_playout`."""

    def fast_outcomes(self, state, rec, rng, count):
        return None


def duel_record() -> dict:
    duel = DuelGame()
    record = next(r for r in (duel.random_record(random.Random(s)) for s in range(500)) if len(r["moves"]) == 58)
    record["players"] = ["Ana", "Ben"]
    return record


FIRST_USE = """
import random, time
t, c = time.perf_counter(), time.process_time()
import numba
print(f"{time.perf_counter() - t:.3f} {time.process_time() - c:.3f}")
from rules_engine.duel.compiled import fastplay
from rules_engine.duel.plugin import DUEL
record = DUEL.random_record(random.Random(1))
fastplay.play(DUEL.setup(record), None, random.Random(1), 1)
print(f"{time.perf_counter() - t:.3f} {time.process_time() - c:.3f}")
"""


def first_use() -> None:
    """numba's import and the kernel's first use in fresh processes: compiled into an empty
    cache directory, then loaded from it."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        for label in ("compiled (empty cache)", "loaded from the cache"):
            out = subprocess.run([sys.executable, "-c", FIRST_USE], env=env, cwd=ROOT, capture_output=True,
                                 text=True, check=True).stdout.split()
            wall, cpu_s = float(out[2]) - float(out[0]), float(out[3]) - float(out[1])
            print(f"  kernel first use, {label}: {wall:.2f} s wall, {cpu_s:.2f} CPU s "
                  f"(import numba before it: {out[0]} s wall, {out[1]} CPU s)")


def install_size() -> None:
    import importlib.util

    def size(name: str) -> int:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            return 0
        folder = Path(next(iter(spec.submodule_search_locations)))
        return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())

    numba, llvmlite, numpy = (size(n) / 1e6 for n in ("numba", "llvmlite", "numpy"))
    print(f"  install size: numba {numba:.1f} MB + llvmlite {llvmlite:.1f} MB = {numba + llvmlite:.1f} MB "
          f"(numpy, also needed: {numpy:.1f} MB)")


def duel_section(args: argparse.Namespace) -> None:
    print("Duel")
    duel, pure = DuelGame(), PureDuel()
    record = duel_record()
    states = duel.replay(record).states
    fastplay.play(states[0], None, random.Random(0), 1)  # compiled or loaded before timing
    for ply in (0, 30):
        state, rng = states[ply], random.Random(ply)
        pure_rate = args.pure / cpu(lambda: [weighted_playout(state, rng) for _ in range(args.pure)])  # noqa: B023
        batch = args.playouts / cpu(lambda: fastplay.play(state, None, rng, args.playouts))  # noqa: B023
        ones = args.pure / cpu(lambda: [duel.fast_outcomes(state, record, rng, 1) for _ in range(args.pure)])  # noqa: B023
        print(f"  from ply {ply}: pure engine {pure_rate:,.0f} playouts/CPU s; kernel {batch:,.0f} "
              f"({batch / pure_rate:.0f}×) in a batch of {args.playouts:,}, {ones:,.0f} one per call "
              f"(goal ≥ 50,000)")
    for label, game in (("kernel", duel), ("pure engine", pure)):
        rng = random.Random(1)
        seconds = cpu(lambda: [estimate(game, s, record, playouts=args.per_ply, rng=rng) for s in states])  # noqa: B023
        print(f"  whole-game analysis, {len(states) - 1} plies, {args.per_ply} playouts per ply, {label}: "
              f"{seconds:.3f} CPU s (goal ≤ 0.2)")
    for label, game in (("kernel", duel), ("pure engine", pure)):
        rng = random.Random(3)
        seconds = cpu(lambda: rank_moves(game, states[20], record, playouts=400, rng=rng))  # noqa: B023
        print(f"  hint at ply 20 (flat Monte-Carlo, 400 playouts, one per call), {label}: {seconds:.3f} CPU s")
    for label, game in (("kernel", duel), ("pure engine", pure)):
        rng = random.Random(3)
        seconds = cpu(lambda: search(game, states[20], record, playouts=400, rng=rng))  # noqa: B023
        print(f"  hint at ply 20 (tree search, as the service's hints, 400 playouts in leaf batches of "
              f"{leaf_batch(400)}), {label}: {seconds:.3f} CPU s")
    if args.first_use:
        first_use()
    install_size()


def classic_section(args: argparse.Namespace) -> None:
    """The base game's figures (bench/engine_classic.py), with this run's counts."""
    import engine_classic  # bench/ is on sys.path when this file runs as a script

    engine_classic.section(argparse.Namespace(kernel_playouts=args.playouts, pure_playouts=max(100, args.pure // 5),
                                              analysis_playouts=args.per_ply))


SECTIONS: list[tuple[str, Callable[[argparse.Namespace], None]]] = [("duel", duel_section),
                                                                    ("classic", classic_section)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--playouts", type=int, default=10_000, help="kernel playouts per batch")
    parser.add_argument("--pure", type=int, default=1500, help="pure-engine playouts timed")
    parser.add_argument("--per-ply", type=int, default=200, help="playouts per ply of the whole-game analysis")
    parser.add_argument("--game", action="append", help="only these sections (default: all)")
    parser.add_argument("--no-first-use", dest="first_use", action="store_false",
                        help="skip compiling the kernel afresh in a new process")
    args = parser.parse_args()
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"baseline: simplified Duel in plain CPython, {baseline():,.0f} playouts/CPU s")
    for name, section in SECTIONS:
        if not args.game or name in args.game:
            section(args)
    print(f"load average after the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
