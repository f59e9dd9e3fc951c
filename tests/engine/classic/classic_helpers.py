"""Helpers for the base-game engine tests: build a chosen setup, play moves written briefly,
and drive a game to a chosen point by legal play only (no state surgery)."""

from __future__ import annotations

from rules_engine.classic.components import DECK
from rules_engine.classic.game import apply_move, legal_moves, setup
from rules_engine.classic.invariants import check_invariants
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
from rules_engine.classic.sitedata import EMPTY

CARDS_4 = [[4, 3, 2, 1], [4, 4, 3, 2], [3, 3, 2, 2], [4, 3, 3, 2], [4, 4, 2, 1], [3, 3, 3, 2]]
CARDS_2 = [[3, 2, 2, 1], [4, 3, 2, 1], [3, 3, 2, 2], [4, 2, 2, 1], [4, 3, 3, 1], [4, 3, 2, 2]]
CARDS = {2: CARDS_2, 3: CARDS_4, 4: CARDS_4}
NAMES = ("Ana", "Ben", "Cy", "Dee")


def deck_order(*first: str) -> list[str]:
    """All 34 market cards: ``first`` in that order, then the rest in canonical order."""
    rest = dict(DECK)
    for card in first:
        rest[card] -= 1
        assert rest[card] >= 0, f"more {card} than the deck holds"
    return list(first) + [c for c, n in rest.items() for _ in range(n)]


def record(n: int = 4, *, cards=None, draws=None, sides=None, moves=(), colours=None, variants=None) -> dict:
    rec = {
        "game": "classic",
        "players": list(NAMES[:n]),
        "setup": {
            "round_cards": [list(c) for c in (cards or CARDS[n])],
            "market_draws": list(draws if draws is not None else deck_order()),
        },
        "moves": [m if isinstance(m, dict) else mv(m).to_json() for m in moves],
    }
    if sides:
        rec["sides"] = dict(sides)
    if colours:
        rec["colours"] = list(colours)
    if variants is not None:
        rec["variants"] = list(variants)
    return rec


def start(n: int = 4, data=EMPTY, **kw):
    return setup(record(n, **kw), data)


def _take(text: str):
    out = []
    for t in text.split(","):
        if t.startswith("pair:"):
            out.append({"pair": t[5:]})
        else:
            out.append(None if t == "-" else t)
    return out


def _extras(args: list[str]) -> tuple[list[str], dict]:
    """Split "key=v1,v2" arguments off: take=statue,pair:lever  pyramids=1,2  temple=point
    bonus=1.2,-"""
    plain, extra = [], {}
    for a in args:
        if "=" not in a:
            plain.append(a)
            continue
        key, value = a.split("=", 1)
        if key == "take":
            extra["take"] = _take(value)
        elif key == "pyramids":
            extra["pyramids"] = [int(v) for v in value.split(",")]
        elif key == "temple":
            extra["temple"] = value.split(",")
        elif key == "bonus":
            extra["bonus_places"] = [None if v == "-" else tuple(map(int, v.split("."))) for v in value.split(",")]
        else:
            raise ValueError(key)
    return plain, extra


def mv(text: str) -> Move:
    """Short notation: "get", "place 1 2", "sail 1 pyramids [take=statue,lever]",
    "lever 1 temple 2,1,3 [take=…]", "hammer 1 2", "sailcard 1 2 obelisks [take=…]",
    "chisel 1.1 2.1", "pass [temple=point]"."""
    word, *rest = text.split()
    args, extra = _extras(rest)
    if word == "get":
        return GetStones()
    if word == "place":
        return Place(int(args[0]), int(args[1]))
    if word == "sail":
        return Sail(int(args[0]), args[1], **extra)
    if word == "lever":
        return PlayLever(int(args[0]), args[1], tuple(int(k) for k in args[2].split(",")), **extra)
    if word == "hammer":
        return PlayHammer(int(args[0]), int(args[1]))
    if word == "sailcard":
        return PlaySail(int(args[0]), int(args[1]), args[2], **extra)
    if word == "chisel":
        return PlayChisel(tuple(tuple(map(int, a.split("."))) for a in args))
    if word == "pass":
        return Pass(**extra)
    raise ValueError(text)


def play(state, *texts: str):
    """Apply moves in short notation, checking the invariants after each."""
    for t in texts:
        state = apply_move(state, mv(t))
        check_invariants(state)
    return state


def finish_round(state, avoid_market: bool = True):
    """Play simple legal moves until the round changes: sail a ship that can sail (to a site
    other than the market when possible), else place, else get stones."""
    start_round = state.round
    while state.round == start_round and not state.over:
        moves = legal_moves(state)
        sails = [m for m in moves if isinstance(m, Sail)]
        non_market = [m for m in sails if m.site != "market"]
        pick = (
            non_market
            or (sails if not avoid_market or not non_market else [])
            or sails
            or [m for m in moves if isinstance(m, Place)]
            or [m for m in moves if isinstance(m, GetStones)]
            or moves
        )
        state = apply_move(state, pick[0])
        check_invariants(state)
    return state
