"""What an embedded replay costs its reader (issue 33): the bytes and time of the embed page
(first load in a frame) and of an htmx step inside it, against the replay page, for the
82-ply base-game example; timeline kept (a worker that has seen the record). Median and p95
of ``--runs`` requests each (Django's test client in process: no server, no network).

    .venv/bin/python bench/embed.py [--runs 30]

Production settings (DEBUG off) on a SQLite file of the run's own, removed at the end.
docs/history.md ("Sharing") keeps the figures.
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inprocess import ROOT, production_django

_work = str(production_django("imhotep-embed-"))

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from games.services.recording import import_many  # noqa: E402

STATIC = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
          "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}


def measured(client: Client, urls: list[str], headers=None) -> tuple[float, float, int]:
    """Median and p95 (ms) of a GET of each of ``urls``, and the median body size (bytes)."""
    times, sizes = [], []
    for url in urls:
        start = time.perf_counter()
        response = client.get(url, headers=headers)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        sizes.append(len(response.content))
    times.sort()
    return statistics.median(times), times[max(0, round(len(times) * 0.95) - 1)], int(statistics.median(sizes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="requests per line (default 30)")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    record = json.loads((ROOT / "rules_engine" / "classic" / "examples" / "classic-record.json").read_text())
    game = import_many([record])[0].game
    client = Client()
    htmx = {"HX-Request": "true"}
    plies = [ply % 80 + 1 for ply in range(args.runs)]
    rows = [
        ("replay page (full)", [f"/games/{game.pk}/replay?ply={p}" for p in plies], None),
        ("embed page (full)", [f"/games/{game.pk}/embed?ply={p}" for p in plies], None),
        ("replay step (htmx)", [f"/games/{game.pk}/replay?ply={p}" for p in plies], htmx),
        ("embed step (htmx)", [f"/games/{game.pk}/embed?ply={p}" for p in plies], htmx),
    ]
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'request, 82-ply base game':<28} {'median ms':>10} {'p95 ms':>8} {'bytes':>8}")
    with override_settings(STORAGES=STATIC):
        for label, urls, headers in rows:
            measured(client, urls[:3], headers)  # warm-up: templates, timeline, connection
            median, p95, size = measured(client, urls, headers)
            print(f"{label:<28} {median:>10.1f} {p95:>8.1f} {size:>8}")


if __name__ == "__main__":
    main()
