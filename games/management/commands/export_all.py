import os
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.services.backup.export import consistent_snapshot, iter_backup


class Command(BaseCommand):
    help = (
        "Back up the whole club as ndjson: a header line (format version, app and engine versions, counts), "
        "then one line per account (with its password hash and role), board-data version, player, game "
        "(seats, results, moves, board/header, board-data pin, metadata), event (registrations, rounds, "
        "pairings) and finished analysis. The file is written readable by its owner only (0600). "
        "import_all restores it. Ratings are not written: import_all rebuilds them. See docs/operations.md."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", default="-", help="File to write (default -: standard output).")

    def handle(self, *args, file: str, **options):
        lines = 0
        if file == "-":
            with consistent_snapshot():
                for line in iter_backup():
                    self.stdout.write(line, ending="")
                    lines += 1
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
                    for line in iter_backup():
                        stream.write(line)
                        lines += 1
                os.replace(partial, target)
            except OSError as exc:
                partial.unlink(missing_ok=True)
                raise CommandError(f"cannot write {file}: {exc.strerror}") from None
            except BaseException:
                partial.unlink(missing_ok=True)
                raise
        sys.stderr.write(f"Backed up the club: {lines} lines (header, players, games).\n")
