"""Duel tokens as people name them at the table: short labels typed while transcribing
(``T2``, ``#7``, ``Ob``, ``PL``), the board's own words ("tomb 5", "light pyramid"), or the
record ids of formats.md F2 (``tomb-5``). Everything resolves to a record id (duel.md D1).

The palette of the live-entry page also comes from here: each face as printed, its short
label, and how many of it remain unseen.

The board's words (`NAMES`) are translatable messages (docs/i18n.md) that the engine's own
sentences use for tokens. `SHORT` holds the canonical English labels and `parse_label` reads
the same spellings in every language: the web layer (games/ui/duel/token_labels.py) shows each
language's labels and turns them into record ids before calling it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules_engine.duel.tokens import (
    ACTIONS,
    OBELISK,
    PLACE_MEEPLES,
    PLACE_UNLOAD,
    PYRAMID_DARK,
    PYRAMID_LIGHT,
    SWAP_UNLOAD,
    TAKE_TOKEN,
    TEMPLES,
    TOKEN_COUNTS,
    TOKEN_IDS,
    TOMBS,
)
from rules_engine.messages import Message, msg


class LabelError(ValueError):
    """A label that names no token; the message says what was typed and what would work."""


@dataclass(frozen=True)
class Face:
    """A token face as printed, for the palette."""

    token: str  # record id
    short: str  # what to type: T2, #7, Ob, PL …
    name: Message  # the board's words: "temple 2", "tomb 7" …
    kind: str  # obelisk | pyramid | temple | tomb | action


SHORT: dict[str, str] = {
    OBELISK: "Ob",
    PYRAMID_LIGHT: "PL",
    PYRAMID_DARK: "PD",
    **{t: f"T{v}" for v, t in enumerate(TEMPLES, 1)},
    **{t: f"#{n}" for n, t in enumerate(TOMBS, 1)},
    TAKE_TOKEN: "Take",
    PLACE_MEEPLES: "P23",
    PLACE_UNLOAD: "P1U",
    SWAP_UNLOAD: "SwU",
}
#: Each token in the board's words, by record id (what the engine's sentences call it).
NAMES: dict[str, Message] = {
    # Translators: a Duel token (the rulebook's word).
    OBELISK: msg("obelisk"),
    # Translators: a Duel token: one of the light pyramid's blocks.
    PYRAMID_LIGHT: msg("light pyramid"),
    # Translators: a Duel token: one of the dark pyramid's blocks.
    PYRAMID_DARK: msg("dark pyramid"),
    # Translators: a Duel temple token showing {value} symbols (1 to 4), e.g. "temple 2".
    **{t: msg("temple {value}", value=v) for v, t in enumerate(TEMPLES, 1)},
    # Translators: the Duel tomb token numbered {number} (1 to 12), e.g. "tomb 7".
    **{t: msg("tomb {number}", number=n) for n, t in enumerate(TOMBS, 1)},
    # Translators: a Duel action token, as printed on it.
    TAKE_TOKEN: msg("take 1 token"),
    # Translators: a Duel action token, as printed on it.
    PLACE_MEEPLES: msg("place 2–3 meeples"),
    # Translators: a Duel action token, as printed on it.
    PLACE_UNLOAD: msg("place 1 meeple and unload 1–2×"),
    # Translators: a Duel action token, as printed on it.
    SWAP_UNLOAD: msg("swap 2 tokens and unload"),
}


def _kind(token: str) -> str:
    if token in ACTIONS:
        return "action"
    return token.split("-")[0]


FACES: tuple[Face, ...] = tuple(Face(t, SHORT[t], NAMES[t], _kind(t)) for t in TOKEN_IDS)

# Spellings, compared after lower-casing and dropping spaces, dashes, dots and underscores.
_ALIASES: dict[str, str] = {
    "ob": OBELISK, "o": OBELISK, "obelisk": OBELISK, "obelisks": OBELISK,
    "pl": PYRAMID_LIGHT, "light": PYRAMID_LIGHT, "lightpyramid": PYRAMID_LIGHT, "pyramidlight": PYRAMID_LIGHT,
    "pd": PYRAMID_DARK, "dark": PYRAMID_DARK, "darkpyramid": PYRAMID_DARK, "pyramiddark": PYRAMID_DARK,
    "take": TAKE_TOKEN, "tt": TAKE_TOKEN, "taketoken": TAKE_TOKEN, "take1token": TAKE_TOKEN, "take1": TAKE_TOKEN,
    "p23": PLACE_MEEPLES, "pm": PLACE_MEEPLES, "placemeeples": PLACE_MEEPLES, "place23meeples": PLACE_MEEPLES,
    "p1u": PLACE_UNLOAD, "pu": PLACE_UNLOAD, "placeunload": PLACE_UNLOAD, "place1meepleandunload12x": PLACE_UNLOAD,
    "place1meepleandunload12": PLACE_UNLOAD,  # NAMES' own "… 1–2×" (× is dropped like a dash)
    "swu": SWAP_UNLOAD, "su": SWAP_UNLOAD, "swap": SWAP_UNLOAD, "swapunload": SWAP_UNLOAD,
    "swap2tokensandunload": SWAP_UNLOAD,
}
_NUMBERED = re.compile(r"^(t|temple|#|tomb|g|grab)(\d{1,2})$")
_DROP = re.compile(r"[\s\-_.×]+")
#: What can be typed (in every language: the form reads these spellings only).
_EXAMPLES = "Ob, PL, PD, T1–T4, #1–#12, Take, P23, P1U, SwU (or tomb 7, temple 2)"


def _resolve(raw: str) -> str | None:
    """The record id ``raw`` (stripped) names, or None."""
    if raw.lower() in TOKEN_COUNTS:
        return raw.lower()
    key = _DROP.sub("", raw.lower()).replace("–", "")
    if key in _ALIASES:
        return _ALIASES[key]
    match = _NUMBERED.match(key)
    if match:
        letters, number = match[1], int(match[2])
        if letters in ("t", "temple"):
            return TEMPLES[number - 1] if 1 <= number <= 4 else None
        return TOMBS[number - 1] if 1 <= number <= 12 else None
    return None


def _not_a_token(raw: str) -> LabelError:
    """Why ``raw`` names no token."""
    match = _NUMBERED.match(_DROP.sub("", raw.lower()).replace("–", ""))
    if match and match[1] in ("t", "temple"):
        # Translators: {label} is what was typed, e.g. 'T5'.
        return LabelError(msg("{label}: temple tokens show 1 to 4 symbols", label=repr(raw)))
    if match:
        # Translators: {label} is what was typed, e.g. '#13'.
        return LabelError(msg("{label}: tomb tokens are numbered 1 to 12", label=repr(raw)))
    # Translators: {label} is what was typed; {examples} are the short labels the form reads (kept as they are).
    return LabelError(msg("{label} is not a token: type e.g. {examples}", label=repr(raw), examples=_EXAMPLES))


def parse_label(text: str) -> str:
    """One token's record id from a label; LabelError (its message translatable) says what
    was not understood."""
    raw = str(text).strip()
    token = _resolve(raw)
    if token is None:
        raise _not_a_token(raw)
    return token


def parse_labels(text: str) -> list[str]:
    """Several tokens, separated by commas, semicolons or spaces: "tomb 5, obelisk, T2",
    "#5 Ob T2" and "tomb 5 light pyramid T2" all work. Words are read greedily, the longest
    run of up to 6 words that names a token first."""
    out: list[str] = []
    for part in re.split(r"\s*[,;]\s*", str(text).strip()):
        words = part.split()
        i = 0
        while i < len(words):
            for j in range(min(len(words), i + 6), i, -1):
                token = _resolve(" ".join(words[i:j]))
                if token is not None:
                    out.append(token)
                    i = j
                    break
            else:
                raise LabelError(msg("{label} is not a token: type e.g. {examples}", label=repr(words[i]),
                                     examples=_EXAMPLES))
    return out


def remaining(unseen: Mapping[str, int], picked: Iterable[str] = ()) -> dict[str, int]:
    """How many of each token can still be turned up: the unseen counts less those already
    picked in the form being filled (never below 0)."""
    left = Counter({t: unseen.get(t, 0) for t in TOKEN_IDS})
    left.subtract(Counter(picked))
    return {t: max(0, left[t]) for t in TOKEN_IDS}
