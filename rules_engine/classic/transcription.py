"""Recording a base game at a physical table (F4 ``setup.transcribed``, docs/rulings.md): the
round cards and market cards are written down as they are turned up, not known in advance.

The record lists the cards seen so far; a move that starts a round (or draws a card) before its
cards are listed is refused with `DrawsNeeded`, which says what to turn up. A live-entry page
asks for those cards and stores them together with the move. Apart from when each card becomes
known, a transcribed game replays exactly like one dealt in advance.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.classic.components import DECK, ROUND_CARDS
from rules_engine.classic.deck import DrawsExhausted, DrawsNeeded
from rules_engine.classic.state import ClassicState
from rules_engine.errors import IllegalMoveError


@dataclass(frozen=True)
class Needs:
    """What the table must turn up before a move can be recorded."""

    round_card: bool  # the next round card (C3.1)
    market: int  # this many market cards, in the order drawn (C3.2, C7)


def needs(state: ClassicState, move: Mapping[str, Any]) -> Needs | None:
    """None when ``move`` can be applied with the cards listed so far (or is illegal for
    another reason, which applying it reports); else what must be turned up first."""
    from rules_engine.classic.game import apply_move

    try:
        apply_move(state, move)
    except DrawsNeeded as exc:
        return Needs(exc.round_card, exc.market)
    except DrawsExhausted:  # a card drawn during play: a B-side bonus (C6.2, C6.3)
        return Needs(False, 1)
    except IllegalMoveError:
        return None
    return None


def round_cards_left(players: int, seen: list[Any]) -> list[tuple[int, ...]]:
    """The round cards that can still turn up: the player count's 7 (C1) less those seen (one
    of the 7 was set aside unseen, C2.1, so any unseen one may come)."""
    left = Counter(ROUND_CARDS[players])
    left.subtract(Counter(tuple(c) for c in seen))
    return [card for card in dict.fromkeys(ROUND_CARDS[players]) if left[card] > 0]


def market_left(state: ClassicState) -> dict[str, int]:
    """How many of each market card the deck holds now (after a reshuffle: the former discards, C7)."""
    return state.deck_left


def market_left_at_start() -> dict[str, int]:
    return dict(DECK)


def in_use(state: ClassicState) -> tuple[int, int]:
    """How many round cards and market draws the moves so far have used (for undo)."""
    return min(state.round, len(state.round_cards)), state.draws_used  # round is 1-based


def transcribed(record: Mapping[str, Any]) -> dict[str, Any]:
    """A dealt record rewritten as its table transcript would start: round 1's card and
    market only (the rest is turned up move by move)."""
    setup = record["setup"]
    size = 4 if record.get("sides", {}).get("market", "A") == "A" else 5
    return {
        **record,
        "setup": {"round_cards": setup["round_cards"][:1], "market_draws": setup["market_draws"][:size],
                  "transcribed": True},
    }


def trimmed_setup(record: Mapping[str, Any]) -> dict[str, Any]:
    """``record``'s setup without the cards its moves have not used yet: after an undo, cards
    entered with the undone move can be entered again (corrected), as at the table."""
    from rules_engine.classic.record import replay

    state = replay(record).states[-1]
    cards, draws = in_use(state)
    setup = record["setup"]
    cut = {"round_cards": setup["round_cards"][: max(1, cards)], "market_draws": setup["market_draws"][:draws]}
    return {**setup, **cut}
