"""Median server time to render one replay step (the htmx partial) of a 60-ply game.

    .venv/bin/python bench/replay_step.py [--steps 200] [--game ID] [--classic]

Without --game a random 60-ply Duel game is stored for the run and rolled back afterwards, so
the database is left as it was. Each step is a full request through the middleware with
``HX-Request: true``: load the game and its moves, replay, score every ply for the chart,
render the partial. Target: 15 ms. ``--classic`` times a random 4-player base game instead
(the engine's playout, seed 3), which has about 90 plies and twice the players.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/, also when a test loads this file
from inprocess import configured_django

configured_django()

from django.conf import settings  # noqa: E402
from django.core.management.base import BaseCommand, CommandError  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test import Client  # noqa: E402

from games.models import Game  # noqa: E402
from games.services.recording import import_record  # noqa: E402
from rules_engine.registry import default_registry  # noqa: E402

TARGET_MS = 15.0
PLIES = 60


class _Rollback(Exception):
    pass


def sixty_ply_record() -> dict:
    """The first random Duel game (seeds 0, 1, …) that lasts exactly 60 plies."""
    duel = default_registry().game("duel")
    for seed in range(10_000):
        record = duel.random_record(random.Random(seed))
        if len(record["moves"]) == PLIES:
            record["players"] = ["Bench Ana", "Bench Ben"]
            return record
    raise CommandError(f"no random game of {PLIES} plies in 10 000 seeds")


def classic_record() -> dict:
    """A random 4-player base game (classic.md) from the engine's playout."""
    record = default_registry().game("classic").random_record(random.Random(3))
    record["players"] = ["Bench Ana", "Bench Ben", "Bench Cleo", "Bench Dan"]
    return record


class Command(BaseCommand):
    help = "Median time to render one replay step (htmx partial) of a 60-ply game; target 15 ms."

    def add_arguments(self, parser):
        parser.add_argument("--steps", type=int, default=200, help="requests to time (default 200)")
        parser.add_argument("--game", type=int, help="time this stored game instead of a temporary one")
        parser.add_argument("--classic", action="store_true", help="a random 4-player base game instead of a Duel")

    def handle(self, *args, steps: int, game: int | None, classic: bool = False, **options):
        if steps < 1:
            raise CommandError("--steps must be at least 1")
        if game is not None:
            obj = Game.objects.filter(pk=game).first()
            if obj is None:
                raise CommandError(f"there is no game {game}")
            self._run(obj, steps)
            return
        try:
            with transaction.atomic():
                record = classic_record() if classic else sixty_ply_record()
                outcome = import_record(record, source=Game.Source.RECORDED, rate=False)
                if outcome.game is None:
                    raise CommandError(f"could not store the bench game: {outcome.describe()}")
                self._run(outcome.game, steps)
                raise _Rollback
        except _Rollback:
            pass

    def _run(self, game: Game, steps: int) -> None:
        hosts = [h for h in settings.ALLOWED_HOSTS if h not in ("*",) and not h.startswith(".")]
        client = Client(HTTP_HOST=hosts[0] if hosts else "localhost", HTTP_HX_REQUEST="true")
        plies = game.moves.count()
        url = f"/games/{game.pk}/replay"
        client.get(url)  # warm up: template compilation, registry, connections
        times = []
        for k in range(steps):
            started = time.perf_counter()
            response = client.get(url, {"ply": k % (plies + 1)})
            times.append((time.perf_counter() - started) * 1000)
            if response.status_code != 200:
                raise CommandError(f"{url}?ply={k % (plies + 1)} answered {response.status_code}")
        median = statistics.median(times)
        verdict = "OK" if median <= TARGET_MS else "SLOWER THAN TARGET"
        self.stdout.write(
            f"replay step (htmx partial), game {game.pk} with {plies} plies, {steps} requests: "
            f"median {median:.2f} ms, p90 {statistics.quantiles(times, n=10)[-1]:.2f} ms "
            f"(target ≤ {TARGET_MS:.0f} ms: {verdict})"
        )


if __name__ == "__main__":
    print(f"load average {os.getloadavg()[0]:.2f}")
    Command().run_from_argv([sys.argv[0], "replay_step", *sys.argv[1:]])
