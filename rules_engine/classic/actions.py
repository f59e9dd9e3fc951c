"""The base game's turn actions (classic.md C3–C7), carried out on a mutable `Work` with full
validation: one implementation of each rule, shared by `game.apply_move`, `record.replay`, the
legal-move search and the random playout. This module holds the rounds (C3) and the actions
(C4); the market deck is in `deck`, what happens at the sites in `deliveries`.

Choices that arise while a move is carried out (market picks C5.1/C6.1, Pyramids B C6.2,
Temple B C6.3) are asked of a *chooser* (`choosers`): `MoveChoices` answers from the lists a
move carries (see `moves`), `Scripted` from a fixed sequence (the legal-move search and the
playout). A move can fail after it changed part of the `Work`; callers run moves on a `Work`
they own and throw it away on error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from rules_engine.classic.choosers import Chooser, MoveChoices
from rules_engine.classic.components import GET_STONES, MIN_LOAD, ROUNDS, SLED_CAPACITY
from rules_engine.classic.deck import DrawsNeeded, colour, discard, draw, spend
from rules_engine.classic.deliveries import add_stones, deliver, score_temple, take_at_market
from rules_engine.classic.moves import (
    GetStones,
    Move,
    Pass,
    Place,
    PlayChisel,
    PlayHammer,
    PlayLever,
    PlaySail,
    Sail,
)
from rules_engine.classic.state import MARKET, NO_SITE, SITE_INDEX, Work
from rules_engine.classic.words import AT, MARKET_OF, refusal, site_name
from rules_engine.errors import IllegalMoveError
from rules_engine.messages import msg, plural

# --------------------------------------------------------------------------- rounds (C3)


def start_round(w: Work, first: int, what: str) -> None:
    """C3.1–C3.2: the round card's 4 ships, and the market's cards; ``first`` starts. In a
    transcribed game (F4 ``setup.transcribed``) a card not turned up yet raises `DrawsNeeded`
    before anything changes, so the move that starts the round waits for it."""
    if w.transcribed and w.rng is None:  # a playout (rng) deals what the table has not turned up
        # As many cards as the reveal will draw: fewer only when deck and discards run out (C7).
        size = min(4 if w.sides[MARKET] == "A" else 5, w.ndeck + w.ndiscard)
        missing = max(0, size - (len(w.draws) - w.ndrawn))
        if w.round >= len(w.cards) or missing:
            if w.round >= len(w.cards):
                reason = plural(
                    "round {round} needs its round card and {n} more market card turned up (F4)",
                    "round {round} needs its round card and {n} more market cards turned up (F4)",
                    round=w.round + 1,
                    n=missing,
                )
            else:
                reason = plural(
                    "round {round} needs {n} more market card turned up (F4)",
                    "round {round} needs {n} more market cards turned up (F4)",
                    round=w.round + 1,
                    n=missing,
                )
            raise DrawsNeeded(refusal(what, reason), round_card=w.round >= len(w.cards), market=missing)
    w.caps = tuple(w.cards[w.round])
    w.slots = [None] * 16
    w.sailed = [NO_SITE] * 4
    w.nsailed = 0
    w.first = first
    label = (MARKET_OF, what, w.round)
    market = []
    if w.sides[MARKET] == "A":
        for _ in range(4):
            card = draw(w, label)
            if card is not None:
                market.append(card)
        w.market = market
        return
    for _ in range(3):
        card = draw(w, label)
        if card is not None:
            market.append(card)
    pair = []
    for _ in range(2):
        card = draw(w, label)
        if card is not None:
            pair.append(card)
    w.market, w.pair = market, pair


def end_round(w: Work, ch: Chooser, what: str) -> None:
    """C3.4: temple scoring, market leftovers discarded, stones on ships that did not sail go
    home (deadlock ruling); then the next round starts with the next player (C3.5)."""
    score_temple(w, ch, what)
    for card in w.market:
        discard(w, card)
    for card in w.pair:
        discard(w, card)
    w.market, w.pair = [], []
    slots, quarry = w.slots, w.quarry
    for i, p in enumerate(slots):
        if p is not None:
            quarry[p] += 1
            slots[i] = None
    w.round += 1
    w.passes = 0
    if w.round == ROUNDS:
        w.over = True
        w.caps = ()
        w.sailed = [NO_SITE] * 4
        w.nsailed = 0
    else:
        # C3.5: the player after the one who made the round's last move (the last sail, or
        # the last of the passes in succession) starts the next round: end_turn's player.
        start_round(w, (w.to_move + 1) % w.n, what)


# --------------------------------------------------------------------------- actions (C4)


def get_stones(w: Work, what: str = "get-stones") -> None:
    """C4.1."""
    p = w.to_move
    if not add_stones(w, p, GET_STONES):
        if w.sled[p] >= SLED_CAPACITY:
            reason = msg("{colour} cannot get stones: the sled is full (5 stones) (C4.1)", colour=colour(w, p))
        else:
            reason = msg("{colour} cannot get stones: the quarry is empty (C4.1)", colour=colour(w, p))
        raise IllegalMoveError(refusal(what, reason), "C4.1")


def check_ship(w: Work, s: int, what: str, rule: str) -> None:
    if s >= len(w.caps):
        raise IllegalMoveError(refusal(what, msg("there is no ship {ship} this round", ship=s + 1)), rule)
    if w.sailed[s] != NO_SITE:
        reason = msg(
            "ship {ship} has already sailed this round (to the {site})", ship=s + 1, site=site_name(w.sailed[s])
        )
        raise IllegalMoveError(refusal(what, reason), rule)


def place(w: Work, s: int, k: int, what: str = "place") -> None:
    """C4.2: ship ``s``, slot ``k`` (0-based)."""
    p = w.to_move
    check_ship(w, s, what, "C4.2")
    cap = w.caps[s]
    if k >= cap:
        reason = plural(
            "ship {ship} has {n} slot, no slot {slot} (C1)",
            "ship {ship} has {n} slots, no slot {slot} (C1)",
            ship=s + 1,
            n=cap,
            slot=k + 1,
        )
        raise IllegalMoveError(refusal(what, reason), "C4.2")
    owner = w.slots[s * 4 + k]
    if owner is not None:
        reason = msg(
            "ship {ship} slot {slot} already holds a {colour} stone (C4.2)",
            ship=s + 1,
            slot=k + 1,
            colour=colour(w, owner),
        )
        raise IllegalMoveError(refusal(what, reason), "C4.2")
    if not w.sled[p]:
        reason = msg("{colour} has no stone on the sled (C4.2)", colour=colour(w, p))
        raise IllegalMoveError(refusal(what, reason), "C4.2")
    w.sled[p] -= 1
    w.slots[s * 4 + k] = p


def occupied(w: Work, s: int) -> list[int]:
    base = s * 4
    return [k for k in range(w.caps[s]) if w.slots[base + k] is not None]


def sail(w: Work, s: int, site: int, order: list[int] | None, ch: Chooser, what: str = "sail") -> None:
    """C4.3: ship ``s`` sails to ``site`` and unloads in ``order`` (0-based slots; None: bow to
    stern); C3.3: the 4th ship to sail ends the round at once."""
    check_ship(w, s, what, "C4.3")
    if site in w.sailed:
        reason = msg(
            "the {site} already has ship {ship} docked this round; one ship per site per round (C4.3)",
            site=site_name(site),
            ship=w.sailed.index(site) + 1,
        )
        raise IllegalMoveError(refusal(what, reason), "C4.3")
    cap = w.caps[s]
    full = occupied(w, s)
    if len(full) < MIN_LOAD[cap]:
        reason = plural(
            "ship {ship} (capacity {capacity}) holds {n} stone; it needs at least {least} to sail (C4.3)",
            "ship {ship} (capacity {capacity}) holds {n} stones; it needs at least {least} to sail (C4.3)",
            ship=s + 1,
            capacity=cap,
            n=len(full),
            least=MIN_LOAD[cap],
        )
        raise IllegalMoveError(refusal(what, reason), "C4.3")
    if order is None:
        order = full
    elif sorted(order) != full:
        reason = msg(
            "the unload order {order} must list exactly the occupied slots of ship {ship}, {slots} (C7)",
            order=str([k + 1 for k in order]),
            ship=s + 1,
            slots=str([k + 1 for k in full]),
        )
        raise IllegalMoveError(refusal(what, reason), "C7")
    w.sailed[s] = site
    w.nsailed += 1
    slots = w.slots
    base = s * 4
    owners = cast("list[int]", [slots[base + k] for k in order])  # the occupied slots' owners
    for k in full:
        slots[base + k] = None
    where = (AT, what, s, site)
    if site == MARKET:
        quarry = w.quarry
        for p in owners:
            take_at_market(w, p, ch, where)
            quarry[p] += 1  # C5.1: after the card is taken (a red card acts first)
    else:
        for p in owners:
            deliver(w, p, site, ch, where)
    if w.nsailed == 4:
        end_round(w, ch, what)


def can_act(w: Work) -> bool:
    """Whether anything but pass is legal. Blue cards never add to this: a lever needs a ship
    that could sail anyway; hammer, sail and chisel need an empty slot, and then getting or
    placing a stone is legal already."""
    p = w.to_move
    sled = w.sled[p]
    if sled < SLED_CAPACITY and w.quarry[p]:
        return True
    slots, sailed = w.slots, w.sailed
    for s, cap in enumerate(w.caps):
        if sailed[s] != NO_SITE:
            continue
        base = s * 4
        load = sum(slots[base + k] is not None for k in range(cap))
        if load >= MIN_LOAD[cap] or (sled and load < cap):
            return True
    return False


def lever(w: Work, s: int, site: int, order: list[int], ch: Chooser) -> None:
    spend(w, "lever", "lever")
    sail(w, s, site, order, ch, "lever")


def hammer(w: Work, s: int, k: int) -> None:
    """C7: get stones (as many as fit, possibly none), then place one (docs/rulings.md)."""
    spend(w, "hammer", "hammer")
    add_stones(w, w.to_move, GET_STONES)
    place(w, s, k, "hammer")


def sail_card(w: Work, s: int, k: int, site: int, ch: Chooser) -> None:
    spend(w, "sail", "sail card")
    place(w, s, k, "sail card")
    sail(w, s, site, None, ch, "sail card")


def chisel(w: Work, spots: Sequence[tuple[int, int]]) -> None:
    spend(w, "chisel", "chisel")
    p = w.to_move
    if w.sled[p] < 2:
        reason = plural(
            "{colour} has {n} stone on the sled; the chisel places 2 (docs/rulings.md)",
            "{colour} has {n} stones on the sled; the chisel places 2 (docs/rulings.md)",
            colour=colour(w, p),
            n=w.sled[p],
        )
        raise IllegalMoveError(refusal("chisel", reason), "C7")
    for s, k in spots:
        place(w, s, k, "chisel")


def pass_turn(w: Work, ch: Chooser) -> None:
    """C3 deadlock ruling: pass only when nothing else is legal; when all players have passed
    in succession the round ends."""
    if can_act(w):
        reason = msg(
            "pass is only allowed when no other action is legal, but {colour} can still get stones, "
            "place a stone or sail a ship (C3 ruling)",
            colour=colour(w, w.to_move),
        )
        raise IllegalMoveError(reason, "C3")
    w.passes += 1
    if w.passes == w.n:
        end_round(w, ch, "pass")


def end_turn(w: Work, passed: bool) -> None:
    w.ply += 1
    w.to_move = (w.to_move + 1) % w.n
    if not passed:
        w.passes = 0


# --------------------------------------------------------------------------- whole moves


def play(w: Work, m: Move) -> None:
    """Carry out one whole move for the player to move (C4), then hand over the turn."""
    if w.over:
        raise IllegalMoveError(msg("the game is over after round {round}; no more moves (C3)", round=ROUNDS), "C3")
    t = type(m)
    # The moves that meet no choice need no chooser (the commonest, first: #40).
    # ``type(m) is`` rather than ``t is``: the type checker narrows ``m`` on it (a few ns more).
    if type(m) is Place:
        place(w, m.ship - 1, m.slot - 1)
        end_turn(w, False)
        return
    if type(m) is GetStones:
        get_stones(w)
        end_turn(w, False)
        return
    if type(m) is PlayHammer:
        hammer(w, m.ship - 1, m.slot - 1)
        end_turn(w, False)
        return
    if type(m) is PlayChisel:
        chisel(w, [(s - 1, k - 1) for s, k in m.places])
        end_turn(w, False)
        return
    ch = MoveChoices(m)
    if type(m) is Sail:
        sail(w, m.ship - 1, SITE_INDEX[m.site], None, ch)
    elif type(m) is PlayLever:
        lever(w, m.ship - 1, SITE_INDEX[m.site], [k - 1 for k in m.order], ch)
    elif type(m) is PlaySail:
        sail_card(w, m.ship - 1, m.slot - 1, SITE_INDEX[m.site], ch)
    elif type(m) is Pass:
        pass_turn(w, ch)
    else:
        raise IllegalMoveError(msg("not a base-game move: {type}", type=t.__name__), "F4")
    ch.finish()
    end_turn(w, t is Pass)
