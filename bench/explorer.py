"""The explorer over a big club, in process: N recorded Duels (default 10,000, with their moves,
between 40 players over four years) are stored, the explorer's facts of every game worked out
(the build: `games.services.explorer.fill`, what ``manage.py explorer_facts`` runs), then each
of a few filters answered ``--runs`` times, cold (the history's version moved before each
answer, so it is counted again from the rows) and warm (kept in the cache), as the service
call and as the page (Django's test client). Prints the load average before the run, the
build time, and median/p95 per line.

    .venv/bin/python bench/explorer.py [--games 10000] [--runs 20]

``--serve URL [--clients 10] [--seconds 20]``: instead, ten anonymous readers against a running
server with /healthz meanwhile (bench/read_probe.py, issue 38).

Production settings (DEBUG off) on a SQLite file and a diskcache directory of the run's own,
removed at the end.
"""

import argparse
import datetime
import os
import random
import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
if "--serve" in sys.argv:  # anonymous readers against a running server instead (bench/read_probe.py)
    from read_probe import main as probe

    probe(["explorer", sys.argv[sys.argv.index("--serve") + 1], *sys.argv[sys.argv.index("--serve") + 2:]])
    sys.exit(0)
from inprocess import production_django

production_django("imhotep-explorer-")

from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from games import registered_games  # noqa: E402
from games.models import Game, Move, Player, Result, Seat  # noqa: E402
from games.services import explorer, history_version  # noqa: E402
from games.services.recording import RECORD_HEADER_EXCLUDES  # noqa: E402
from games.services.results import result_rows  # noqa: E402
from rules_engine import ENGINE_VERSION  # noqa: E402
from rules_engine.registry import default_registry  # noqa: E402

warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic for this run
STATIC = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
          "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
POOL = 400  # distinct random games the stored ones are drawn from
PLAYERS = 40
BATCH = 1000
FIRST_DAY = datetime.date(2022, 1, 1)


def store_games(n: int, seed: int = 1) -> None:
    """``n`` finished recorded Duels with their moves, seats and results, bulk-inserted (no
    facts: the build works them out)."""
    rng = random.Random(seed)
    game = default_registry().game("duel")
    pool = []
    for _ in range(POOL):
        record = game.random_record(random.Random(rng.getrandbits(64)))
        record["sides"] = {part: rng.choice(options) for part, options in game.sides.items()}
        pool.append((record, result_rows(default_registry().replay(record, states=False).score().to_json())))
    colours = registered_games.default_colours("duel")
    versions = registered_games.versions("duel", [])
    with transaction.atomic():
        players = [Player.objects.get_or_create(name=f"Explorer player {i:02}")[0] for i in range(PLAYERS)]
        for start in range(0, n, BATCH):
            picks = [(*rng.choice(pool), rng.sample(players, 2)) for _ in range(min(BATCH, n - start))]
            games = Game.objects.bulk_create(
                Game(game_type="duel", sides=record["sides"], source=Game.Source.RECORDED,
                     played_on=FIRST_DAY + datetime.timedelta(days=rng.randrange(4 * 365)),
                     status=Game.Status.FINISHED, engine_version=ENGINE_VERSION, plugin_versions=versions,
                     header={k: v for k, v in record.items() if k not in RECORD_HEADER_EXCLUDES})
                for record, _, _ in picks)
            seats = Seat.objects.bulk_create(
                Seat(game=stored, player=who, order=i, colour=colours[i], started=i == 0)
                for stored, (_, _, seated) in zip(games, picks, strict=True) for i, who in enumerate(seated))
            Result.objects.bulk_create(Result(seat=seat, **row) for seat, row in
                                       zip(seats, (row for _, rows, _ in picks for row in rows), strict=True))
            Move.objects.bulk_create(Move(game=stored, ply=k, data=move)
                                     for stored, (record, _, _) in zip(games, picks, strict=True)
                                     for k, move in enumerate(record["moves"]))
    history_version.bump()


def timed(answer, forget, runs: int) -> tuple[float, float]:
    """Median and p95 (ms) of ``answer()``, ``forget()`` called before each."""
    times = []
    for _ in range(runs):
        forget()
        start = time.perf_counter()
        answer()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[max(int(len(times) * 0.95) - 1, 0)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="recorded Duels (default 10000)")
    parser.add_argument("--runs", type=int, default=20, help="answers per line (default 20)")
    args = parser.parse_args()
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    store_games(args.games)
    print(f"stored {args.games} recorded Duels in {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    done = explorer.fill()
    print(f"build: facts of {done} games worked out in {time.perf_counter() - start:.1f} s")

    some = Player.objects.filter(name__startswith="Explorer player").order_by("pk")
    ana, ben = some[0].pk, some[1].pk
    filters = [
        ("every game", explorer.Filters("duel"), "game=duel"),
        ("obelisk B", explorer.Filters("duel", sides=(("obelisk", "B"),)), "game=duel&side_obelisk=B"),
        ("one player", explorer.Filters("duel", players=(ana,)), f"game=duel&player={ana}"),
        ("two players, one year", explorer.Filters("duel", players=(ana, ben), date_from=datetime.date(2024, 1, 1),
                                                   date_to=datetime.date(2024, 12, 31)),
         f"game=duel&player={ana}&player={ben}&date_from=2024-01-01&date_to=2024-12-31"),
        ("period and two sides", explorer.Filters("duel", date_from=datetime.date(2023, 1, 1),
                                                  sides=(("obelisk", "A"), ("temple", "B"))),
         "game=duel&date_from=2023-01-01&side_obelisk=A&side_temple=B"),
    ]
    client = Client()
    nothing = lambda: None  # noqa: E731
    print(f"{'answer':<42} {'games':>6} {'cold median/p95':>18} {'warm median/p95':>18}")
    with override_settings(STORAGES=STATIC):
        client.get("/games/explorer?game=duel")  # warm-up: templates, connection
        for label, chosen, query in filters:
            games = explorer.explore(chosen).games
            for kind, answer in (("service", lambda chosen=chosen: explorer.explore(chosen)),
                                 ("page", lambda query=query: client.get(f"/games/explorer?{query}"))):
                cold = timed(answer, history_version.bump, args.runs)
                warm = timed(answer, nothing, args.runs)
                print(f"{label + ' (' + kind + ')':<42} {games:>6} {cold[0]:7.1f} /{cold[1]:7.1f} ms "
                      f"{warm[0]:7.1f} /{warm[1]:7.1f} ms")


if __name__ == "__main__":
    main()
