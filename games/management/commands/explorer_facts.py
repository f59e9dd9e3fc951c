"""Work out the explorer's facts of every finished recorded game that lacks them (after a
restore, a bulk load, or an engine upgrade): games.services.explorer.fill."""

import time

from django.core.management.base import BaseCommand

from games.services import explorer


class Command(BaseCommand):
    help = ("Work out what the explorer counts of each finished recorded game that lacks it "
            "(after a restore or an engine upgrade); games stored one by one get theirs when stored.")

    def add_arguments(self, parser):
        parser.add_argument("--game", default=None, help="Only this game type (default: all).")

    def handle(self, *args, game: str | None, **options):
        start = time.perf_counter()
        done = explorer.fill(game)
        self.stdout.write(f"Explorer facts worked out for {done} games in {time.perf_counter() - start:.1f} s.")
