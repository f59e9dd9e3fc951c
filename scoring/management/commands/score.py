"""``manage.py score PATH``: score one end-game board (formats.md F1 or F3) from a file or stdin."""

import sys

from django.core.management.base import BaseCommand, CommandError

from rules_engine.errors import BoardError
from rules_engine.registry import default_registry
from scoring.cli import one_line, parse_json, read_text


class Command(BaseCommand):
    help = (
        "Score one end-game board (F1 JSON for the Duel, F3 for the base game) read from PATH ('-' "
        "for standard input). Prints the score result as one JSON line and exits 0; an impossible "
        "board prints one 'field: message' line per problem on standard error and exits 1."
    )
    requires_system_checks: list = []  # pure computation: no database or app checks needed
    stealth_options = ("stdin",)  # call_command(..., stdin=io.StringIO(...)) feeds '-'

    def add_arguments(self, parser):
        parser.add_argument("path", help="the board file, or - for standard input")

    def handle(self, *args, path, **options):
        where = "standard input" if path == "-" else path
        try:
            board = parse_json(read_text(path, options.get("stdin")), where)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        try:
            result = default_registry().score(board).to_json()
        except BoardError as exc:
            for field, message in exc.errors:
                self.stderr.write(f"{field}: {message}" if field else message)
            sys.exit(1)
        self.stdout.write(one_line(result))
