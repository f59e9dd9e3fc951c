"""The 60 cargo tokens of the Duel (duel.md D1) and what each one is.

Tokens are carried through the engine as their record ids (plain strings such as
``"tomb-7"``); the tables here say what kind each id is and what it does on arrival (D5).
"""

from __future__ import annotations

from collections import Counter

from rules_engine.errors import shown
from rules_engine.messages import msg

OBELISK = "obelisk"
PYRAMID_LIGHT = "pyramid-light"
PYRAMID_DARK = "pyramid-dark"
TEMPLES = tuple(f"temple-{v}" for v in range(1, 5))
TOMBS = tuple(f"tomb-{n}" for n in range(1, 13))
TAKE_TOKEN = "take-token"
PLACE_MEEPLES = "place-meeples"
PLACE_UNLOAD = "place-unload"
SWAP_UNLOAD = "swap-unload"
ACTIONS = (TAKE_TOKEN, PLACE_MEEPLES, PLACE_UNLOAD, SWAP_UNLOAD)

# D1: how many of each id are in the box.
TOKEN_COUNTS: dict[str, int] = {
    OBELISK: 12,
    PYRAMID_LIGHT: 6,
    PYRAMID_DARK: 6,
    **dict.fromkeys(TEMPLES, 3),
    **dict.fromkeys(TOMBS, 1),
    **dict.fromkeys(ACTIONS, 3),
}
TOKEN_IDS: tuple[str, ...] = tuple(TOKEN_COUNTS)  # 23 distinct ids, canonical order
TOKEN_INDEX: dict[str, int] = {t: i for i, t in enumerate(TOKEN_IDS)}
ALL_TOKENS: tuple[str, ...] = tuple(t for t in TOKEN_IDS for _ in range(TOKEN_COUNTS[t]))
FULL_COUNTER: Counter[str] = Counter(ALL_TOKENS)
assert len(ALL_TOKENS) == 60

# Kind codes, so the arrival step (D5) is one small-int comparison chain.
K_OBELISK, K_LIGHT, K_DARK, K_TEMPLE, K_TOMB, K_ACTION = range(6)
KIND: dict[str, int] = {
    OBELISK: K_OBELISK,
    PYRAMID_LIGHT: K_LIGHT,
    PYRAMID_DARK: K_DARK,
    **dict.fromkeys(TEMPLES, K_TEMPLE),
    **dict.fromkeys(TOMBS, K_TOMB),
    **dict.fromkeys(ACTIONS, K_ACTION),
}
#: temple-v -> v and tomb-n -> n; the number a monument records for the token.
VALUE: dict[str, int] = {
    **{t: v for v, t in enumerate(TEMPLES, 1)},
    **{t: n for n, t in enumerate(TOMBS, 1)},
}
ACTION_SET = frozenset(ACTIONS)

# One shared object per id: tokens read from JSON are swapped for these, so the hot
# paths compare and hash the same few string objects.
CANONICAL: dict[str, str] = {t: t for t in TOKEN_IDS}


_ID_LIST = f"obelisk, pyramid-light, pyramid-dark, temple-1…temple-4, tomb-1…tomb-12, {', '.join(ACTIONS)}"


def describe_unknown_token(value: object) -> str:
    """A person-readable reason why ``value`` is not a token id (a translatable message; the
    ids themselves are the record format's, the same in every language)."""
    if not isinstance(value, str):
        # Translators: {kind} is a Python type name, {value} what was found, e.g. "int 7".
        return msg("a token id must be a string, got {kind} {value}", kind=type(value).__name__, value=shown(value))
    # Translators: {value} is what a record gave; {ids} lists the record ids of the tokens (kept as they are).
    return msg("unknown token id {value} (D1 ids: {ids})", value=shown(value), ids=_ID_LIST)
