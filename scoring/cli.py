"""Input handling shared by ``manage.py score`` and ``manage.py replay``."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from django.core.management.base import CommandError

from imhotep_lib import nesting
from scoring.parsers import LONE_SURROGATE, has_lone_surrogate, text_may_hold_lone_surrogate


def read_text(path: str, stdin: TextIO | None = None) -> str:
    """The whole text of PATH, or of standard input for ``-``; CommandError naming the file
    when it cannot be read."""
    if path == "-":
        return (stdin or sys.stdin).read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"{path}: is a directory, not a JSON file") from None
    except UnicodeDecodeError as exc:
        raise CommandError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise CommandError(f"{path}: cannot be read ({exc.strerror})") from None


def parse_json(text: str, where: str) -> object:
    """One JSON document; ValueError with a message for people otherwise."""
    if not text.strip():
        raise ValueError(f"{where} is empty; expected one JSON document")
    try:
        nesting.check(text)
    except nesting.TooDeep:
        raise ValueError(f"{where} is nested too deeply to be a board or record "
                         f"(more than {nesting.MAX_DEPTH} levels)") from None
    try:
        document = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"{where} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise ValueError(f"{where} is nested too deeply to be a board or record") from None
    if text_may_hold_lone_surrogate(text) and has_lone_surrogate(document):
        raise ValueError(f"{where} is not usable JSON: {LONE_SURROGATE}")
    return document


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def one_line(document: object) -> str:
    """A JSON document on one line (for pipes and NDJSON), non-ASCII kept readable."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))
