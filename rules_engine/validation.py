"""Small helpers the board validators of every game share (rules_engine/duel/board_validation.py
for F1, rules_engine/classic/board.py for F3): name a JSON value's type, show a found value,
report an unknown key with a close match, check a whole number in a range.

Each problem is a ``(path, message)`` pair, as `BoardError` collects them; the message is a
translatable `rules_engine.messages.Message` (docs/i18n.md), and so are the words a caller
passes in (``what``, the hints of ``required``: e.g. ``msg("obelisk tokens")``). Messages never
build the full repr of what a client sent (see `errors.shown`): a huge number or a deeply
nested list must give a message, not an exception.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeGuard

from rules_engine.errors import shown
from rules_engine.messages import msg

HUGE = 10**15  # numbers from here on are summarised in messages, never printed in full
#: Boards and records nest a few levels; anything deeper is refused before any game reads it
#: (the registry), so no game's code (repr in a message, json) ever recurses through a hostile
#: document.
MAX_DEPTH = 32


def is_int(value: object) -> TypeGuard[int]:
    """A JSON whole number: an int, but not a bool (True is an int in Python)."""
    # A plain int first: what a parsed document holds, and answered without two isinstance calls.
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def json_type(value: object) -> str:
    """Name a value's type the way a person writing JSON would (JSON's own ``null``, ``true``
    and ``false`` as they are, everything else in words)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        # Translators: the type of a JSON value, as in "must be a list, got a number".
        return msg("a number")
    if isinstance(value, float):
        # Translators: the type of a JSON value (NaN or infinity), as in "must be a whole number, got …".
        return msg("a number") if math.isfinite(value) else msg("a non-finite number")
    if isinstance(value, str):
        if len(value) <= 30:
            # Translators: a JSON string found where something else was expected: "got text 'abc'".
            return msg("text {text}", text=repr(value[:30]))
        # Translators: a long JSON string, cut short: "got text 'abc…'…".
        return msg("text {text}…", text=repr(value[:30]))
    if isinstance(value, list | tuple):
        # Translators: the type of a JSON value, as in "must be an object, got a list".
        return msg("a list")
    if isinstance(value, Mapping):
        # Translators: the type of a JSON value, as in "must be a list, got an object".
        return msg("an object")
    return type(value).__name__


def show(value: object) -> int | str:
    """A found value for a message: numbers as themselves (huge ones summarised, since str()
    of a very long int raises), anything else by its JSON type."""
    if is_int(value):
        if abs(value) < HUGE:
            return int(value)
        # Translators: a number too long to print in a message, as in "must be between 0 and 12, got …".
        return msg("a huge number") if value > 0 else msg("a huge negative number")
    return json_type(value)


def unknown(key: object, path: str, allowed: Sequence[str], what: str) -> tuple[str, str]:
    """The problem for a key that is not one of ``allowed``, suggesting a close one. ``what``
    names the kind of key for people (``msg("field")``, ``msg("monument")``)."""
    shown_key = key if isinstance(key, str) else shown(key)
    sub = f"{path}.{shown_key}" if path else str(shown_key)
    names = tuple(allowed)
    if isinstance(key, str):
        close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
        if close:
            # Translators: {what} is e.g. "field" or "monument"; {close} and {allowed} are JSON keys.
            return sub, msg("unknown {what}; did you mean {close}? (allowed: {allowed})", what=what,
                            close=repr(close[0]), allowed=names)
    # Translators: {what} is e.g. "field" or "monument"; {allowed} lists JSON keys.
    return sub, msg("unknown {what} (allowed: {allowed})", what=what, allowed=names)


def player_object(
    p: object, path: str, allowed: Sequence[str], required: Mapping[str, str], errors: list[tuple[str, str]]
) -> TypeGuard[Mapping[str, object]]:
    """Check that a board's player entry is an object with only ``allowed`` keys and every key of
    ``required`` (key → hint for people, a message); record each problem in ``errors``. False
    when ``p`` is not an object at all (nothing more can be read from it)."""
    if not isinstance(p, Mapping):
        errors.append((path, msg("must be an object with a player's board, got {found}", found=json_type(p))))
        return False
    for key in p:
        if key not in allowed:
            # Translators: the kind of key in "unknown field (allowed: …)".
            errors.append(unknown(key, path, allowed, msg("field")))
    for key, hint in required.items():
        if key not in p:
            # Translators: a missing JSON field; {hint} says what it holds, e.g. "number of obelisk tokens, 0–12".
            errors.append((f"{path}.{key}", msg("is required ({hint})", hint=hint)))
    return True


def player_name(p: Mapping[str, object], path: str, errors: list[tuple[str, str]]) -> str | None:
    """A board's player entry's optional ``name``: the text, or None when it is left out or is
    not text (then recorded in ``errors``)."""
    name = p.get("name")
    if name is None or isinstance(name, str):
        return name
    errors.append((f"{path}.name", msg("must be text or be left out, got {found}", found=json_type(name))))
    return None


def int_in(value: object, path: str, lo: int, hi: int, what: str, errors: list[tuple[str, str]]) -> int | None:
    """An integer lo..hi, or record why not in ``errors``. Neither a bool nor a float (not even
    a whole, finite one: JSON writers that print 3.0 are told to drop the decimal point).
    ``what`` names the things counted, for people (``msg("obelisk tokens")``)."""
    if not is_int(value):
        if isinstance(value, float) and math.isfinite(value) and value.is_integer() and abs(value) < HUGE:
            # Translators: {what} is e.g. "obelisk tokens"; {value} is the number as sent, e.g. 3.0.
            errors.append((path, msg("must be a whole number of {what} written without a decimal point, got {value}",
                                     what=what, value=repr(value))))
        else:
            # Translators: {what} is e.g. "obelisk tokens"; {found} is e.g. "a list" or "text 'x'".
            errors.append((path, msg("must be a whole number of {what} ({lo}–{hi}), got {found}", what=what, lo=lo,
                                     hi=hi, found=json_type(value))))
        return None
    if not lo <= value <= hi:
        errors.append((path, msg("must be between {lo} and {hi}, got {value}", lo=lo, hi=hi, value=show(value))))
        return None
    return value


_LEAVES = frozenset({str, int, float, bool, type(None)})


def too_deep(document: object, depth: int = 0) -> bool:
    """Whether lists/objects nest more than MAX_DEPTH levels. Recursive, but never deeper than
    MAX_DEPTH calls: it answers before going further."""
    if type(document) in _LEAVES:  # most of a document, and an isinstance against Mapping is slow
        return False
    if type(document) is dict or isinstance(document, Mapping):
        items: Iterable[object] = document.values()
    elif isinstance(document, list | tuple):
        items = document
    else:
        return False
    if depth >= MAX_DEPTH:
        return True
    for item in items:  # noqa: SIM110  # a loop: any() over a generator costs a third more here
        if type(item) not in _LEAVES and too_deep(item, depth + 1):
            return True
    return False
