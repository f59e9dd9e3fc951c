"""The JSON documents the history reads and writes: F1/F3 boards and F2/F4 records
(formats.md), the optional ``history`` object our exports add, canonical JSON and the
content hash used to skip duplicate imports, and the reading of upload files (one JSON
document, a JSON list, or ndjson)."""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass

from games.models import name_key
from imhotep_lib import nesting, request_json
from rules_engine.messages import msg
from rules_engine.registry import DEFAULT_GAME

#: Our exports add this object to an F1/F2 document (formats.md lets a service add fields);
#: imports read it and take it out before the engine sees the document.
HISTORY_KEY = "history"


@dataclass(frozen=True)
class GameMeta:
    """What a club writes down about a game besides the game itself."""

    played_on: datetime.date | None = None
    location: str = ""
    notes: str = ""


def unstorable(text: str, field: str) -> str | None:
    """Why ``text`` (the value of ``field``) cannot be stored, or None. JSON can carry a NUL
    (``\\u0000``), which PostgreSQL refuses in text, and a lone surrogate escape (``\\ud800``),
    which no database encoding accepts: either would fail at the insert, so imports refuse
    them up front."""
    if "\x00" in text:
        return msg("{field} holds a NUL character (\\u0000), which cannot be stored", field=field)
    if not text.isascii() and any("\ud800" <= c <= "\udfff" for c in text):
        return msg("{field} holds a lone UTF-16 surrogate (\\ud800–\\udfff), which is not a character", field=field)
    return None


def split_history(document: Mapping) -> tuple[GameMeta, dict]:
    """The metadata of ``document["history"]`` and the document without it.

    Raises ValueError naming the field when the metadata is malformed."""
    rest = {k: v for k, v in document.items() if k != HISTORY_KEY}
    raw = document.get(HISTORY_KEY)
    if raw is None:
        return GameMeta(), rest
    if not isinstance(raw, Mapping):
        raise ValueError(msg("{field} must be an object with played_on/location/notes, got {value}",
                             field=HISTORY_KEY, value=repr(raw)))
    played_on = raw.get("played_on")
    if played_on is not None:
        played_on = parse_date(played_on, f"{HISTORY_KEY}.played_on")
    texts = {}
    for field, limit in (("location", 120), ("notes", 10_000)):
        value = raw.get(field, "")
        if value is None:
            value = ""
        if not isinstance(value, str):
            raise ValueError(
                msg("{field} must be text, got {value}", field=f"{HISTORY_KEY}.{field}", value=repr(value))
            )
        if len(value) > limit:
            raise ValueError(msg("{field} is {length} characters long; at most {limit}",
                                 field=f"{HISTORY_KEY}.{field}", length=len(value), limit=limit))
        if (problem := unstorable(value, f"{HISTORY_KEY}.{field}")) is not None:
            raise ValueError(problem)
        texts[field] = value.strip()
    return GameMeta(played_on=played_on, **texts), rest


def parse_date(value: object, field: str) -> datetime.date:
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise ValueError(msg("{field} must be a date as YYYY-MM-DD, got {value}", field=field, value=repr(value)))


def history_json(game) -> dict:
    return {
        "id": game.pk,
        "played_on": game.played_on.isoformat(),
        "location": game.location,
        "notes": game.notes,
        "status": game.status,
        "source": game.source,
    }


def canonical_json(data: object) -> str:
    """Sorted keys, no whitespace, UTF-8 kept: equal documents give equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_hash(record: Mapping) -> str:
    """The content hash of an F2/F4 record, for de-duplicating imports.

    Covers the game itself (game, sides, variants, colours, setup, moves and who sat where),
    not our ``history`` metadata, so an export imported again is recognised. ``game``
    defaults to the Duel (F2) and player names are compared as the club matches them
    (case-insensitively), so "ana" and "Ana" do not make two games."""
    canonical = _canonical(record)
    players = canonical.get("players")
    if isinstance(players, list):
        canonical["players"] = [name_key(p) if isinstance(p, str) else p for p in players]
    return _sha256("record:", canonical)


def board_hash(board: Mapping, played_on: datetime.date) -> str:
    """The content hash of a score-only game: its F1/F3 board (names compared as the club
    matches them) and the day it was played. The same board saved twice on one day is the
    same game (a double click, or an export imported again); a board holds no setup, so
    without the date two genuinely different games could never both be stored."""
    canonical = _canonical(board)
    players = canonical.get("players")
    if isinstance(players, list):
        canonical["players"] = [
            {**p, "name": name_key(p["name"])}
            if isinstance(p, dict) and isinstance(p.get("name"), str)
            else p
            for p in players
        ]
    canonical["played_on"] = played_on.isoformat()
    return _sha256("board:", canonical)


def _canonical(document: Mapping) -> dict:
    canonical = {k: v for k, v in document.items() if k != HISTORY_KEY}
    canonical.setdefault("game", DEFAULT_GAME)
    return canonical


def _sha256(kind: str, data: object) -> str:
    # The kind prefix keeps a board and a record from ever sharing a hash.
    return hashlib.sha256((kind + canonical_json(data)).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class ParsedDocument:
    """One entry of an upload: the document, or why it could not be read."""

    number: int  # 1-based position in the file
    document: object = None
    error: str = ""  # for people: a message (rules_engine.messages), said in the reader's language
    line: int | None = None  # ndjson line number


def parse_documents(text: str) -> list[ParsedDocument]:
    """Read an upload: a JSON object (one record), a JSON list (many), or ndjson (one
    document per line, blank lines ignored). A bad ndjson line becomes an error entry; the
    other lines are still read."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        return [ParsedDocument(1, error=msg("the file is empty"))]
    try:
        whole = request_json.loads(text, "file", max_bytes=None)  # the upload limit came first
    except request_json.NotJSON as not_json:
        exc = not_json.error
        if not isinstance(exc, json.JSONDecodeError):
            return [ParsedDocument(1, error=not_json.reason)]
        lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
        if len(lines) == 1:
            return [
                ParsedDocument(1, error=msg("not valid JSON: {problem} (line {line} column {column})",
                                            problem=exc.msg, line=exc.lineno, column=exc.colno))
            ]
        return [_parse_line(number, n, line) for number, (n, line) in enumerate(lines, start=1)]
    except request_json.BadJSON as refused:  # nested too deeply: nothing of it is read
        return [ParsedDocument(1, error=refused.reason)]
    if isinstance(whole, list):
        return [ParsedDocument(i, document=doc) for i, doc in enumerate(whole, start=1)]
    return [ParsedDocument(1, document=whole)]


def _parse_line(number: int, line_no: int, line: str) -> ParsedDocument:
    try:
        return ParsedDocument(number, document=request_json.loads(line, "file", max_bytes=None), line=line_no)
    except request_json.NotJSON as not_json:
        exc = not_json.error
        if not isinstance(exc, json.JSONDecodeError):
            return ParsedDocument(number, error=not_json.reason, line=line_no)
        return ParsedDocument(
            number,
            error=msg("line {line} is not valid JSON: {problem} (column {column})",
                      line=line_no, problem=exc.msg, column=exc.colno),
            line=line_no,
        )
    except request_json.BadJSON as refused:
        return ParsedDocument(number, error=refused.reason, line=line_no)


def decode_upload(raw: bytes) -> str:
    """Uploads are UTF-8 (with or without a BOM) text; say so plainly when they are not. A NUL
    byte is no text either (and PostgreSQL cannot keep the upload for its import job). JSON
    nested past the limit (imhotep_lib/nesting.py) is refused here, before anything parses it."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(msg("the file is not UTF-8 text (byte {byte} cannot be read)", byte=exc.start)) from None
    if "\x00" in text:
        raise ValueError(msg("the file is not text: byte {byte} is a NUL", byte=raw.index(b"\x00")))
    nesting.check(raw)  # TooDeep is a ValueError: refused with the other unreadable files
    return text
