"""Random base games: a shuffled setup (C2) and every ply a move drawn uniformly from the
legal moves (C3–C7).

Same distribution as ``rng.choice(legal_moves(state))`` with the same ``rng`` calls (one
``randrange(len(legal_moves))`` per ply; a forced pass draws nothing), but cheaper: the legal
moves are counted from the menus of `legal`, the drawn index is located in its menu, and the
move is carried out by the same validating primitives `apply_move` uses, on one mutable
`Work` for the whole game. Market cards are turned up from a second generator seeded from
``rng`` (so the move draws stay in step with ``rng.choice(legal_moves)``) and the record's
``setup.market_draws`` lists exactly the cards drawn. tests/engine/classic/test_properties.py
checks all of this against `record.replay`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from rules_engine.classic.components import COLOURS, ROUND_CARDS, ROUNDS, SITES
from rules_engine.classic.game import Header, new_work
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
from rules_engine.classic.moves import PAIR
from rules_engine.classic.sitedata import EMPTY, SiteData, missing_sides
from rules_engine.classic.state import Work
from rules_engine.errors import RecordError

NAMES = ("Ana", "Ben", "Cy", "Dee")


def move_json(base: tuple, leaf: tuple) -> dict:
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


def random_step(w: Work, rng: random.Random) -> dict:
    """Play one uniformly random legal move on ``w``; return its F4 dict."""
    entries = menus(w)
    n = count(entries)
    if n == 0:
        leaves = pass_leaves(w)
        leaf = leaves[0] if len(leaves) == 1 else leaves[rng.randrange(len(leaves))]
        base: tuple = (PASS,)
    else:
        base, leaf = locate(entries, rng.randrange(n))
    step(w, base, leaf)
    return move_json(base, leaf)


def random_header(rng: random.Random, players: int = 4, sides: Mapping[str, str] | None = None) -> Header:
    """A shuffled setup (C2.1): the 7 round cards of the player count, one removed at random,
    the other 6 shuffled. The market draws are left to the playout."""
    if players not in ROUND_CARDS:
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    cards = list(ROUND_CARDS[players])
    rng.shuffle(cards)
    chosen = {s: (sides or {}).get(s, "A") for s in SITES}
    return Header(NAMES[:players], COLOURS[:players], chosen, (), tuple(cards[:ROUNDS]), ())


def random_record(
    rng: random.Random, players: int = 4, sides: Mapping[str, str] | None = None, data: SiteData | None = None
) -> dict:
    """A whole F4 record of uniformly random legal moves (shuffled setup, C2)."""
    data = data or EMPTY
    header = random_header(rng, players, sides)
    missing = missing_sides(header.sides, data, players)
    if missing:
        raise RecordError("; ".join(f"{path}: {msg}" for path, msg in missing), None, "C6")
    w = new_work(header, data, random.Random(rng.getrandbits(64)))
    moves = []
    while not w.over:
        moves.append(random_step(w, rng))
    rec = header.to_json(moves)
    rec["setup"]["market_draws"] = list(w.draws)
    return rec
