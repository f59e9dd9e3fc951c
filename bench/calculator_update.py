"""Server time of one live update of a score calculator page (the htmx partial).

    .venv/bin/python bench/calculator_update.py [--game classic|duel] [--n 200]

Each update is a full request through the middleware with ``HX-Request: true``, as the page
sends on every change: parse the form, build the board, score it through the registry, render
the result partial (and, for the base game, every field's error slot). The base-game board has
4 players, a 10-column burial chamber, decorations, statues and Pharaoh's wrath; each request
changes one track value so nothing is cached. Target: a median of 20 ms (the p95 is printed
too; on a busy machine it mostly measures the other processes).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/, also when a test loads this file
from inprocess import configured_django

configured_django()

from django.conf import settings  # noqa: E402
from django.core.management.base import BaseCommand, CommandError  # noqa: E402
from django.test import Client  # noqa: E402

TARGET_MS = 20.0

# A full 4-player table: 30 stones in the chamber (10 columns), every kind of input used.
_CHAMBER = ["black", "white", "brown", "grey", "black", "black", "white", "grey", "grey", "brown"] * 3
CLASSIC_FIELDS = [
    ("players", 4),
    ("variants", "pharaohs-wrath"),
    *[(f"p{i}_name", name) for i, name in enumerate(("Ana", "Ben", "Cy", "Di"))],
    *[(f"p{i}_sled", i) for i in range(4)],
    *[(f"p{i}_obelisk", 4 - i) for i in range(4)],
    *[(f"p{i}_statues", 2) for i in range(4)],
    *[(f"p{i}_blue", 1) for i in range(4)],
    ("p0_deco_pyramids", 1),
    ("p1_deco_temple", 1),
    ("p2_deco_burial-chamber", 1),
    ("p3_deco_obelisks", 1),
    ("site_stones_pyramids", 16),
    ("site_stones_temple", 11),
    *[(f"p{i}_reached", s) for i in range(4) for s in ("pyramids", "temple", "burial-chamber", "obelisks")],
    *[(f"bc_{k // 3 + 1}_{k % 3 + 1}", colour) for k, colour in enumerate(_CHAMBER)],
]
DUEL_FIELDS = [
    ("p0_obelisk", 2),
    ("p0_temple_1", 1),
    ("p0_temple_2", 1),
    ("p0_temple_4", 1),
    ("p0_light", 4),
    ("p0_dark", 6),
    *[("p0_tomb", n) for n in (1, 2, 3, 4, 5, 6, 11)],
    ("p0_actions", 2),
    ("p0_meeples", 1),
    ("p1_obelisk", 6),
    ("p1_temple_3", 2),
    ("p1_light", 2),
    *[("p1_tomb", n) for n in (8, 9, 12)],
]
PAGES = {"classic": ("/score/classic", CLASSIC_FIELDS, "p1_track"), "duel": ("/score/duel", DUEL_FIELDS, None)}


class Command(BaseCommand):
    help = "Median and p95 server time of one live update (htmx partial) of a calculator page; target 20 ms."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=sorted(PAGES), default="classic", help="which calculator (classic)")
        parser.add_argument("--n", type=int, default=200, help="requests to time (default 200)")

    def handle(self, *args, game: str, n: int, **options):
        if n < 2:
            raise CommandError("--n must be at least 2")
        url, fields, varied = PAGES[game]
        hosts = [h for h in settings.ALLOWED_HOSTS if h != "*" and not h.startswith(".")]
        client = Client(HTTP_HOST=hosts[0] if hosts else "localhost", HTTP_HX_REQUEST="true")
        client.get(f"{url}?{urlencode(fields)}")  # warm up: templates, registry, URL resolver
        times = []
        for k in range(n):
            query = urlencode([*fields, (varied, 30 + k % 50)] if varied else fields)
            started = time.perf_counter()
            response = client.get(f"{url}?{query}")
            times.append((time.perf_counter() - started) * 1000)
            if response.status_code != 200 or b'class="total"' not in response.content:
                raise CommandError(f"{url} did not answer a scored result (status {response.status_code})")
        median = statistics.median(times)
        p95 = statistics.quantiles(times, n=20)[-1]
        verdict = "OK" if median <= TARGET_MS else "SLOWER THAN TARGET"
        self.stdout.write(
            f"{game} calculator live update (htmx partial), {n} requests: median {median:.2f} ms, "
            f"p95 {p95:.2f} ms (target ≤ {TARGET_MS:.0f} ms: {verdict})"
        )


if __name__ == "__main__":
    print(f"load average {os.getloadavg()[0]:.2f}")
    Command().run_from_argv([sys.argv[0], "calculator_update", *sys.argv[1:]])
