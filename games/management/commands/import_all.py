import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.services.backup import BackupRefused, Problem, restore


class Command(BaseCommand):
    help = (
        "Restore an export_all backup into an EMPTY database (ids kept). Every recorded game is replayed and "
        "every score-only board scored by the engine; a line whose results the engine does not derive, or that "
        "is damaged, is reported with its line number and nothing of it is written. Ratings are rebuilt. "
        "Exit status 1 if any line was refused. See docs/operations.md."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The backup file (ndjson), or - for standard input.")
        parser.add_argument(
            "--atomic",
            action="store_true",
            help="All or nothing: if any line is refused, write nothing at all.",
        )
        parser.add_argument(
            "--merge",
            action="store_true",
            help="Add to a club that has data: players matched by name (case-insensitive), games already "
            "stored (same content hash) skipped, new games get new ids.",
        )

    def handle(self, *args, file: str, atomic: bool, merge: bool, **options):
        def report(problem: Problem) -> None:
            self.stdout.write(self.style.ERROR(problem.describe()))

        try:
            if file == "-":
                result = restore(sys.stdin.buffer, merge=merge, atomic=atomic, on_problem=report)
            else:
                with open(Path(file), "rb") as stream:
                    result = restore(stream, merge=merge, atomic=atomic, on_problem=report)
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror}") from None
        except BackupRefused as exc:
            raise CommandError(f"{file}: {exc}; nothing was written") from None
        if not result.ok:
            raise CommandError(result.summary(), returncode=1)
        self.stdout.write(self.style.SUCCESS(result.summary()))
