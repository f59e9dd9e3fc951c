"""Random base games: a shuffled setup (C2) and every ply a move drawn uniformly from the
legal moves (C3–C7).

Same distribution as ``rng.choice(legal_moves(state))`` with the same ``rng`` calls (one
``randrange(len(legal_moves))`` per ply; a forced pass draws nothing), but cheaper: the legal
moves are counted from the menus of `legal`, the drawn index is located in its menu, and the
move is carried out by the same validating primitives `apply_move` uses, on one mutable
`Work` for the whole game. The setup is dealt by `game.shuffled_setup` (the same deal as live
entry); market cards beyond its 34 (B sides, C7 reshuffle) are turned up from a second
generator seeded from ``rng`` (so the move draws stay in step with ``rng.choice(legal_moves)``),
and the record's ``setup.market_draws`` lists exactly the cards drawn.
tests/engine/classic/test_properties.py checks all of this against `record.replay`.

`random_game` plays a given record (e.g. `game.new_record`'s) to the end the plain way, one
``rng.choice(legal_moves(state))`` per ply, so a seeded setup deals as on the live-entry page.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules_engine.classic.components import COLOURS, ROUND_CARDS, SITES
from rules_engine.classic.game import apply_move, legal_moves, new_work, setup, shuffled_setup
from rules_engine.classic.header import Header
from rules_engine.classic.legal import (
    CHISEL,
    GET,
    HAMMER,
    LEVER,
    PASS,
    PLACE,
    SAIL,
    SAILC,
    count,
    locate,
    menus,
    pass_leaves,
    step,
)
from rules_engine.classic.movefields import PAIR
from rules_engine.classic.sitedata import EMPTY, SiteData, missing_sides, missing_text
from rules_engine.classic.state import ClassicState, Work
from rules_engine.errors import RecordError

NAMES = ("Ana", "Ben", "Cy", "Dee")


def move_json(base: tuple[Any, ...], leaf: tuple[Any, ...]) -> dict[str, Any]:
    """The F4 dict of a base move and leaf (as `legal.build(...).to_json()`, built directly)."""
    kind = base[0]
    if kind == PLACE:
        return {"type": "place", "ship": base[1] + 1, "slot": base[2] + 1}
    if kind == GET:
        return {"type": "get-stones"}
    if kind == SAIL:
        out = {"type": "sail", "ship": base[1] + 1, "site": SITES[base[2]]}
    elif kind == LEVER:
        out = {
            "type": "play",
            "card": "lever",
            "ship": base[1] + 1,
            "site": SITES[base[2]],
            "order": [k + 1 for k in base[3]],
        }
    elif kind == HAMMER:
        return {"type": "play", "card": "hammer", "ship": base[1] + 1, "slot": base[2] + 1}
    elif kind == SAILC:
        out = {"type": "play", "card": "sail", "ship": base[1] + 1, "slot": base[2] + 1, "site": SITES[base[3]]}
    elif kind == CHISEL:
        return {
            "type": "play",
            "card": "chisel",
            "places": [{"ship": s + 1, "slot": k + 1} for s, k in sorted(base[1])],
        }
    else:
        out = {"type": "pass"}
    for choice, value in leaf:
        if choice == "take" and value.__class__ is tuple and value[0] == PAIR:
            value = {PAIR: value[1]}
        elif choice == "bonus_places" and value is not None:
            value = {"ship": value[0], "slot": value[1]}
        out.setdefault(choice, []).append(value)
    return out


def random_step(w: Work, rng: random.Random) -> dict[str, Any]:
    """Play one uniformly random legal move on ``w``; return its F4 dict."""
    entries = menus(w)
    n = count(entries)
    if n == 0:
        leaves = pass_leaves(w)
        leaf = leaves[0] if len(leaves) == 1 else leaves[rng.randrange(len(leaves))]
        base: tuple[Any, ...] = (PASS,)
    else:
        base, leaf = locate(entries, rng.randrange(n))
    step(w, base, leaf)
    return move_json(base, leaf)


def random_header(rng: random.Random, players: int = 4, sides: Mapping[str, str] | None = None) -> Header:
    """A shuffled setup (C2.1, C2.2, `game.shuffled_setup`) for players Ana, Ben, …"""
    if players not in ROUND_CARDS:
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    dealt = shuffled_setup(rng, players)
    chosen = {s: (sides or {}).get(s, "A") for s in SITES}
    cards = tuple(tuple(c) for c in dealt["round_cards"])
    return Header(NAMES[:players], COLOURS[:players], chosen, (), cards, tuple(dealt["market_draws"]))


def random_record(
    rng: random.Random, players: int = 4, sides: Mapping[str, str] | None = None, data: SiteData | None = None
) -> dict[str, Any]:
    """A whole F4 record of uniformly random legal moves (shuffled setup, C2)."""
    data = data or EMPTY
    header = random_header(rng, players, sides)
    missing = missing_sides(header.sides, data, players)
    if missing:
        raise RecordError(missing_text(missing), None, "C6")
    w = new_work(header, data, random.Random(rng.getrandbits(64)))
    moves = []
    while not w.over:
        moves.append(random_step(w, rng))
    rec = header.to_json(moves)
    rec["setup"]["market_draws"] = list(w.draws[: w.ndrawn])  # the cards drawn, no more
    return rec


def random_game(
    record: Mapping[str, Any], rng: random.Random, max_plies: int = 2000, data: SiteData = EMPTY
) -> dict[str, Any]:
    """``record`` (an F4 record, e.g. `game.new_record`'s) played on with uniformly random legal
    moves until the end (or ``max_plies`` moves in all); a new dict."""
    state = setup(record, data)
    moves = list(record.get("moves", []))
    for move in moves:
        state = apply_move(state, move)
    while not state.over and len(moves) < max_plies:
        move = rng.choice(legal_moves(state))
        state = apply_move(state, move)
        moves.append(move.to_json())
    return {**record, "moves": moves}


# Analysis playouts (rules_engine/analysis): a greedy policy. Sailing a ship (C4.3, also by
# lever or sail card) is weighted by how many more of its stones are the mover's than the
# best-placed opponent's (C5: each stone delivered scores or builds for its owner), so a
# playout rarely sails a ship full of others' stones; taking stones weighs more when the sled
# is empty. Measured by `bench/analysis.py --strength`: it beats uniform random play.
W_PLACE, W_GET, W_GET_EMPTY, W_CARD = 2.0, 1.0, 3.0, 0.5
SAIL_GAIN = 1.5  # weight per stone more than the best opponent's on the ship
_SAILING = (SAIL, LEVER, SAILC)
_OTHERS = {n: [[p for p in range(n) if p != me] for me in range(n)] for n in (2, 3, 4)}


def _ship_weight(w: Work, ship: int) -> float:
    """The weight of sailing ``ship`` for the player to move."""
    on = w.slots[ship * 4 : ship * 4 + w.caps[ship]]
    best = 0
    for p in _OTHERS[w.n][w.to_move]:
        c = on.count(p)
        if c > best:
            best = c
    return max(0.1, 1.0 + SAIL_GAIN * (on.count(w.to_move) - best))


def weighted_step(w: Work, rng: random.Random) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """Play one legal move on ``w`` by the greedy policy above: a menu entry drawn by its
    weight, then one of its moves (slot, leaf) uniformly. Returns the move as (base, leaf)
    (`move_json` makes its F4 dict)."""
    entries = menus(w)
    ships: dict[int, float] = {}  # ship -> weight, each worked out once
    weights = []
    total = 0.0
    for n, kind, args, _ in entries:
        if not n:
            weight = 0.0
        elif kind == PLACE:
            weight = W_PLACE
        elif kind == GET:
            weight = W_GET if w.sled[w.to_move] else W_GET_EMPTY
        elif kind in _SAILING:
            known = ships.get(args[0])
            if known is None:
                known = ships[args[0]] = _ship_weight(w, args[0])
            weight = known if kind == SAIL else known * W_CARD
        else:
            weight = W_CARD
        weights.append(weight)
        total += weight
    if not total:
        leaves = pass_leaves(w)
        leaf = leaves[0] if len(leaves) == 1 else leaves[rng.randrange(len(leaves))]
        step(w, (PASS,), leaf)
        return (PASS,), leaf
    r = rng.random() * total
    chosen = entries[-1]
    for entry, weight in zip(entries, weights, strict=True):
        if r < weight:
            chosen = entry
            break
        r -= weight
    if not chosen[0]:  # float rounding ran past the last weighted entry
        chosen = next(e for e in reversed(entries) if e[0])
    base, leaf = locate([chosen], rng.randrange(chosen[0]))
    step(w, base, leaf)
    return base, leaf


def analysis_playout(state: ClassicState, rng: random.Random) -> ClassicState:
    """The final state of a game played on from ``state`` by `weighted_step` (rules_engine/analysis),
    with what the players cannot see re-dealt (C2): the round cards not revealed yet come from
    those not seen, the market cards not drawn yet from the deck, both by ``rng``."""
    from collections import Counter

    w = state.thaw()
    # The cards turned up come from a generator of their own: the legal-move search tries each
    # choice on copies that turn up the same cards as the move played (`legal.search`), which
    # only holds if nothing else draws from that generator in between (the policy's own draws
    # did, and a Temple B or Pyramids B card bonus then met the choices of another card).
    w.draws, w.rng = list(w.draws[: w.ndrawn]), random.Random(rng.getrandbits(64))
    if not w.over:
        seen = [tuple(c) for c in w.cards[: w.round + 1]]
        pool = list((Counter(ROUND_CARDS[w.n]) - Counter(seen)).elements())
        rng.shuffle(pool)
        w.cards = tuple(seen + pool[: max(0, 6 - len(seen))])
    while not w.over:
        weighted_step(w, rng)
    return w.freeze()
