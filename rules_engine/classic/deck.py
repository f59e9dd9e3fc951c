"""The market deck (classic.md C7): turning up cards (listed draws, a playout's generator or a
seeded game's deal), discarding, and playing a blue card (C4.4); also `colour`, a player's
colour for the messages of every action module.
"""

from __future__ import annotations

import random

from rules_engine.classic.components import CARDS
from rules_engine.classic.state import CARD_IDS, CARD_INDEX, Work
from rules_engine.classic.words import Context, card_name, colour_name, doing, refusal
from rules_engine.errors import IllegalMoveError
from rules_engine.messages import Message, msg, plural

CARD_COLOUR = tuple(CARDS[c][0] for c in CARD_IDS)


class DrawsExhausted(IllegalMoveError):
    """A market draw is needed beyond the record's ``setup.market_draws`` (F4)."""


class DrawsNeeded(DrawsExhausted):
    """A transcribed game (F4 ``setup.transcribed``, docs/rulings.md) reached a round whose card
    or market cards have not been turned up at the table yet: ``round_card`` whether the
    round card is missing, ``market`` how many market cards the reveal still needs (C3.1–C3.2)."""

    def __init__(self, reason: Message, *, round_card: bool, market: int):
        super().__init__(reason, "F4")
        self.round_card = round_card
        self.market = market


def colour(w: Work, p: int) -> Message:
    """Player ``p``'s colour in words, for a refusal."""
    return colour_name(w.colours[p])


# --------------------------------------------------------------------------- cards (C7)


def draw(w: Work, what: Context) -> str | None:
    """Turn up the top market card; None when deck and discards are both empty (C7 ruling:
    the discards are shuffled into a new deck when the deck is empty). ``what`` is the
    refusal's context (`words.doing`)."""
    if w.ndeck == 0:
        if w.ndiscard == 0:
            return None
        w.deck, w.discard = w.discard, [0] * len(CARD_IDS)
        w.ndeck, w.ndiscard = w.ndiscard, 0
    k = w.ndrawn
    if k == len(w.draws):
        if w.rng is not None:  # a random playout: its generator turns the card up
            i = card_at(w.deck, w.rng.randrange(w.ndeck))
            assert isinstance(w.draws, list)  # a playout's draws grow as it turns cards up
            w.draws.append(CARD_IDS[i])
        elif w.seed is not None:  # a seeded (live) game: dealt from the seed (`dealt_index`)
            i = card_at(w.deck, dealt_index(w.seed, k, w.ndeck))
            w.draws = (*w.draws, CARD_IDS[i])  # a new tuple: the legal-move search shares it
        else:
            raise DrawsExhausted(
                plural(
                    "{what} needs market card {draw}, but setup.market_draws lists only {n} card (F4)",
                    "{what} needs market card {draw}, but setup.market_draws lists only {n} cards (F4)",
                    what=doing(what),
                    draw=k + 1,  # counted from 1, as people count cards turned up
                    n=k,
                ),
                "F4",
            )
        card = CARD_IDS[i]
    else:
        card = w.draws[k]
        i = CARD_INDEX[card]
        if w.deck[i] == 0:
            # The record's list contradicts the deck: named by the card ids the list holds (F4).
            left = ", ".join(f"{n} {c}" for c, n in zip(CARD_IDS, w.deck, strict=True) if n)
            reason = msg(
                "setup.market_draws[{k}] is {card}, but no {card} is left in the deck at that point "
                "(the deck holds {left}) (F4)",
                k=k,
                card=card,
                left=left,
            )
            raise IllegalMoveError(refusal(what, reason), "F4")
    w.deck[i] -= 1
    w.ndeck -= 1
    w.ndrawn = k + 1
    return card


def dealt_index(seed: int, k: int, ndeck: int) -> int:
    """Market draw ``k`` of a seeded game beyond its listed draws (docs/rulings.md, F4
    ``setup.seed``): a uniform position in the deck of ``ndeck`` cards as it is at that moment
    (after a reshuffle: the former discards, C7), laid out in the C7 table's order (`card_at`,
    `CARD_IDS`). A fresh generator per draw, so the card
    depends only on the seed, the draw's number and the deck, never on which moves or
    legal-move searches ran before: the move offered and the move applied see the same card."""
    return random.Random(f"classic-market:{seed}:{k}").randrange(ndeck)


def card_at(deck: list[int], r: int) -> int:
    """The card index at position ``r`` of a deck given as counts per `CARD_IDS` (the C7
    table's order, each card as often as the deck holds it)."""
    i = 0
    while r >= deck[i]:
        r -= deck[i]
        i += 1
    return i


def discard(w: Work, card: str) -> None:
    w.discard[CARD_INDEX[card]] += 1
    w.ndiscard += 1


def spend(w: Work, card: str, what: str) -> None:
    """C4.4: play a blue card the player holds (any card held at the start of a turn was
    taken on an earlier turn); it is discarded as it is played (docs/rulings.md)."""
    hand = w.blue[w.to_move]
    if card not in hand:
        reason = msg("{colour} holds no {card} card (C4.4)", colour=colour(w, w.to_move), card=card_name(card))
        raise IllegalMoveError(refusal(what, reason), "C4.4")
    hand.remove(card)
    discard(w, card)
