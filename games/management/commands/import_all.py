import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.services import ratings
from games.services.backup.fileformat import BackupRefused
from games.services.backup.restore import Problem, restore
from games.services.backup.results import KEEP, RECOMPUTE, STRICT


class Command(BaseCommand):
    help = (
        "Restore an export_all backup into an EMPTY database (ids kept). Every game is restored with its "
        "results as backed up; every recorded game is replayed and every score-only board scored by the engine, "
        "and a game whose results the engine now derives otherwise (or that it rejects) is reported as a warning "
        "with its line number (--strict refuses it, --recompute stores the engine's results). A damaged, cut or "
        "duplicate line is refused, and nothing of it is written. Ratings are rebuilt: each game is stored with a "
        "mark that its ratings are out of date, so a run killed halfway leaves them to the next run (which "
        "rates them first, even if it then refuses the file) or background task. Exit status 1 if any line "
        "was refused. Prints a line per section with what it restored. See docs/backups.md."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The backup file (ndjson), or - for standard input.")
        parser.add_argument(
            "--atomic",
            action="store_true",
            help="All or nothing: if any line is refused, write nothing at all (warnings do not count).",
        )
        parser.add_argument(
            "--merge",
            action="store_true",
            help="Add to a club that has data: players matched by name (case-insensitive), games already "
            "stored (same content hash) skipped, new games get new ids. Creators and logins are left empty "
            "unless --link-users.",
        )
        parser.add_argument(
            "--link-users",
            action="store_true",
            help="With --merge: link the backup's usernames to this database's accounts of the same name "
            "(created without a password when missing). Only when they are the same people.",
        )
        checks = parser.add_mutually_exclusive_group()
        checks.add_argument(
            "--strict",
            action="store_const",
            const=STRICT,
            dest="results",
            default=KEEP,
            help="Refuse a game whose results the engine does not derive now, or whose moves it rejects.",
        )
        checks.add_argument(
            "--recompute",
            action="store_const",
            const=RECOMPUTE,
            dest="results",
            help="Store the results the engine derives now instead of the backup's (a game the engine "
            "rejects keeps the backup's); the ratings are rebuilt from them.",
        )

    def handle(self, *args, file: str, atomic: bool, merge: bool, link_users: bool, results: str, **options):
        if link_users and not merge:
            raise CommandError("--link-users applies to --merge (a restore into an empty club always links)")

        def report(problem: Problem) -> None:
            self.stdout.write(self.style.ERROR(problem.describe()))

        def warn(warning: Problem) -> None:
            self.stdout.write(self.style.WARNING(f"warning: {warning.describe()}"))

        ratings.catch_up()  # games an earlier run stored before it was killed
        options = {
            "merge": merge,
            "atomic": atomic,
            "results": results,
            "link_users": link_users,
            "on_problem": report,
            "on_warning": warn,
        }
        try:
            if file == "-":
                result = restore(sys.stdin.buffer, **options)
            else:
                with open(Path(file), "rb") as stream:
                    result = restore(stream, **options)
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror}") from None
        except BackupRefused as exc:
            raise CommandError(f"{file}: {exc}; nothing was written") from None
        if not result.rolled_back:
            self.stdout.write("Restored, per section:")
            for section in result.tally.sections():
                self.stdout.write(f"  {section}")
        if not result.ok:
            raise CommandError(result.summary(), returncode=1)
        style = self.style.WARNING if result.warnings else self.style.SUCCESS
        self.stdout.write(style(result.summary()))
