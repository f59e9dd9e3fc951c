"""Input handling shared by ``manage.py score`` and ``manage.py replay``."""

from __future__ import annotations

import json
import sys
from typing import TextIO

import orjson
from django.core.management.base import CommandError

from imhotep_lib import nesting
from scoring.parsers import LONE_SURROGATE, has_lone_surrogate, text_may_hold_lone_surrogate

#: Digits as "0", every other byte as " ": a run of 19 zeros is an integer orjson may read as a
#: float (past 64 bits), or digits in a text (both go to `json`). Scans in C.
_DIGITS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG = b"0" * 19


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
    return parse_counted(text, where)[0]


def parse_counted(text: str, where: str) -> tuple[object, int]:
    """`parse_json`, and how deep the document's lists and objects nest (counted from the text
    by the nesting check, so the engine need not walk the document for its own lower limit)."""
    if not text.strip():
        raise ValueError(f"{where} is empty; expected one JSON document")
    try:
        depth = nesting.check(text)
    except nesting.TooDeep:
        raise ValueError(f"{where} is nested too deeply to be a board or record "
                         f"(more than {nesting.MAX_DEPTH} levels)") from None
    document = _loads(text, where)
    if text_may_hold_lone_surrogate(text) and has_lone_surrogate(document):
        raise ValueError(f"{where} is not usable JSON: {LONE_SURROGATE}")
    return document, depth


def _loads(text: str, where: str) -> object:
    """The document of ``text``: orjson's parse (about two thirds of `json`'s cost here,
    docs/decisions.md "Two floors per engine") when it gives what `json` gives, else `json`'s, whose
    refusal is the one people read. orjson refuses what `json` takes (lone surrogates,
    numbers out of a double's range, NaN, which `json` hands to `_reject_constant`) and reads
    an integer of 19 digits or more as a float, so that text goes to `json` too."""
    if _LONG not in text.encode("utf-8", "surrogatepass").translate(_DIGITS):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"{where} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise ValueError(f"{where} is nested too deeply to be a board or record") from None


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def one_line(document: object) -> str:
    """A JSON document on one line (for pipes and NDJSON), non-ASCII kept readable: orjson's
    compact UTF-8 is `json`'s with these options; what orjson refuses (a key that is not
    text, an integer past 64 bits) is written by `json`."""
    try:
        return orjson.dumps(document).decode()
    except orjson.JSONEncodeError:
        return json.dumps(document, ensure_ascii=False, separators=(",", ":"))
