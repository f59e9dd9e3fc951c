"""Stones and cards arriving at the building sites (classic.md C5, C6): the market's card
picks (C5.1, C6.1) and the cards' effects on receipt (C7: red ones deliver a stone at once),
the pyramids (C5.2, C6.2), the temple and its end-of-round scoring (C5.3, C6.3), the burial
chamber (C5.4) and the obelisks (C5.5, C6.5).

Choices are asked of a chooser (`choosers`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rules_engine.classic.choosers import BONUS_PLACE, PYRAMID, TAKE, TEMPLE_CHOICE, Chooser
from rules_engine.classic.components import (
    BLUE,
    DECORATION_SITE,
    GREEN,
    PURPLE,
    PYRAMIDS_A_OVERFLOW,
    PYRAMIDS_A_VALUES,
    RED,
    RED_CARD_SITE,
    SLED_CAPACITY,
    TEMPLE_WIDTH,
)
from rules_engine.classic.deck import CARD_COLOUR, discard, draw
from rules_engine.classic.movefields import PAIR
from rules_engine.classic.state import (
    BURIAL,
    CARD_INDEX,
    NO_SITE,
    PYRAMIDS,
    SITE_INDEX,
    TEMPLE,
    ClassicState,
    Work,
    temple_tops,
)
from rules_engine.classic.words import (
    BY_RED_CARD,
    CHOOSES_PYRAMID,
    MAY_PLACE,
    POINT_OR_STONES,
    PYRAMID_BONUS_CARD,
    TAKES_CARD,
    TEMPLE_BONUS_CARD,
    Context,
)

RED_SITE = {CARD_INDEX[c]: SITE_INDEX[s] for c, s in RED_CARD_SITE.items()}
DECORATION = {CARD_INDEX[c]: s for c, s in DECORATION_SITE.items()}
TEMPLE_B_STONES = 2  # C6.3
PYRAMIDS_B_STONES = 3  # C6.2


# --------------------------------------------------------------------------- market (C5.1, C6.1)


def gain(w: Work, p: int, card: str, ch: Chooser, what: Context) -> None:
    """Player ``p`` receives ``card`` (C5.1, C7): red acts at once, then is discarded (at
    once, without effect, when the quarry is empty), the others are kept."""
    i = CARD_INDEX[card]
    kind = CARD_COLOUR[i]
    if kind is RED:
        if w.quarry[p]:
            w.quarry[p] -= 1
            deliver(w, p, RED_SITE[i], ch, (BY_RED_CARD, what, card))
        # C7 ruling of 2026-11-28: discarded after its effect, so a reshuffle that effect
        # causes (a Pyramids B card bonus on an empty deck, C6.2) does not hold the card.
        discard(w, card)
    elif kind is BLUE:
        w.blue[p].append(card)
    elif kind is GREEN:
        w.green[p].append(DECORATION[i])
    else:
        assert kind is PURPLE
        w.purple[p] += 1


def market_options(w: Work) -> list[Any]:
    """C5.1 / C6.1: a face-up card id, or on Market B one card kept from the pair."""
    opts: list[Any] = list(dict.fromkeys(w.market))
    if w.pair:
        opts += [(PAIR, c) for c in dict.fromkeys(w.pair)]
    return opts or [None]


def take_at_market(w: Work, p: int, ch: Chooser, what: Context) -> None:
    choice = ch.ask(TAKE, market_options(w), (TAKES_CARD, what, w.colours[p]))
    if choice is None:
        return
    if choice.__class__ is tuple:
        kept = choice[1]
        pair = w.pair
        pair.remove(kept)
        discard(w, pair.pop())
        gain(w, p, kept, ch, what)
    else:
        w.market.remove(choice)
        gain(w, p, choice, ch, what)


# --------------------------------------------------------------------------- sites (C5, C6)


def add_stones(w: Work, p: int, most: int) -> int:
    """Up to ``most`` stones from the quarry to the sled, as room and quarry allow."""
    n = min(most, SLED_CAPACITY - w.sled[p], w.quarry[p])
    if n > 0:
        w.quarry[p] -= n
        w.sled[p] += n
        return n
    return 0


def free_spots(w: Work) -> list[tuple[int, int]]:
    """Empty slots of the ships that have not sailed, as 0-based (ship, slot)."""
    slots, sailed = w.slots, w.sailed
    return [
        (s, k) for s, cap in enumerate(w.caps) if sailed[s] == NO_SITE for k in range(cap) if slots[s * 4 + k] is None
    ]


def deliver(w: Work, p: int, site: int, ch: Chooser, what: Context) -> None:
    """One stone of player ``p`` arrives at a building site (C5.2–C5.5, C6.2, C6.5)."""
    w.reached[p] |= 1 << site
    side_b = w.sides[site] == "B"
    if site == PYRAMIDS:
        if side_b:
            _pyramids_b(w, p, ch, what)
        else:
            k = len(w.pyr)
            w.pyr.append(p)
            w.track[p] += PYRAMIDS_A_VALUES[k] if k < len(PYRAMIDS_A_VALUES) else PYRAMIDS_A_OVERFLOW
    elif site == TEMPLE:
        w.temple.append(p)
    elif site == BURIAL:
        w.burial.append(p)
    else:
        w.obel[p] += 1
        if side_b and w.obel[p] == 3:
            values = tower_values(w)
            if len(w.towers) < len(values):  # no free tower space: the stones stay loose (ruling)
                w.obel[p] = 0
                w.towers.append(p)
                w.track[p] += values[len(w.towers) - 1]


def tower_values(w: Work | ClassicState) -> tuple[int, ...]:
    """C6.5: the tower spaces' values, highest first (a new tower takes the highest free one)."""
    return tuple(sorted(cast("Mapping[str, Any]", w.data.obelisks_b)["towers"], reverse=True))


def _pyramids_b(w: Work, p: int, ch: Chooser, what: Context) -> None:
    pyramids_b = cast("Mapping[str, Any]", w.data.pyramids_b)  # side B is played with its data (setup)
    shapes = pyramids_b["pyramids"]
    open_ = [k + 1 for k in range(3) if len(w.pyrb[k]) < len(shapes[k])]
    if not open_:
        w.pyr.append(p)
        w.track[p] += pyramids_b.get("overflow", 1)
        return
    k = ch.ask(PYRAMID, open_, (CHOOSES_PYRAMID, what, w.colours[p])) - 1
    space = shapes[k][len(w.pyrb[k])]
    w.pyrb[k].append(p)
    w.track[p] += space["value"]
    bonus = space["bonus"]
    if bonus == "card":
        card = draw(w, (PYRAMID_BONUS_CARD, what))
        if card is not None:
            gain(w, p, card, ch, what)
    elif bonus == "stones":
        add_stones(w, p, PYRAMIDS_B_STONES)
    elif bonus == "place" and w.sled[p]:
        spots = free_spots(w)
        if spots:
            options = [(s + 1, k2 + 1) for s, k2 in spots] + [None]
            spot = ch.ask(BONUS_PLACE, options, (MAY_PLACE, what, w.colours[p]))
            if spot is not None:
                w.sled[p] -= 1
                w.slots[(spot[0] - 1) * 4 + spot[1] - 1] = p


def score_temple(w: Work, ch: Chooser, what: Context) -> None:
    """C5.3 / C6.3, at the end of every round."""
    width = TEMPLE_WIDTH[w.n]
    tops = temple_tops(w.temple, width)
    if w.sides[TEMPLE] == "A":
        for p in tops:
            if p is not None:
                w.track[p] += 1
        return
    bonuses = cast("Mapping[str, Any]", w.data.temple_b)["spaces"][w.n]  # side B is played with its data
    for i, p in enumerate(tops):
        if p is None:
            continue
        bonus = bonuses[i]
        if bonus == "two-points":
            w.track[p] += 2
        elif bonus == "card":
            card = draw(w, (TEMPLE_BONUS_CARD, what, i + 1))
            if card is not None:
                gain(w, p, card, ch, what)
        else:
            pick = ch.ask(TEMPLE_CHOICE, ["point", "stones"], (POINT_OR_STONES, what, w.colours[p], i + 1))
            if pick == "point":
                w.track[p] += 1
            else:
                add_stones(w, p, TEMPLE_B_STONES)
