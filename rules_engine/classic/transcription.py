"""Recording a base game at a physical table (F4 ``setup.transcribed``, docs/rulings.md): the
round cards and market cards are written down as they are turned up, not known in advance.

The record lists the cards seen so far; a move that starts a round (or draws a card) before its
cards are listed is refused with `DrawsNeeded`, which says what to turn up. A live-entry page
asks for those cards and stores them together with the move. Apart from when each card becomes
known, a transcribed game replays exactly like one dealt in advance.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.classic.components import DECK, ROUND_CARDS
from rules_engine.classic.deck import DrawsExhausted, DrawsNeeded
from rules_engine.classic.state import ClassicState
from rules_engine.errors import IllegalMoveError, RecordError
from rules_engine.gametype import Needs, TableAnswers
from rules_engine.messages import msg

#: Where a transcribed record lists the cards turned up so far (F4 ``setup``), in the order drawn.
CARD_KEYS = ("round_cards", "market_draws")


@dataclass(frozen=True)
class CardsNeeded(Needs):
    """The cards the table must turn up before a move can be recorded."""

    round_card: bool  # the next round card (C3.1)
    market: int  # this many market cards, in the order drawn (C3.2, C7)
    move: Mapping[str, object] = field(compare=False)  # the move they are turned up for


def needs(state: ClassicState, move: Mapping[str, object]) -> CardsNeeded | None:
    """None when ``move`` can be applied with the cards listed so far (or is illegal for
    another reason, which applying it reports); else what must be turned up first."""
    from rules_engine.classic.game import apply_move

    try:
        apply_move(state, move)
    except DrawsNeeded as exc:
        return CardsNeeded(exc.round_card, exc.market, move)
    except DrawsExhausted:  # a card drawn during play: a B-side bonus (C6.2, C6.3)
        return CardsNeeded(False, 1, move)
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


def drawn_at_random(state: ClassicState, need: CardsNeeded, rng: random.Random) -> dict[str, Any] | None:
    """``need``'s cards drawn at random from those that can still turn up at ``state`` (the
    round card from the player count's unseen ones, C2.1; market cards from the deck, C7), as
    `with_cards` takes them; None when they cannot be drawn (no round card left, or the move
    they are for is refused)."""
    out: dict[str, Any] = {"round_cards": [], "market_draws": []}
    card = None
    if need.round_card:
        left = round_cards_left(state.players, list(state.round_cards))
        if not left:
            return None
        card = left[rng.randrange(len(left))]
        out["round_cards"] = [list(card)]
    if not need.market:
        return out
    drawn = _dealt_during(state, need.move, card, rng)
    if drawn is None or len(drawn) < need.market:
        return None
    out["market_draws"] = drawn[: need.market]
    return out


def _dealt_during(state: ClassicState, move: Mapping[str, object], round_card: tuple[int, ...] | None,
                  rng: random.Random) -> list[str] | None:
    """The market cards ``move`` turns up beyond those listed, each dealt at random from the deck
    as it is at that moment: the engine's own seeded deal (`deck.draw`), so the round's leftovers
    are discarded first and an empty deck is reshuffled from the discards mid-draw (C7)."""
    from rules_engine.classic.game import apply_move

    w = state.thaw()
    listed = len(w.draws)
    w.seed, w.transcribed = rng.getrandbits(32), False
    if round_card is not None:
        w.cards = (*w.cards, round_card)
    try:
        after = apply_move(w.freeze(), move)
    except IllegalMoveError:
        return None
    return list(after.market_draws[listed:])


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


def with_cards(record: Mapping[str, Any], turned_up: TableAnswers) -> dict[str, Any]:
    """``record`` with the cards its last move made the table turn up (``turned_up``:
    ``{"round_cards": [[4, 3, 2, 1]], "market_draws": ["statue", …]}``) added to its setup.
    The replay checks every card; a record not set up from the table takes none."""
    setup = record.get("setup")
    moves = record.get("moves") or []
    if not isinstance(setup, Mapping) or setup.get("transcribed") is not True:
        raise RecordError(msg("this game was not set up from the table, so no cards can be added to it"),
                          len(moves) - 1 if moves else None)
    grown = dict(setup)
    for key in CARD_KEYS:
        added = turned_up.get(key, [])
        grown[key] = [*setup.get(key, []), *(added if isinstance(added, list) else [added])]
    return {**record, "setup": grown}


def without_cards(record: Mapping[str, object]) -> dict[str, Any]:
    """``record`` (a move just taken back) without the cards its moves no longer use, when it
    was set up from the table (`trimmed_setup`); else as it is."""
    setup = record.get("setup")
    if not isinstance(setup, Mapping) or setup.get("transcribed") is not True:
        return dict(record)
    return {**record, "setup": trimmed_setup(record)}
