from django.core.management.base import BaseCommand

from games.analysis.puzzle_recheck import recheck_all


class Command(BaseCommand):
    help = (
        "Re-check every stored puzzle as a new analysis re-checks its candidates (docs/replay.md, Puzzles): "
        "a puzzle whose best move no longer leads every other by 0.2 at depth is dropped from its player's "
        "queue; the others take the re-check's chances. Run once after upgrading from a version that kept "
        "puzzles without the re-check. Prints how many were kept and dropped."
    )

    def handle(self, *args, **options):
        done = recheck_all()
        self.stdout.write(f"puzzles kept {done.kept}, dropped {done.dropped}")
