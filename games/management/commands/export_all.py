import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.services.backup.export import consistent_snapshot, iter_backup
from games.services.backup.fileformat import Tally


class Command(BaseCommand):
    help = (
        "Back up the whole club as ndjson: a header line (format version, app and engine versions, counts), "
        "then one line per account (with its password hash and role), board-data version, player, game "
        "(seats, results, moves, board/header, board-data pin, metadata), event (registrations, rounds, "
        "pairings), finished analysis, finished luck analysis, player's puzzle queue (each puzzle's "
        "spaced-repetition state), finished upload of records (each record's outcome) and invitation. "
        "The file is written readable by its owner only (0600). Prints a line per section with its count "
        "(to standard error). import_all restores it. Ratings and explorer facts are not written: "
        "import_all rebuilds them. See docs/backups.md."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", default="-", help="File to write (default -: standard output).")

    def handle(self, *args, file: str, **options):
        tally = Tally()
        lines = 1  # the header
        if file == "-":
            with consistent_snapshot():
                for line in iter_backup(tally):
                    self.stdout.write(line, ending="")
        else:
            # Written beside the target and renamed at the end, so a failed export never
            # leaves a partial file under the backup's name.
            target = Path(file)
            partial = target.with_name(target.name + ".partial")
            try:
                # Readable by its owner only: the file holds every account's password hash.
                descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.fchmod(descriptor, 0o600)  # a leftover partial file keeps its old mode otherwise
                with open(descriptor, "w", encoding="utf-8") as stream, consistent_snapshot():
                    for line in iter_backup(tally):
                        stream.write(line)
                os.replace(partial, target)
            except OSError as exc:
                partial.unlink(missing_ok=True)
                raise CommandError(f"cannot write {file}: {exc.strerror}") from None
            except BaseException:
                partial.unlink(missing_ok=True)
                raise
        lines += sum(tally[kind] for kind in tally if "." not in kind)  # kinds of line, not model labels
        # Standard error: with "-" standard output is the backup itself.
        where = "standard output" if file == "-" else file
        self.stderr.write(f"Backed up the club to {where}: {lines:,} lines (a header, then per section):")
        for section in tally.sections():
            self.stderr.write(f"  {section}")
        self.stderr.write("  not written, rebuilt by import_all: ratings, explorer facts")
