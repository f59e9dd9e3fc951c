"""The base game's compiled playout kernel against the pure engine (issue #40), on one core:

    .venv/bin/python bench/engine_classic.py [--kernel-playouts 10000] [--pure-playouts 300]
                                             [--analysis-playouts 200] [--no-pure-analysis]

Prints the load average, then the baseline (a plain-CPython simplified base-game playout written
here, research style: uniformly random get / place / sail, Pyramids A, Temple A, burial chamber
and obelisks counted, no market cards), then base-game playouts per CPU second for 2, 3 and 4
players, the pure engine (`playout.analysis_playout` and `ClassicGame.final_outcome`) beside the
kernel (`ClassicGame.fast_outcomes`, compiled before timing), the same for 4 players with Pyramids B
(C6.2, the test board data; a quarter of the kernel playouts), then the whole-game analysis of a
~90-ply 4-player base game at 200 playouts per ply (`analysis.estimate` at every position), CPU
seconds, kernel against pure. Goals (#40): 4-player playouts ≥ 15,000 per CPU second; the
whole-game analysis ≤ 1 s. `section(args)` prints the same for bench/engine.py.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a clone, as a script

from rules_engine.analysis import estimate
from rules_engine.classic.compiled import fastplay
from rules_engine.classic.game import setup
from rules_engine.classic.playout import analysis_playout, random_record
from rules_engine.classic.plugin import ClassicGame
from rules_engine.classic.sitecheck import from_mapping
from rules_engine.classic.sitedata import EMPTY, SiteData

GOAL_PLAYOUTS = 15_000  # 4 players, per CPU second (#40)
GOAL_ANALYSIS = 1.0  # CPU seconds, a 4-player game at 200 playouts per ply (#40)


class PureClassic(ClassicGame):
    """The base game without its kernel: the analysis plays `fast_playout` one by one."""

    def fast_outcomes(self, state, record, rng, count):  # type: ignore[no-untyped-def]
        return None


# --------------------------------------------------------------------------- the baseline

PYRAMID = (2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4)
CARDS4 = ((3, 3, 3, 2), (4, 4, 2, 1), (4, 4, 3, 2), (4, 3, 3, 2), (4, 3, 2, 2), (4, 4, 2, 2), (4, 3, 3, 3))


def simple_playout(n: int, rng: random.Random) -> list[int]:
    """A simplified base game played with uniformly random actions, as a research script would
    write it: 6 rounds, get 3 stones / place one / sail a loaded ship to a free site; pyramids
    score at once, the temple's top stones each round, the chamber and obelisks at the end."""
    quarry, sled, score = [30 - (2 + i) for i in range(n)], [2 + i for i in range(n)], [0] * n
    pyramid, temple, burial, obelisk = 0, [-1] * 5, [0] * n, [0] * n
    cards = rng.sample(CARDS4, 6)
    p = 0
    for r in range(6):
        ships = [[-1] * c for c in cards[r]]
        free_sites = [0, 1, 2, 3, 4]
        sailed = [False] * 4
        while not all(sailed):
            actions = []
            if sled[p] < 5 and quarry[p]:
                actions.append(("get",))
            for s, ship in enumerate(ships):
                if sailed[s]:
                    continue
                if sled[p] and -1 in ship:
                    actions.append(("place", s))
                if sum(x >= 0 for x in ship) >= max(1, len(ship) - 1):
                    actions.extend(("sail", s, site) for site in free_sites)
            if not actions:
                break
            a = rng.choice(actions)
            if a[0] == "get":
                k = min(3, 5 - sled[p], quarry[p])
                quarry[p] -= k
                sled[p] += k
            elif a[0] == "place":
                ship = ships[a[1]]
                ship[ship.index(-1)] = p
                sled[p] -= 1
            else:
                sailed[a[1]] = True
                free_sites.remove(a[2])
                for owner in ships[a[1]]:
                    if owner < 0:
                        continue
                    if a[2] == 0:
                        quarry[owner] += 1
                    elif a[2] == 1:
                        score[owner] += PYRAMID[pyramid] if pyramid < 14 else 1
                        pyramid += 1
                    elif a[2] == 2:
                        temple = [*temple[1:], owner]
                    elif a[2] == 3:
                        burial[owner] += 1
                    else:
                        obelisk[owner] += 1
            p = (p + 1) % n
        for owner in temple:
            if owner >= 0:
                score[owner] += 1
    for i in range(n):
        score[i] += burial[i] + 3 * obelisk[i] // 2
    return score


# --------------------------------------------------------------------------- measurements


def cpu_rate(run: Any, count: int) -> float:
    """``count`` divided by the CPU seconds ``run()`` takes."""
    cpu = time.process_time()
    run()
    return count / max(time.process_time() - cpu, 1e-9)


def playout_rates(players: int, kernel_count: int, pure_count: int, pyramids_b: bool = False) -> tuple[float, float]:
    """(pure, kernel) playouts per CPU second from the start of a seeded game (with Pyramids B,
    C6.2: the test board data's pyramids)."""
    data = board_data() if pyramids_b else EMPTY
    sides = {"pyramids": "B"} if pyramids_b else None
    game, rec = ClassicGame(data), random_record(random.Random(players), players, sides=sides, data=data)
    state = setup(rec, data)
    rng = random.Random(1)

    def pure() -> None:
        for _ in range(pure_count):
            game.final_outcome(analysis_playout(state, rng), rec)

    fastplay.outcomes(state, game.data, rec, rng, 10)  # compiled (or loaded from numba's cache) before timing
    return cpu_rate(pure, pure_count), cpu_rate(lambda: fastplay.outcomes(state, game.data, rec, rng, kernel_count),
                                                kernel_count)


def board_data() -> SiteData:
    """The TEST board data set (tests/data/board_data_test_set.json: invented numbers)."""
    raw = json.loads((Path(__file__).resolve().parents[1] / "tests" / "data" / "board_data_test_set.json").read_text())
    return from_mapping(raw["data"])


def whole_game(game: ClassicGame, record: dict[str, Any], playouts: int) -> float:
    """CPU seconds of `estimate` at every position of ``record``."""
    states = game.replay(record).states
    rng = random.Random(1)
    cpu = time.process_time()
    for state in states:
        estimate(game, state, record, playouts=playouts, rng=rng)
    return time.process_time() - cpu


def section(args: Any = None) -> dict[str, float]:
    """Print the base game's kernel figures (for bench/engine.py too); returns them by name."""
    kernel_count = getattr(args, "kernel_playouts", 10_000)
    pure_count = getattr(args, "pure_playouts", 300)
    playouts = getattr(args, "analysis_playouts", 200)
    figures: dict[str, float] = {}
    print(f"load average before the base-game section: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if fastplay.kernel() is None:
        print("base game: numba cannot be imported, no kernel figures")
        return figures
    rng = random.Random(7)
    figures["baseline"] = cpu_rate(lambda: [simple_playout(4, rng) for _ in range(1000)], 1000)
    print(f"baseline: {figures['baseline']:,.0f} simplified 4-player base-game playouts per CPU s (plain CPython)")
    for players in (2, 3, 4):
        pure, kernel = playout_rates(players, kernel_count, pure_count)
        figures[f"pure_{players}p"], figures[f"kernel_{players}p"] = pure, kernel
        goal = f"  (goal ≥ {GOAL_PLAYOUTS:,})" if players == 4 else ""
        print(f"base game {players}p playouts per CPU s: pure engine {pure:,.0f}, kernel {kernel:,.0f} "
              f"({kernel / pure:.0f}x; {kernel / figures['baseline']:.1f}x the baseline){goal}")
    pure, kernel = playout_rates(4, kernel_count // 4, pure_count, pyramids_b=True)
    figures["pure_4p_pyramids_b"], figures["kernel_4p_pyramids_b"] = pure, kernel
    print(f"base game 4p with Pyramids B (test board data) playouts per CPU s: pure engine {pure:,.0f}, "
          f"kernel {kernel:,.0f} ({kernel / pure:.0f}x; {kernel / figures['baseline']:.1f}x the baseline)")
    games = (random_record(random.Random(s), players=4) for s in range(500))
    big = next(r for r in games if 85 <= len(r["moves"]) <= 95)
    whole_game(ClassicGame(), random_record(random.Random(0), players=4), 2)  # compiled before timing
    figures["analysis_kernel"] = whole_game(ClassicGame(), big, playouts)
    line = (f"whole-game analysis, base game 4p, {len(big['moves'])} plies, {playouts} playouts per ply: "
            f"kernel {figures['analysis_kernel']:.2f} CPU s (goal ≤ {GOAL_ANALYSIS:g} s)")
    if not getattr(args, "no_pure_analysis", False):
        figures["analysis_pure"] = whole_game(PureClassic(), big, playouts)
        line += f", pure engine {figures['analysis_pure']:.1f} CPU s"
    print(line)
    print(f"load average after the base-game section: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kernel-playouts", type=int, default=10_000)
    parser.add_argument("--pure-playouts", type=int, default=300)
    parser.add_argument("--analysis-playouts", type=int, default=200)
    parser.add_argument("--no-pure-analysis", action="store_true", help="skip the pure engine's whole-game analysis")
    section(parser.parse_args(argv))


if __name__ == "__main__":
    main()
