import os
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.services.backup.export import consistent_snapshot, iter_backup


class Command(BaseCommand):
    help = (
        "Back up the whole club as ndjson: a header line (format version, app and engine versions, counts), "
        "then one line per player and one per game (seats, results, moves, board/header, metadata). "
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
                with open(partial, "w", encoding="utf-8") as stream, consistent_snapshot():
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
