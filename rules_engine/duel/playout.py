"""Random games: every ply a move drawn uniformly from the legal moves (duel.md D4).

Same distribution as ``rng.choice(legal_moves(state))`` with the same ``rng`` calls
(one ``randrange(len(legal_moves))`` per ply; D4.4 passes draw nothing), but cheaper:
the legal moves are counted from the menus of `legal`, the drawn index is located in its
menu, and the move is carried out by the same validating primitives `apply_move` uses,
on one mutable `Work` for the whole game. tests/engine/test_properties.py checks that
every drawn move equals ``legal_moves(state)[index]`` and that replaying the record
gives the same states.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from rules_engine.duel.actions import (
    end_turn,
    pass_turn,
    place,
    place_meeples,
    place_unload,
    swap_unload,
    take_token,
    unload,
)
from rules_engine.duel.game import MONUMENTS, new_game, shuffled_supply
from rules_engine.duel.harbor import BOATS, CELLS
from rules_engine.duel.legal import (
    PLACE,
    PLACE_MEEPLES_K,
    PLACE_UNLOAD_K,
    TAKE,
    UNLOAD,
    count,
    locate,
    menus,
)
from rules_engine.duel.state import Work

_PASS = {"type": "pass"}


def random_step(w: Work, rng: random.Random) -> dict:
    """Play one uniformly random legal move on ``w``; return its F2 dict."""
    m = menus(w)
    n = count(m)
    if n == 0:
        pass_turn(w)  # D4.4 (re-checks that nothing else is legal)
        end_turn(w, True)
        return dict(_PASS)
    cat, item = locate(m, rng.randrange(n))
    if cat == PLACE:
        place(w, item)
        move = {"type": "place", "cell": CELLS[item]}
    elif cat == UNLOAD:
        unload(w, item)
        move = {"type": "unload", "boat": BOATS[item]}
    elif cat == TAKE:
        take_token(w, item // 3, item % 3)
        move = {"type": "take-token", "boat": BOATS[item // 3], "slot": item % 3 + 1}
    elif cat == PLACE_MEEPLES_K:
        place_meeples(w, item)
        move = {"type": "place-meeples", "cells": [CELLS[c] for c in item]}
    elif cat == PLACE_UNLOAD_K:
        cell, b1, b2 = item & 15, item >> 4 & 7, (item >> 7) - 1
        boats = (b1,) if b2 < 0 else (b1, b2)
        place_unload(w, cell, boats)
        move = {"type": "place-unload", "cell": CELLS[cell], "boats": [BOATS[b] for b in boats]}
    else:
        (b, x, y), u = item
        swap_unload(w, b, x, y, u)
        move = {"type": "swap-unload", "boat": BOATS[b], "slots": [x + 1, y + 1],
                "unload": BOATS[u]}
    end_turn(w, False)
    return move


def playout(rng: random.Random, supply: Sequence[str] | None = None) -> tuple[list[str], list[dict], Work]:
    """A whole random game: (the supply in draw order, the F2 moves, the final `Work`)."""
    supply = list(supply) if supply is not None else shuffled_supply(rng)
    w = new_game(supply=supply).thaw()
    moves = []
    while not w.over:
        moves.append(random_step(w, rng))
    return supply, moves, w


def random_record(rng: random.Random, *, players: Sequence[str] = ("Ana", "Ben"),
                  sides: Mapping[str, str] | None = None) -> dict:
    """A full game of uniformly random legal moves, as an F2 record (supply form)."""
    supply, moves, _ = playout(rng)
    sides = dict(sides or {})
    return {"game": "duel", "sides": {m: sides.get(m, "A") for m in MONUMENTS},
            "players": list(players), "colours": ["black", "white"],
            "setup": {"supply": supply}, "moves": moves}
