"""Which base-game records the C7 ruling of 2026-11-28 replays differently (classic.md C7: a red
card is discarded **after** its effect, so a reshuffle its own effect causes does not hold it).

Before the ruling the engine discarded the card first. The two orders differ only when a red
card's stone lands on a Pyramids B space whose card bonus (C6.2) finds the deck empty: the
reshuffled deck held the card, and every draw from then on may differ (a listed draw refused
one card later, a seeded game dealt other cards). `difference` replays a record both ways and
names the first move whose position differs, for `manage.py red_card_ruling`, run before
stored games meet the engine version that plays the ruling (docs/rulings.md, C7).

The engine plays the ruling; the rule before it lives here only to compare, swapped in for the
length of one replay (`_before_ruling`). The swap is process-wide: use it in a one-off command,
never in a process serving games.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from rules_engine.classic import deliveries
from rules_engine.classic.actions import play
from rules_engine.classic.choosers import Chooser
from rules_engine.classic.components import RED
from rules_engine.classic.deck import CARD_COLOUR, discard
from rules_engine.classic.game import parse_header
from rules_engine.classic.moveparse import parse_move
from rules_engine.classic.sitedata import EMPTY, SiteData
from rules_engine.classic.state import CARD_INDEX, ClassicState, Work
from rules_engine.classic.words import BY_RED_CARD, Context
from rules_engine.errors import IllegalMoveError

_RULED_GAIN = deliveries.gain
_SWAP = threading.Lock()


@dataclass(frozen=True)
class Difference:
    """How a record replays under the ruling compared with before it: ``ply``, the 0-based
    index of the first move whose position differs (or that one of the two refuses);
    ``refused``, why the ruling refuses the record and at which move (None: it replays);
    ``refused_before``, the same before the ruling."""

    ply: int
    refused: tuple[int, str] | None
    refused_before: tuple[int, str] | None


def can_differ(record: Mapping[str, object]) -> bool:
    """Whether the ruling can change ``record`` at all: only a red card's stone on Pyramids B
    (C6.2) draws a card during the card's effect."""
    sides = record.get("sides")
    return isinstance(sides, Mapping) and sides.get("pyramids") == "B"


def difference(record: Mapping[str, object], data: SiteData = EMPTY) -> Difference | None:
    """None when ``record`` replays to the same positions under the ruling and before it
    (the same moves refused too); else where and how they part. Raises `RecordError` when the
    header or setup is refused (the ruling plays no move there)."""
    if not can_differ(record):
        return None
    ruled = list(_positions(record, data))
    with _before_ruling():
        before = list(_positions(record, data))
    for k, (now, then) in enumerate(zip(ruled, before, strict=False)):
        if now != then:
            return Difference(k, _refusal(ruled), _refusal(before))
    if len(ruled) != len(before):  # cannot happen: a refusal ends a list and differs from a state
        return Difference(min(len(ruled), len(before)), _refusal(ruled), _refusal(before))
    return None


def _refusal(positions: list[ClassicState | tuple[int, str]]) -> tuple[int, str] | None:
    last = positions[-1] if positions else None
    return last if isinstance(last, tuple) else None


def _positions(record: Mapping[str, object], data: SiteData) -> Iterator[ClassicState | tuple[int, str]]:
    """The position after each move of ``record``; a refused move ends it as (index, reason)."""
    _header, state, raw_moves = parse_header(record, data)
    w = state.thaw()
    for k, raw in enumerate(raw_moves):
        try:
            play(w, parse_move(raw))
        except IllegalMoveError as exc:  # malformed or illegal (`replay_moves` catches the same)
            yield k, exc.reason
            return
        yield w.freeze()


def _gain_before_ruling(w: Work, p: int, card: str, ch: Chooser, what: Context) -> None:
    """`deliveries.gain` as it was before the ruling: a red card discarded before its effect."""
    i = CARD_INDEX[card]
    if CARD_COLOUR[i] is not RED:
        _RULED_GAIN(w, p, card, ch, what)
        return
    discard(w, card)
    if w.quarry[p]:
        w.quarry[p] -= 1
        deliveries.deliver(w, p, deliveries.RED_SITE[i], ch, (BY_RED_CARD, what, card))


@contextmanager
def _before_ruling() -> Iterator[None]:
    """The engine playing the rule before the ruling for the length of the block (one at a time)."""
    with _SWAP:
        deliveries.gain = _gain_before_ruling
        try:
            yield
        finally:
            deliveries.gain = _RULED_GAIN

