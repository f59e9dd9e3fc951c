"""The ratings check's cost (issue 33): the time to replay a 2,000-game and a 10,000-game rated
history through every system (games/services/ratings_check.py, computed, no cache), and the
page with its result cached under the history's version (warm) against the version just moved
(cold: computed again, as after a write). Median and fastest of ``--runs`` each.

    .venv/bin/python bench/ratings_check.py [--sizes 2000,10000] [--runs 5] [--game duel]

``--serve URL [--clients 10] [--seconds 20]``: instead, ten anonymous readers against a running
server with /healthz meanwhile (bench/read_probe.py, issue 38).

Generated finished games between 40 players (games/services/generated.py), production settings
(DEBUG off) on a SQLite file and a diskcache directory of the run's own, removed at the end.
docs/history.md ("Do the ratings predict anything?") keeps the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
if "--serve" in sys.argv:  # anonymous readers against a running server instead (bench/read_probe.py)
    from read_probe import main as probe

    probe(["ratings-check", sys.argv[sys.argv.index("--serve") + 1], *sys.argv[sys.argv.index("--serve") + 2:]])
    sys.exit(0)
from inprocess import production_django

_work = str(production_django("imhotep-ratings-check-"))

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from games.models import Game  # noqa: E402
from games.services import generated, history_version, ratings_check  # noqa: E402

warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic for this run
STATIC = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
          "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}


def timed(runs: int, before, action) -> tuple[float, float]:
    """Median and fastest (ms) of ``action()``, ``before()`` called (untimed) before each."""
    times = []
    for _ in range(runs):
        before()
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2000,10000", help="history sizes, growing (default 2000,10000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per line (default 5)")
    parser.add_argument("--game", default="duel", help="game type generated (default duel)")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    client = Client()
    url = f"/games/ratings-check?game={args.game}"
    nothing = lambda: None  # noqa: E731
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'games':>6} {'what':<34} {'median ms':>10} {'fastest ms':>11}")
    with override_settings(STORAGES=STATIC):
        for size in (int(s) for s in args.sizes.split(",")):
            start = time.perf_counter()
            generated.generate(size, 7, game_type=args.game)  # tops up to ``size``, ratings rebuilt
            built = time.perf_counter() - start
            games = Game.objects.filter(game_type=args.game).count()
            result = ratings_check.check(args.game)
            print(f"{games:>6} {'(history generated and rated in':<34} {built:>9.1f}s)")
            print(f"{games:>6} {'check, computed (no cache)':<34} "
                  "{:>10.1f} {:>11.1f}".format(*timed(args.runs, nothing, lambda: ratings_check.check(args.game))))
            client.get(url)  # warm-up: templates, connection
            page = lambda: client.get(url)  # noqa: E731
            print(f"{games:>6} {'page, history just changed (cold)':<34} "
                  "{:>10.1f} {:>11.1f}".format(*timed(args.runs, history_version.bump, page)))
            print(f"{games:>6} {'page, check cached (warm)':<34} "
                  "{:>10.1f} {:>11.1f}".format(*timed(args.runs, nothing, page)))
            shown = ", ".join(f"{s.key} {s.log_loss:.3f}/{s.accuracy:.0%}" for s in result.systems if s.log_loss)
            print(f"{'':>6} scored {result.scored} games: {shown} (log loss / favourite won)")


if __name__ == "__main__":
    main()
