"""What each cache left gains, in process (Django's test client; no server, no network): the
games list and the standings with their tables' cache warm (the history's version unchanged)
against cold (the version moved before each request, as after a write), and a replay step of
the 82-ply base-game example with the process's timeline kept against forgotten before each
request (what a worker that has not seen the record pays once). Median and p95 of ``--runs``
requests each, and the gain of the medians. Then a throttle's read and increment in the
embedded cache with its connections closed after each (what Django's end of a request did to
diskcache's backend) against left open (imhotep_site/diskcache_backend.py). Last (issue #52),
what every cached page pays for the history's version kept in the database: its read (one
primary-key SELECT) against the shared cache's read it replaced, and a write (a history row
updated in its own transaction, commit included) with the version moved in it (one UPDATE)
against with the cache's increment after it, in µs.

    .venv/bin/python bench/caches.py [--games 10000] [--runs 20] [--postgres]

Production settings (DEBUG off) on a SQLite file and a diskcache directory of the run's own,
removed at the end; ``--postgres``: a PostgreSQL database of the run's own instead (created on
the server of CACHES_PG, default postgres://postgres@127.0.0.1:5432, dropped at the end).
docs/operations.md ("Caching") keeps the figures.
"""

import argparse
import atexit
import json
import os
import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inprocess import ROOT, production_django

PG_SERVER = os.environ.get("CACHES_PG", "postgres://postgres@127.0.0.1:5432")


def _own_postgres() -> dict[str, str]:
    """A PostgreSQL database of this run's own, dropped at exit (``--postgres``)."""
    import psycopg

    name = f"imhotep_bench_caches_{os.getpid()}"
    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    atexit.register(drop)
    return {"DATABASE_URL": f"{PG_SERVER}/{name}"}


_work = str(production_django("imhotep-caches-", _own_postgres() if "--postgres" in sys.argv else None))

from diskcache import DjangoCache  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import F  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from games.models import Player  # noqa: E402
from games.services import generated, history_version  # noqa: E402
from games.services.recording import import_many  # noqa: E402
from games.ui import timeline  # noqa: E402

warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic for this run
# Static files by name: the manifest needs collectstatic, which the pages' cost does not depend on.
STATIC = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
          "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}


def timed(client: Client, urls: list[str], before, headers=None) -> tuple[float, float]:
    """Median and p95 (ms) of a GET of each of ``urls``, ``before()`` called before each."""
    times = []
    for url in urls:
        before()
        start = time.perf_counter()
        response = client.get(url, headers=headers)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    times.sort()
    return statistics.median(times), times[max(int(len(times) * 0.95) - 1, 0)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="generated Duel games (default 10000)")
    parser.add_argument("--runs", type=int, default=20, help="requests per line (default 20)")
    parser.add_argument("--postgres", action="store_true", help="a PostgreSQL database of the run's own (CACHES_PG)")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    generated.generate(args.games, 7)
    record = json.loads((ROOT / "rules_engine" / "classic" / "examples" / "classic-record.json").read_text())
    game = import_many([record])[0].game
    client = Client()
    nothing = lambda: None  # noqa: E731
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"database: {connection.vendor}, {args.games} games")
    print(f"{'page':<40} {'cold median/p95':>18} {'warm median/p95':>18} {'gain':>6}")
    rows = [("games list (full page)", "/games/", history_version.bump, None),
            ("standings (full page)", "/games/standings?game=duel", history_version.bump, None)]
    with override_settings(STORAGES=STATIC):
        for label, url, forget, headers in rows:
            timed(client, [url] * 3, nothing, headers)  # warm-up: templates, connection
            show(label, timed(client, [url] * args.runs, forget, headers),
                 timed(client, [url] * args.runs, nothing, headers))
        steps = [f"/games/{game.pk}/replay?ply={ply % 80 + 1}" for ply in range(args.runs)]
        htmx = {"HX-Request": "true"}
        timed(client, steps[:3], nothing, htmx)
        show("replay step, 82 plies (htmx)", timed(client, steps, timeline.forget, htmx),
             timed(client, steps, nothing, htmx))
    cache.add("bench:count", 0, 600)
    inner = cache.inner()  # the guard's real backend (imhotep_site/cache_guard.py)
    show("throttle's read and increment", counted(lambda: DjangoCache.close(inner), args.runs * 10),
         counted(nothing, args.runs * 10))
    versions(args.runs * 50)


def versions(runs: int) -> None:
    """The history's version in the database (now) against in the shared cache (before #52).
    A write: one row of the history updated in its own transaction, commit included (as a
    renamed player), with the version moved in it against the cache's increment after it."""
    cache.set("bench:history-version", 1, None)
    player = Player.objects.order_by("pk").values_list("pk", flat=True).first()

    def bump_in_a_write() -> None:
        with transaction.atomic():
            Player.objects.filter(pk=player).update(name=F("name"))
            history_version.bump()

    def incr_in_a_write() -> None:
        with transaction.atomic():
            Player.objects.filter(pk=player).update(name=F("name"))
        cache.incr("bench:history-version")

    print(f"{'per request or write, µs':<40} {'database median/p95':>20} {'cache median/p95':>20}")
    for label, now, before in (("the history's version read", history_version.current,
                                lambda: cache.get("bench:history-version")),
                               ("a write with its move", bump_in_a_write, incr_in_a_write)):
        database, shared = timed_call(now, runs), timed_call(before, runs)
        print(f"{label:<40} {database[0]:8.1f} /{database[1]:8.1f} µs {shared[0]:8.1f} /{shared[1]:8.1f} µs")


def timed_call(call, runs: int) -> tuple[float, float]:
    """Median and p95 (µs) of ``call()``."""
    for _ in range(10):
        call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1e6)
    times.sort()
    return statistics.median(times), times[max(int(len(times) * 0.95) - 1, 0)]


def counted(after, runs: int) -> tuple[float, float]:
    """Median and p95 (ms) of a throttle's cache work, ``after()`` called after each."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        cache.get("bench:before", 0)
        cache.incr("bench:count")
        after()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[max(int(len(times) * 0.95) - 1, 0)]


def show(label: str, cold: tuple[float, float], warm: tuple[float, float]) -> None:
    print(f"{label:<40} {cold[0]:7.1f} /{cold[1]:7.1f} ms {warm[0]:7.1f} /{warm[1]:7.1f} ms {cold[0] / warm[0]:5.1f}×")


if __name__ == "__main__":
    main()
