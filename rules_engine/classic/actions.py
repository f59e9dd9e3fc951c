"""The base game's turn actions (classic.md C3–C7), carried out on a mutable `Work` with full
validation: one implementation of each rule, shared by `game.apply_move`, `record.replay`, the
legal-move search and the random playout.

Choices that arise while a move is carried out (market picks C5.1/C6.1, Pyramids B C6.2,
Temple B C6.3) are asked of a *chooser*: `MoveChoices` answers from the lists a move carries
(see `moves`), `Scripted` from a fixed sequence (the legal-move search and the playout).
A move can fail after it changed part of the `Work`; callers run moves on a `Work` they own
and throw it away on error.
"""

from __future__ import annotations

import random

from rules_engine.classic.components import (
    BLUE,
    CARDS,
    DECORATION_SITE,
    GET_STONES,
    GREEN,
    MIN_LOAD,
    PURPLE,
    PYRAMIDS_A_OVERFLOW,
    PYRAMIDS_A_VALUES,
    RED,
    RED_CARD_SITE,
    ROUNDS,
    SITES,
    SLED_CAPACITY,
    TEMPLE_WIDTH,
)
from rules_engine.classic.moves import (
    PAIR,
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
from rules_engine.classic.state import (
    BURIAL,
    CARD_IDS,
    CARD_INDEX,
    MARKET,
    NO_SITE,
    PYRAMIDS,
    SITE_INDEX,
    TEMPLE,
    Work,
)
from rules_engine.errors import IllegalMoveError

TAKE, PYRAMID, BONUS_PLACE, TEMPLE_CHOICE = "take", "pyramids", "bonus_places", "temple"
CHOICE_KINDS = (TAKE, PYRAMID, BONUS_PLACE, TEMPLE_CHOICE)
_CHOICE_RULE = {TAKE: "C5.1", PYRAMID: "C6.2", BONUS_PLACE: "C6.2", TEMPLE_CHOICE: "C6.3"}
_CHOICE_HELP = {
    TAKE: "one entry per stone unloaded at the market, in unload order",
    PYRAMID: "one pyramid (1-3) per stone put on Pyramids B",
    BONUS_PLACE: "one {ship, slot} or null per 'place a stone' bonus of Pyramids B",
    TEMPLE_CHOICE: 'one "point" or "stones" per visible stone on a \'1 point or 2 stones\' space of Temple B',
}
CARD_COLOUR = tuple(CARDS[c][0] for c in CARD_IDS)
RED_SITE = {CARD_INDEX[c]: SITE_INDEX[s] for c, s in RED_CARD_SITE.items()}
DECORATION = {CARD_INDEX[c]: s for c, s in DECORATION_SITE.items()}
TEMPLE_B_STONES = 2  # C6.3
PYRAMIDS_B_STONES = 3  # C6.2


# --------------------------------------------------------------------------- choosers


class NeedChoice(Exception):
    """Raised by `Scripted` when the script runs out: the search branches on ``options``."""

    def __init__(self, kind: str, options: list):
        self.kind = kind
        self.options = options


class DrawsExhausted(IllegalMoveError):
    """A market draw is needed beyond the record's ``setup.market_draws`` (F4)."""


class MoveChoices:
    """Answers from the choice lists carried by a move; `finish` rejects leftovers."""

    __slots__ = ("lists", "pos")

    def __init__(self, move: Move | None = None):
        self.lists = {k: getattr(move, k, ()) for k in CHOICE_KINDS}
        self.pos = dict.fromkeys(CHOICE_KINDS, 0)

    def ask(self, kind: str, options: list, what: str):
        values = self.lists[kind]
        i = self.pos[kind]
        shown = ", ".join(_show_choice(o) for o in options)
        if i >= len(values):
            raise IllegalMoveError(
                f"{what}: the move's {kind} list has no entry {i} ({_CHOICE_HELP[kind]}); the choices are {shown}",
                _CHOICE_RULE[kind],
            )
        value = values[i]
        if value not in options:
            raise IllegalMoveError(
                f"{what}: {kind}[{i}] is {_show_choice(value)}, but the choices are {shown}", _CHOICE_RULE[kind]
            )
        self.pos[kind] = i + 1
        return value

    def finish(self) -> None:
        for kind in CHOICE_KINDS:
            extra = len(self.lists[kind]) - self.pos[kind]
            if extra > 0:
                raise IllegalMoveError(
                    f"the move's {kind} list has {len(self.lists[kind])} entries, but only "
                    f"{self.pos[kind]} such choices arose ({_CHOICE_HELP[kind]})",
                    _CHOICE_RULE[kind],
                )


class Scripted:
    """Answers from a fixed sequence of (kind, value) decisions; `NeedChoice` when it runs out."""

    __slots__ = ("i", "script")

    def __init__(self, script: tuple = ()):
        self.script = script
        self.i = 0

    def ask(self, kind: str, options: list, what: str):
        i = self.i
        if i < len(self.script):
            self.i = i + 1
            return self.script[i][1]
        raise NeedChoice(kind, options)


def _show_choice(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, tuple) and value and value[0] == PAIR:
        return f'{{"pair": "{value[1]}"}}'
    if isinstance(value, tuple):
        return f"ship {value[0]} slot {value[1]}"
    return str(value)


def colour(w: Work, p: int) -> str:
    return w.colours[p]


# --------------------------------------------------------------------------- cards (C7)


def draw(w: Work, what: str) -> str | None:
    """Turn up the top market card; None when deck and discards are both empty (C7 ruling:
    the discards are shuffled into a new deck when the deck is empty)."""
    if w.ndeck == 0:
        if w.ndiscard == 0:
            return None
        w.deck, w.discard = w.discard, [0] * len(CARD_IDS)
        w.ndeck, w.ndiscard = w.ndiscard, 0
    k = w.ndrawn
    if k == len(w.draws):
        if w.rng is not None:  # a random playout: its generator turns the card up
            i = _pick(w.deck, w.rng.randrange(w.ndeck))
            w.draws.append(CARD_IDS[i])
        elif w.seed is not None:  # a seeded (live) game: dealt from the seed (`dealt_index`)
            i = _pick(w.deck, dealt_index(w.seed, k, w.ndeck))
            w.draws = (*w.draws, CARD_IDS[i])  # a new tuple: the legal-move search shares it
        else:
            raise DrawsExhausted(
                f"{what} needs market draw {k}, but setup.market_draws lists only {k} cards (F4)", "F4"
            )
        card = CARD_IDS[i]
    else:
        card = w.draws[k]
        i = CARD_INDEX[card]
        if w.deck[i] == 0:
            left = ", ".join(f"{n} {c}" for c, n in zip(CARD_IDS, w.deck, strict=True) if n)
            raise IllegalMoveError(
                f"{what}: setup.market_draws[{k}] is {card}, but no {card} is left in the deck "
                f"at that point (the deck holds {left}) (F4)",
                "F4",
            )
    w.deck[i] -= 1
    w.ndeck -= 1
    w.ndrawn = k + 1
    return card


def dealt_index(seed: int, k: int, ndeck: int) -> int:
    """Market draw ``k`` of a seeded game beyond its listed draws (docs/rulings.md, F4
    ``setup.seed``): a uniform position in the deck of ``ndeck`` cards as it is at that moment
    (after a reshuffle: the former discards, C7). A fresh generator per draw, so the card
    depends only on the seed, the draw's number and the deck, never on which moves or
    legal-move searches ran before: the move offered and the move applied see the same card."""
    return random.Random(f"classic-market:{seed}:{k}").randrange(ndeck)


def _pick(deck: list[int], r: int) -> int:
    """The card index at position ``r`` of a deck given as counts per `CARD_IDS`."""
    i = 0
    while r >= deck[i]:
        r -= deck[i]
        i += 1
    return i


def discard(w: Work, card: str) -> None:
    w.discard[CARD_INDEX[card]] += 1
    w.ndiscard += 1


def gain(w: Work, p: int, card: str, ch, what: str) -> None:
    """Player ``p`` receives ``card`` (C5.1, C7): red acts at once and is discarded (without
    effect when the quarry is empty), the others are kept."""
    i = CARD_INDEX[card]
    kind = CARD_COLOUR[i]
    if kind is RED:
        discard(w, card)
        if w.quarry[p]:
            w.quarry[p] -= 1
            deliver(w, p, RED_SITE[i], ch, f"{what}, {card}")
    elif kind is BLUE:
        w.blue[p].append(card)
    elif kind is GREEN:
        w.green[p].append(DECORATION[i])
    else:
        assert kind is PURPLE
        w.purple[p] += 1


def spend(w: Work, card: str, what: str) -> None:
    """C4.4: play a blue card the player holds (any card held at the start of a turn was
    taken on an earlier turn); it is discarded as it is played (docs/rulings.md)."""
    hand = w.blue[w.to_move]
    if card not in hand:
        raise IllegalMoveError(f"{what}: {colour(w, w.to_move)} holds no {card} card (C4.4)", "C4.4")
    hand.remove(card)
    discard(w, card)


def market_options(w: Work) -> list:
    """C5.1 / C6.1: a face-up card id, or on Market B one card kept from the pair."""
    opts: list = list(dict.fromkeys(w.market))
    if w.pair:
        opts += [(PAIR, c) for c in dict.fromkeys(w.pair)]
    return opts or [None]


def take_at_market(w: Work, p: int, ch, what: str) -> None:
    choice = ch.ask(TAKE, market_options(w), f"{what}: {colour(w, p)} takes a card")
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


def deliver(w: Work, p: int, site: int, ch, what: str) -> None:
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


def tower_values(w: Work) -> tuple[int, ...]:
    """C6.5: the tower spaces' values, highest first (a new tower takes the highest free one)."""
    return tuple(sorted(w.data.obelisks_b["towers"], reverse=True))


def _pyramids_b(w: Work, p: int, ch, what: str) -> None:
    shapes = w.data.pyramids_b["pyramids"]
    open_ = [k + 1 for k in range(3) if len(w.pyrb[k]) < len(shapes[k])]
    if not open_:
        w.pyr.append(p)
        w.track[p] += w.data.pyramids_b.get("overflow", 1)
        return
    k = ch.ask(PYRAMID, open_, f"{what}: {colour(w, p)} chooses a pyramid") - 1
    space = shapes[k][len(w.pyrb[k])]
    w.pyrb[k].append(p)
    w.track[p] += space["value"]
    bonus = space["bonus"]
    if bonus == "card":
        card = draw(w, f"{what}: pyramid bonus card")
        if card is not None:
            gain(w, p, card, ch, what)
    elif bonus == "stones":
        add_stones(w, p, PYRAMIDS_B_STONES)
    elif bonus == "place" and w.sled[p]:
        spots = free_spots(w)
        if spots:
            options = [(s + 1, k2 + 1) for s, k2 in spots] + [None]
            spot = ch.ask(BONUS_PLACE, options, f"{what}: {colour(w, p)} may place a stone (pyramid bonus)")
            if spot is not None:
                w.sled[p] -= 1
                w.slots[(spot[0] - 1) * 4 + spot[1] - 1] = p


def temple_tops(stones: list[int], width: int) -> list[int | None]:
    """C5.3: the top stone of each temple space (a full row starts a new level on top)."""
    n = len(stones)
    return [stones[i + width * ((n - 1 - i) // width)] if i < n else None for i in range(width)]


def score_temple(w: Work, ch, what: str) -> None:
    """C5.3 / C6.3, at the end of every round."""
    width = TEMPLE_WIDTH[w.n]
    tops = temple_tops(w.temple, width)
    if w.sides[TEMPLE] == "A":
        for p in tops:
            if p is not None:
                w.track[p] += 1
        return
    bonuses = w.data.temple_b["spaces"][w.n]
    for i, p in enumerate(tops):
        if p is None:
            continue
        bonus = bonuses[i]
        if bonus == "two-points":
            w.track[p] += 2
        elif bonus == "card":
            card = draw(w, f"{what}: temple space {i + 1} bonus card")
            if card is not None:
                gain(w, p, card, ch, what)
        else:
            pick = ch.ask(
                TEMPLE_CHOICE,
                ["point", "stones"],
                f"{what}: {colour(w, p)} on temple space {i + 1} takes 1 point or 2 stones",
            )
            if pick == "point":
                w.track[p] += 1
            else:
                add_stones(w, p, TEMPLE_B_STONES)


# --------------------------------------------------------------------------- rounds (C3)


def start_round(w: Work, first: int, what: str) -> None:
    """C3.1–C3.2: the round card's 4 ships, and the market's cards; ``first`` starts."""
    w.caps = tuple(w.cards[w.round])
    w.slots = [None] * 16
    w.sailed = [NO_SITE] * 4
    w.nsailed = 0
    w.first = first
    label = f"{what}: round {w.round + 1} market"
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


def end_round(w: Work, ch, what: str) -> None:
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
        why = "the sled is full (5 stones)" if w.sled[p] >= SLED_CAPACITY else "the quarry is empty"
        raise IllegalMoveError(f"{what}: {colour(w, p)} cannot get stones: {why} (C4.1)", "C4.1")


def check_ship(w: Work, s: int, what: str, rule: str) -> None:
    if s >= len(w.caps):
        raise IllegalMoveError(f"{what}: there is no ship {s + 1} this round", rule)
    if w.sailed[s] != NO_SITE:
        raise IllegalMoveError(
            f"{what}: ship {s + 1} has already sailed this round (to the {SITES[w.sailed[s]]})", rule
        )


def place(w: Work, s: int, k: int, what: str = "place") -> None:
    """C4.2: ship ``s``, slot ``k`` (0-based)."""
    p = w.to_move
    check_ship(w, s, what, "C4.2")
    cap = w.caps[s]
    if k >= cap:
        raise IllegalMoveError(
            f"{what}: ship {s + 1} has {cap} slot{'s' if cap > 1 else ''}, no slot {k + 1} (C1)", "C4.2"
        )
    owner = w.slots[s * 4 + k]
    if owner is not None:
        raise IllegalMoveError(
            f"{what}: ship {s + 1} slot {k + 1} already holds a {colour(w, owner)} stone (C4.2)", "C4.2"
        )
    if not w.sled[p]:
        raise IllegalMoveError(f"{what}: {colour(w, p)} has no stone on the sled (C4.2)", "C4.2")
    w.sled[p] -= 1
    w.slots[s * 4 + k] = p


def occupied(w: Work, s: int) -> list[int]:
    base = s * 4
    return [k for k in range(w.caps[s]) if w.slots[base + k] is not None]


def sail(w: Work, s: int, site: int, order: list[int] | None, ch, what: str = "sail") -> None:
    """C4.3: ship ``s`` sails to ``site`` and unloads in ``order`` (0-based slots; None: bow to
    stern); C3.3: the 4th ship to sail ends the round at once."""
    check_ship(w, s, what, "C4.3")
    if site in w.sailed:
        raise IllegalMoveError(
            f"{what}: the {SITES[site]} already has ship {w.sailed.index(site) + 1} docked this "
            f"round; one ship per site per round (C4.3)",
            "C4.3",
        )
    cap = w.caps[s]
    full = occupied(w, s)
    if len(full) < MIN_LOAD[cap]:
        raise IllegalMoveError(
            f"{what}: ship {s + 1} (capacity {cap}) holds {len(full)} stone"
            f"{'s' if len(full) != 1 else ''}; it needs at least {MIN_LOAD[cap]} to sail (C4.3)",
            "C4.3",
        )
    if order is None:
        order = full
    elif sorted(order) != full:
        raise IllegalMoveError(
            f"{what}: the unload order {[k + 1 for k in order]} must list exactly the occupied "
            f"slots of ship {s + 1}, {[k + 1 for k in full]} (C7)",
            "C7",
        )
    w.sailed[s] = site
    w.nsailed += 1
    slots = w.slots
    base = s * 4
    owners = [slots[base + k] for k in order]
    for k in full:
        slots[base + k] = None
    where = f"{what}: ship {s + 1} at the {SITES[site]}"
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


def lever(w: Work, s: int, site: int, order: list[int], ch) -> None:
    spend(w, "lever", "lever")
    sail(w, s, site, order, ch, "lever")


def hammer(w: Work, s: int, k: int) -> None:
    """C7: get stones (as many as fit, possibly none), then place one (docs/rulings.md)."""
    spend(w, "hammer", "hammer")
    add_stones(w, w.to_move, GET_STONES)
    place(w, s, k, "hammer")


def sail_card(w: Work, s: int, k: int, site: int, ch) -> None:
    spend(w, "sail", "sail card")
    place(w, s, k, "sail card")
    sail(w, s, site, None, ch, "sail card")


def chisel(w: Work, spots) -> None:
    spend(w, "chisel", "chisel")
    p = w.to_move
    if w.sled[p] < 2:
        raise IllegalMoveError(
            f"chisel: {colour(w, p)} has {w.sled[p]} stone{'s' if w.sled[p] != 1 else ''} on "
            f"the sled; the chisel places 2 (docs/rulings.md)",
            "C7",
        )
    for s, k in spots:
        place(w, s, k, "chisel")


def pass_turn(w: Work, ch) -> None:
    """C3 deadlock ruling: pass only when nothing else is legal; when all players have passed
    in succession the round ends."""
    if can_act(w):
        raise IllegalMoveError(
            f"pass is only allowed when no other action is legal, but {colour(w, w.to_move)} "
            f"can still get stones, place a stone or sail a ship (C3 ruling)",
            "C3",
        )
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
        raise IllegalMoveError(f"the game is over after round {ROUNDS}; no more moves (C3)", "C3")
    t = type(m)
    ch = MoveChoices(m)
    if t is Place:
        place(w, m.ship - 1, m.slot - 1)
    elif t is Sail:
        sail(w, m.ship - 1, SITE_INDEX[m.site], None, ch)
    elif t is GetStones:
        get_stones(w)
    elif t is PlayLever:
        lever(w, m.ship - 1, SITE_INDEX[m.site], [k - 1 for k in m.order], ch)
    elif t is PlayHammer:
        hammer(w, m.ship - 1, m.slot - 1)
    elif t is PlaySail:
        sail_card(w, m.ship - 1, m.slot - 1, SITE_INDEX[m.site], ch)
    elif t is PlayChisel:
        chisel(w, [(s - 1, k - 1) for s, k in m.places])
    elif t is Pass:
        pass_turn(w, ch)
    else:
        raise IllegalMoveError(f"not a base-game move: {t.__name__}", "F4")
    ch.finish()
    end_turn(w, t is Pass)
