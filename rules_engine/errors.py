"""The engine's own errors. All subclass ValueError (as python-chess does), so callers that
only care "was the input acceptable" can catch ValueError, and nothing else ever escapes the
engine for bad input."""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from typing import Any

from rules_engine.messages import msg


class RulesError(ValueError):
    """Base class: some input broke the rules or the interchange format."""


class BoardError(RulesError):
    """An end-game board (F1/F3) failed validation.

    ``errors`` lists every problem found as ``(field_path, message)`` pairs, e.g.
    ``("players[1].tomb", "tomb 7 is held by both players")``, so an API can report them all.
    The messages are translatable `rules_engine.messages.Message` values (docs/i18n.md), and
    so is the exception's text, all of them joined.
    """

    def __init__(self, errors: Iterable[tuple[str, str]]) -> None:
        self.errors = list(errors)
        # "path: message; path: message", kept translatable like the messages themselves.
        super().__init__(joined(self.errors))


class IllegalMoveError(RulesError):
    """A move is malformed or breaks a rule. ``reason`` is for people (a translatable
    `rules_engine.messages.Message`); ``rule`` cites the section of the rules (e.g. ``"D4.2"``)
    when one applies."""

    def __init__(self, reason: str, rule: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(reason)


class RecordError(RulesError):
    """A game record (F2/F4) could not be replayed.

    ``move`` is the 0-based index into the record's ``moves`` of the offending move, or
    ``None`` when the problem is in the record's header or setup. ``reason`` is for people (a
    translatable `rules_engine.messages.Message`), and so is the exception's text.
    """

    def __init__(self, reason: str, move: int | None = None, rule: str | None = None) -> None:
        self.reason = reason
        self.move = move
        self.rule = rule
        # People count moves as the replay's move list does (the record's move 0 is move 1);
        # ``move`` itself stays the record's 0-based index (formats.md F2/F4).
        # Translators: a refused record: {move} is the move's number (first move: 1), {reason} why.
        super().__init__(reason if move is None else msg("move {move}: {reason}", move=move + 1, reason=reason))

    def to_json(self) -> dict[str, Any]:
        return {"error": {"move": self.move, "reason": self.reason}}


class UnknownGameError(RulesError):
    """A board or record names a game (or variant) that no loaded plugin provides."""


class PluginError(RulesError):
    """A plugin registered something malformed or a duplicate; raised while building the registry."""


def joined(problems: Iterable[tuple[str, str]]) -> str:
    """(field path, message) pairs as one message, "path: message; path: message", kept
    translatable (the same templates the web services use)."""
    # Translators: a problem of one field of a board or record: "players[0].tomb: …".
    return joined_parts(msg("{field}: {problem}", field=path, problem=message) for path, message in problems)


def joined_parts(parts: Iterable[str]) -> str:
    """``parts`` as one message "a; b; c", kept translatable when any part is a message. The
    parts are paired up as a balanced tree, so thousands of them cost O(n log n), not O(n²)."""
    level = list(parts)
    if not level:
        return ""
    while len(level) > 1:
        paired: list[str] = [
            # Translators: two problems (or lists of them) of one refusal, e.g. "players[0].name: …; tomb: …".
            msg("{first}; {then}", first=level[i], then=level[i + 1])
            for i in range(0, len(level) - 1, 2)
        ]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0]


class _Short(reprlib.Repr):
    """repr with a bounded depth and length: small values print exactly as ``repr``."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdeque = self.maxdict = 8
        self.maxstring = self.maxother = 80
        self.maxlong = 4300


_SHORT = _Short()


def shown(value: object, width: int = 40) -> str:
    """At most ``width`` characters of ``repr(value)`` for an error message, whatever the value.

    Plain ``f"{value!r:.40}"`` builds the whole repr first: a list nested 100 000 deep raises
    RecursionError, a number too long to print raises ValueError, and either would escape the
    engine instead of its RulesError. This one stops at a few levels and characters."""
    if isinstance(value, str):
        text = repr(value[: width + 1])
    else:
        try:
            text = _SHORT.repr(value)
        except (ValueError, RecursionError):  # e.g. an int beyond Python's 4300 printable digits
            text = f"<{type(value).__name__}>"
    return text[:width]
