"""The analysis's win chance checked on the demo club (issue 41, "a win chance that proves
itself"): every finished recorded game of the demo club (`manage.py load_demo`, as `make run`
loads it) analysed by the service as a worker would (games.analysis.service.run_analysis, the
configured playouts), then the calibration (games/services/win_calibration.py) per game type:
its games, chances, expected calibration error and bins (each with its number of games and its
95 % interval from resampling whole games, as the page), and what it costs to work out (no
cache) beside the ratings check of the same games in the same run (the baseline), median of
``--runs``. Prints the load average before and after.

    .venv/bin/python bench/win_calibration.py [--playouts 200] [--runs 5] [--game duel]

Production settings (DEBUG off) on a SQLite file and a cache directory of the run's own,
removed at the end. docs/history.md ("Does the analysis's win chance come true?") keeps the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inprocess import production_django

_work = str(production_django("imhotep-win-calibration-"))

from django.core.management import call_command  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from games.analysis import service  # noqa: E402
from games.analysis.models import GameAnalysis  # noqa: E402
from games.models import Game  # noqa: E402
from games.services import ratings_check, win_calibration  # noqa: E402
from games.services.records import record_of  # noqa: E402
from rules_engine import ENGINE_VERSION  # noqa: E402


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def median_ms(runs: int, action) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--playouts", type=int, default=200, help="playouts per position (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each check (default 5)")
    parser.add_argument("--game", action="append", help="only this game type (repeatable; default every one)")
    args = parser.parse_args()
    print(f"load average before the run: {load()}")
    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    with override_settings(IMHOTEP_ANALYSIS_PLAYOUTS=args.playouts):
        for game_type in args.game or sorted(set(Game.objects.filter(
                status=Game.Status.FINISHED, source=Game.Source.RECORDED).values_list("game_type", flat=True))):
            games = list(Game.objects.filter(game_type=game_type, status=Game.Status.FINISHED,
                                             source=Game.Source.RECORDED, parent__isnull=True).order_by("pk"))
            cpu = []
            for game in games:
                record = record_of(game)
                analysis = GameAnalysis.objects.create(
                    game=game, engine_version=ENGINE_VERSION, record_hash=service.analysis_digest(record),
                    playouts=args.playouts, plies_total=len(record["moves"]) + 1)
                start = time.process_time()
                service.run_analysis(analysis.pk)
                cpu.append(time.process_time() - start)
            check = win_calibration.calibration(game_type)
            rated = ratings_check.check(game_type).ratings
            print(f"\n{game_type}: {len(games)} games analysed at {args.playouts} playouts per position, "
                  f"CPU seconds per game median {statistics.median(cpu):.2f}, total {sum(cpu):.1f}")
            ece = f"{check.ece * 100:.1f} percentage points" if check.ece is not None else "none"
            if check.ece_interval_percent is not None:
                low, high = check.ece_interval_percent
                ece += f" (95 % by game: {low:.1f} to {high:.1f}; {check.spread.resamples} resamples)"
            print(f"  calibration: {check.games} games with a single winner, {check.positions} chances, ECE {ece}")
            if rated and rated.log_loss is not None:
                print(f"  the ratings' log loss on the same history: {rated.log_loss:.3f} over {rated.games} games")
            print(f"  {'bin':<10} {'games':>6} {'chances':>8} {'mean predicted':>15} {'won':>6} {'95 % by game':>14}")
            for row in check.rows:
                if not row.count:
                    continue
                if not row.enough:  # as the page: too few games to say
                    print(f"  {row.low:.1f}–{row.high:.1f}  {row.games:>6} {row.count:>8} {row.mean_predicted:>15.3f} "
                          f"  fewer than {check.min_games} games")
                    continue
                low, high = row.interval or (float("nan"), float("nan"))
                print(f"  {row.low:.1f}–{row.high:.1f}  {row.games:>6} {row.count:>8} {row.mean_predicted:>15.3f} "
                      f"{row.observed:>6.3f}   {low:.3f}–{high:.3f}")
            own = median_ms(args.runs, lambda gt=game_type: win_calibration.calibration(gt))
            baseline = median_ms(args.runs, lambda gt=game_type: ratings_check.check(gt))
            print(f"  cost, median of {args.runs}: calibration {own:.1f} ms, "
                  f"ratings check (baseline) {baseline:.1f} ms")
    print(f"\nload average after the run: {load()}")


if __name__ == "__main__":
    main()
