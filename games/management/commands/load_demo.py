from django.core.management.base import BaseCommand

from games.services import generated
from games.services.demo import GAMES, OTHER_GAMES, PLAYERS, SEED, load_demo


class Command(BaseCommand):
    help = (
        f"Load the demo club: {len(PLAYERS)} players, {GAMES} Duel games (most recorded move by move) and "
        f"{OTHER_GAMES} games of every other game (the base game's of 3 and 4 players) recorded move by move, "
        "and a Duel Swiss club night two rounds in (its games recorded and linked to their tables). "
        "Idempotent: a second run adds nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--seed", type=int, default=SEED, help="Seed of the random games (default %(default)s)."
        )
        parser.add_argument(
            "--games", type=int, default=0, metavar="N",
            help="Also generate score-only Duel games until there are N of them (load figures; default none).",
        )

    def handle(self, *args, seed: int, games: int, **options):
        if games:
            added = generated.generate(games, seed)
            self.stdout.write(f"Generated games: added {added} (there are {games} now).")
        summary = load_demo(seed)
        if summary.added:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Demo data: added {summary.added} games ({summary.recorded} recorded, "
                    f"{summary.score_only} score-only, {summary.event_games} of the demo club night); "
                    f"{summary.skipped} already there."
                )
            )
        else:
            self.stdout.write(f"Demo data already loaded ({summary.skipped} games): nothing added.")
