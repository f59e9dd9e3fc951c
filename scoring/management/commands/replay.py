"""``manage.py replay PATH [--ndjson]``: replay game records (formats.md F2 or F4) and print one
JSON line per record, its result or its rejection."""

import sys

from django.core.management.base import BaseCommand

from rules_engine.errors import RecordError
from rules_engine.registry import default_registry
from scoring.cli import one_line, parse_counted, read_text


class Command(BaseCommand):
    help = (
        "Replay one game record (F2 JSON for the Duel, F4 for the base game) from PATH ('-' for "
        "standard input), or with --ndjson one record per line. Prints one JSON line per record: "
        '{"finished", "plies", "score"} or '
        '{"error": {"move", "reason"}}. Exits 0 when every record replayed, 1 when any was rejected.'
    )
    requires_system_checks: list = []  # pure computation: no database or app checks needed
    stealth_options = ("stdin",)  # call_command(..., stdin=io.StringIO(...)) feeds '-'

    def add_arguments(self, parser):
        parser.add_argument("path", help="the record file, or - for standard input")
        parser.add_argument("--ndjson", action="store_true",
                            help="the file holds one record per line (blank lines are skipped)")

    def handle(self, *args, path, ndjson, **options):
        text = read_text(path, options.get("stdin"))
        where = "standard input" if path == "-" else path
        if ndjson:
            documents = [(f"{where} line {n}", line) for n, line in enumerate(text.splitlines(), 1)
                         if line.strip()]
        else:
            documents = [(where, text)]
        rejected = 0
        for place, raw in documents:
            answer = self._replay(place, raw)
            rejected += "error" in answer
            self.stdout.write(one_line(answer))
        if rejected:
            sys.exit(1)

    @staticmethod
    def _replay(place: str, raw: str) -> dict:
        try:
            record, depth = parse_counted(raw, place)
            return default_registry().replay_summary(record, depth=depth)
        except RecordError as exc:
            return exc.to_json()
        except ValueError as exc:  # not JSON: the record is rejected as a whole
            return {"error": {"move": None, "reason": str(exc)}}
