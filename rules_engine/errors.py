"""The engine's own errors. All subclass ValueError (as python-chess does), so callers that
only care "was the input acceptable" can catch ValueError, and nothing else ever escapes the
engine for bad input."""

from __future__ import annotations

import reprlib


class RulesError(ValueError):
    """Base class: some input broke the rules or the interchange format."""


class BoardError(RulesError):
    """An end-game board (F1/F3) failed validation.

    ``errors`` lists every problem found as ``(field_path, message)`` pairs, e.g.
    ``("players[1].tomb", "tomb-7 is held by both players")``, so an API can report them all.
    """

    def __init__(self, errors: list[tuple[str, str]]):
        self.errors = list(errors)
        super().__init__("; ".join(f"{path}: {msg}" for path, msg in self.errors))


class IllegalMoveError(RulesError):
    """A move is malformed or breaks a rule. ``reason`` is for people; ``rule`` cites the
    section of the rules (e.g. ``"D4.2"``) when one applies."""

    def __init__(self, reason: str, rule: str | None = None):
        self.reason = reason
        self.rule = rule
        super().__init__(reason)


class RecordError(RulesError):
    """A game record (F2/F4) could not be replayed.

    ``move`` is the 0-based index into the record's ``moves`` of the offending move, or
    ``None`` when the problem is in the record's header or setup.
    """

    def __init__(self, reason: str, move: int | None = None, rule: str | None = None):
        self.reason = reason
        self.move = move
        self.rule = rule
        prefix = f"move {move}: " if move is not None else ""
        super().__init__(prefix + reason)

    def to_json(self) -> dict:
        return {"error": {"move": self.move, "reason": self.reason}}


class UnknownGameError(RulesError):
    """A board or record names a game (or variant) that no loaded plugin provides."""


class PluginError(RulesError):
    """A plugin registered something malformed or a duplicate; raised while building the registry."""


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
