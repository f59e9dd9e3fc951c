"""Small helpers the board validators of every game share (rules_engine/duel/board.py for F1,
rules_engine/classic/board.py for F3): name a JSON value's type, show a found value, report
an unknown key with a close match, check a whole number in a range.

Each problem is a ``(path, message)`` pair, as `BoardError` collects them. Messages never
build the full repr of what a client sent (see `errors.shown`): a huge number or a deeply
nested list must give a message, not an exception.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping, Sequence

from rules_engine.errors import shown

HUGE = 10**15  # numbers from here on are summarised in messages, never printed in full


def is_int(value: object) -> bool:
    """A JSON whole number: an int, but not a bool (True is an int in Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def json_type(value: object) -> str:
    """Name a value's type the way a person writing JSON would."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a number" if math.isfinite(value) else "a non-finite number"
    if isinstance(value, str):
        return f"text {value[:30]!r}" if len(value) <= 30 else f"text {value[:30]!r}…"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def show(value: object) -> str:
    """A found value for a message: numbers as themselves (huge ones summarised, since str()
    of a very long int raises), anything else by its JSON type."""
    if is_int(value):
        if abs(value) < HUGE:
            return str(value)
        return "a huge number" if value > 0 else "a huge negative number"
    return json_type(value)


def unknown(key: object, path: str, allowed: Sequence[str], what: str) -> tuple[str, str]:
    """The problem for a key that is not one of ``allowed``, suggesting a close one."""
    shown_key = key if isinstance(key, str) else shown(key)
    sub = f"{path}.{shown_key}" if path else str(shown_key)
    hint = ""
    if isinstance(key, str):
        close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
        if close:
            hint = f"; did you mean {close[0]!r}?"
    return sub, f"unknown {what}{hint} (allowed: {', '.join(allowed)})"


def player_object(p: object, path: str, allowed: Sequence[str], required: Mapping[str, str], errors: list) -> bool:
    """Check that a board's player entry is an object with only ``allowed`` keys and every key of
    ``required`` (key → hint for people); record each problem in ``errors``. False when ``p`` is
    not an object at all (nothing more can be read from it)."""
    if not isinstance(p, Mapping):
        errors.append((path, f"must be an object with a player's board, got {json_type(p)}"))
        return False
    for key in p:
        if key not in allowed:
            errors.append(unknown(key, path, allowed, "field"))
    for key, hint in required.items():
        if key not in p:
            errors.append((f"{path}.{key}", f"is required ({hint})"))
    return True


def int_in(value: object, path: str, lo: int, hi: int, what: str, errors: list) -> int | None:
    """An integer lo..hi, or record why not in ``errors``. Neither a bool nor a float (not even
    a whole, finite one: JSON writers that print 3.0 are told to drop the decimal point)."""
    if not is_int(value):
        if isinstance(value, float) and math.isfinite(value) and value.is_integer() and abs(value) < HUGE:
            errors.append((path, f"must be a whole number of {what} written without a decimal point, got {value!r}"))
        else:
            errors.append((path, f"must be a whole number of {what} ({lo}–{hi}), got {json_type(value)}"))
        return None
    if not lo <= value <= hi:
        errors.append((path, f"must be between {lo} and {hi}, got {show(value)}"))
        return None
    return value
