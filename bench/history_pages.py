"""Benchmark of the club history: the server time of the games list and the standings with
many games, and the time to import recorded games.

By default it works in a scratch database (created and dropped here, like the test
runner's), so it never touches the club's data; ``--current-db`` uses the configured one.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/, also when a test loads this file
from inprocess import configured_django

configured_django()

from django.conf import settings  # noqa: E402
from django.core.management.base import BaseCommand  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from games.models import Player  # noqa: E402
from games.services import generated  # noqa: E402
from games.services.recording import import_many  # noqa: E402
from rules_engine.registry import default_registry  # noqa: E402

PAGE_TARGET_MS = 100
IMPORT_TARGET_S_PER_1000 = 10
POOL = 200  # distinct random games the bulk games are drawn from
PLAYERS = 40
BATCH = 2000


class Command(BaseCommand):
    help = (
        "Create many games (default 10 000) in a scratch database, print the median server time of the "
        "games list, the standings and the player page, and the time to import recorded games "
        "(default 1 000)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=10_000, help="Games to create (default 10 000).")
        parser.add_argument("--imports", type=int, default=1_000, help="Records to import (default 1 000).")
        parser.add_argument("--repeat", type=int, default=15, help="Requests per page for the median (15).")
        parser.add_argument("--seed", type=int, default=1, help="Seed of the random games.")
        parser.add_argument(
            "--current-db", action="store_true", help="Use the configured database instead of a scratch one."
        )

    def handle(self, *args, games: int, imports: int, repeat: int, seed: int, current_db: bool, **options):
        scratch = contextlib.nullcontext("configured") if current_db else scratch_database()
        with scratch as where:
            self.stdout.write(
                f"Benchmark on {connection.vendor} ({where} database): {games} games, {imports} imports"
            )
            self.run(games, imports, repeat, random.Random(seed))

    def run(self, n_games: int, n_imports: int, repeat: int, rng: random.Random) -> None:
        started = time.perf_counter()
        generated.generate(n_games, rng.randrange(1 << 30))
        seeded = time.perf_counter()
        players = list(Player.objects.filter(name__startswith="Generated player").order_by("name"))
        # A live database has planner statistics (autovacuum); fresh bulk inserts do not yet.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        self.stdout.write(
            f"  created {n_games} games and rated them all in {seeded - started:.1f} s"
        )

        client = Client(HTTP_HOST=(settings.ALLOWED_HOSTS or ["localhost"])[0].lstrip("."))
        player = players[0]
        pages = [
            ("games list, page 1", "/games/"),
            ("games list, page 200", "/games/?page=200"),
            ("games list, one player", f"/games/?player={player.pk}"),
            ("standings", "/games/standings?game=duel"),
            ("player page", f"/games/players/{player.pk}/"),
            ("API games list", "/api/v1/games"),
            ("API standings", "/api/v1/standings?game=duel"),
        ]
        self.stdout.write(f"  server time, median of {repeat} requests (target < {PAGE_TARGET_MS} ms):")
        for label, url in pages:
            median = median_ms(client, url, repeat)
            verdict = "ok" if median < PAGE_TARGET_MS else "SLOW"
            self.stdout.write(f"    {label:<24} {url:<36} {median:8.1f} ms  {verdict}")

        if n_imports:
            duel = default_registry().game("duel")
            names = [p.name for p in players]
            records = []
            for i in range(n_imports):
                record = duel.random_record(random.Random(rng.getrandbits(64)))
                record["players"] = rng.sample(names, 2)
                # Dated after the seeded games, as new games usually are.
                played_on = datetime.date(2030, 1, 1) + datetime.timedelta(days=i)
                record["history"] = {"played_on": played_on.isoformat()}
                records.append(record)
            began = time.perf_counter()
            outcomes = import_many(records)
            took = time.perf_counter() - began
            imported = sum(o.status == o.IMPORTED for o in outcomes)
            per_1000 = took / n_imports * 1000
            verdict = "ok" if per_1000 < IMPORT_TARGET_S_PER_1000 else "SLOW"
            self.stdout.write(
                f"  imported {imported} of {n_imports} recorded games in {took:.2f} s "
                f"({took / n_imports * 1000:.1f} ms each, {per_1000:.1f} s per 1 000; "
                f"target < {IMPORT_TARGET_S_PER_1000} s)  {verdict}"
            )


def median_ms(client: Client, url: str, repeat: int) -> float:
    response = client.get(url)  # warm-up: templates, caches, connection
    if response.status_code != 200:
        raise RuntimeError(f"GET {url} answered {response.status_code}")
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - began) * 1000)
        b"".join(response.streaming_content) if response.streaming else response.content
    return statistics.median(times)


@contextlib.contextmanager
def scratch_database():
    """A throw-away copy of the schema (the test runner's machinery): a file for SQLite, so
    the figures are not those of an in-memory database; ``bench_history_<pid>`` on another
    server, never ``test_<name>``, which a test run may be using at the same time."""
    old_name = connection.settings_dict["NAME"]
    with tempfile.TemporaryDirectory() as tmp:
        test = connection.settings_dict.setdefault("TEST", {})
        if connection.vendor == "sqlite":
            test["NAME"] = str(Path(tmp) / "bench.sqlite3")
        else:
            test["NAME"] = f"bench_history_{os.getpid()}"
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            yield "scratch"
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    print(f"load average {os.getloadavg()[0]:.2f}")
    Command().run_from_argv([sys.argv[0], "history_pages", *sys.argv[1:]])
