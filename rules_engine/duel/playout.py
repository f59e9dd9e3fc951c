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
from typing import Any

from rules_engine.duel.board import DuelBoard, PlayerBoard
from rules_engine.duel.game import MONUMENTS, new_game, shuffled_supply
from rules_engine.duel.harbor import BOATS, CELLS, LINE_CELLS
from rules_engine.duel.legal import (
    PLACE,
    PLACE_MEEPLES_K,
    PLACE_UNLOAD_K,
    SWAP,
    TAKE,
    UNLOAD,
    count,
    locate,
    menus,
)
from rules_engine.duel.primitives import end_turn, place, unload
from rules_engine.duel.scoring import decide_winner, totals, winner
from rules_engine.duel.state import MEEPLES, DuelState, Work
from rules_engine.duel.turns import pass_turn, place_meeples, place_unload, swap_unload, take_token

_PASS = {"type": "pass"}


def random_step(w: Work, rng: random.Random) -> dict[str, Any]:
    """Play one uniformly random legal move on ``w``; return its F2 dict."""
    m = menus(w)
    n = count(m)
    if n == 0:
        pass_turn(w)  # D4.4 (re-checks that nothing else is legal)
        end_turn(w, True)
        return dict(_PASS)
    cat, item = locate(m, rng.randrange(n))
    return _play(w, cat, item)


def _play(w: Work, cat: int, item: Any) -> dict[str, Any]:
    """Carry out menu item ``item`` of category ``cat`` on ``w``; its F2 dict."""
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


# Analysis playouts (rules_engine/analysis): a greedy policy. An unload is weighted by what it
# gives the player to move against the opponent (D4.2: each meeple of the line takes a token),
# so a playout rarely unloads a line full of the opponent's meeples; other moves weigh
# W_OTHER. Measured by `bench/analysis.py --strength`: it beats uniform random play.
W_OTHER, W_TAKE = 1.0, 2.0
UNLOAD_GAIN = 2.0  # weight per meeple more than the opponent's in the line


def _unload_weight(cells: list[Any], b: int, me: int) -> float:
    mine = theirs = 0
    for c in LINE_CELLS[b]:
        owner = cells[c]
        if owner is None:
            continue
        if owner == me:
            mine += 1
        else:
            theirs += 1
    return max(0.1, 1.0 + UNLOAD_GAIN * (mine - theirs))


def weighted_step(w: Work, rng: random.Random) -> dict[str, Any]:
    """Play one legal move on ``w`` with the greedy policy above (a hot loop: cumulative
    weights by hand); its F2 dict."""
    place, unl, take, pm, pu, swaps = menus(w)
    weights = [_unload_weight(w.cells, b, w.to_move) for b in unl]
    a = len(place) * W_OTHER
    b = a + sum(weights)
    c = b + W_TAKE * len(take)
    d = c + W_OTHER * (len(pm) + len(pu) + len(swaps) * len(unl))
    if d == 0:
        pass_turn(w)  # D4.4
        end_turn(w, True)
        return _PASS
    r = rng.random() * d
    if r < a:
        return _play(w, PLACE, place[min(len(place) - 1, int(r / W_OTHER))])
    if r < b:
        r -= a
        for boat, weight in zip(unl, weights, strict=True):
            if r < weight:
                return _play(w, UNLOAD, boat)
            r -= weight
        return _play(w, UNLOAD, unl[-1])
    if r < c:
        return _play(w, TAKE, take[min(len(take) - 1, int((r - b) / W_TAKE))])
    k = min(len(pm) + len(pu) + len(swaps) * len(unl) - 1, int((r - c) / W_OTHER))
    if k < len(pm):
        return _play(w, PLACE_MEEPLES_K, pm[k])
    k -= len(pm)
    if k < len(pu):
        return _play(w, PLACE_UNLOAD_K, pu[k])
    q, u = divmod(k - len(pu), len(unl))
    return _play(w, SWAP, (swaps[q], unl[u]))


def weighted_playout(state: DuelState, rng: random.Random) -> DuelState:
    """The final state of a game played on from ``state`` with `weighted_step`, the face-down
    supply and reserve re-dealt first (rules_engine/duel/hidden.py)."""
    from rules_engine.duel.hidden import redeal

    w = state.thaw()
    redeal(w, rng)
    while not w.over:
        weighted_step(w, rng)
    return w.freeze()


def playout(rng: random.Random, supply: Sequence[str] | None = None) -> tuple[list[str], list[dict[str, Any]], Work]:
    """A whole random game: (the supply in draw order, the F2 moves, the final `Work`)."""
    supply = list(supply) if supply is not None else shuffled_supply(rng)
    w = new_game(supply=supply).thaw()
    moves = []
    while not w.over:
        moves.append(random_step(w, rng))
    return supply, moves, w


def random_record(rng: random.Random, *, players: Sequence[str] = ("Ana", "Ben"),
                  sides: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A full game of uniformly random legal moves, as an F2 record (supply form)."""
    supply, moves, _ = playout(rng)
    sides = dict(sides or {})
    return {"game": "duel", "sides": {m: sides.get(m, "A") for m in MONUMENTS},
            "players": list(players), "colours": ["black", "white"],
            "setup": {"supply": supply}, "moves": moves}


def playout_winner(state: DuelState, sides: Mapping[str, str] | None = None) -> int:
    """The winner of a finished position by D7 and D7.6, as `scoring.score_json` of its F1
    board finds it, minus the F1 validation (the board comes from a state the engine made)
    and the explanation lines (`scoring.winner`)."""
    return winner(_playout_board(state, sides))


def playout_totals(state: DuelState, sides: Mapping[str, str] | None = None) -> tuple[int, int]:
    """Each player's D7 total at a finished position, as `scoring.score_json` of its F1 board
    adds them up, without the validation and the explanation lines (`scoring.totals`)."""
    return totals(_playout_board(state, sides))


def playout_result(state: DuelState, sides: Mapping[str, str] | None = None) -> tuple[int, tuple[int, int]]:
    """`playout_winner` and `playout_totals` of one finished position, scored once."""
    board = _playout_board(state, sides)
    both = totals(board)
    return decide_winner(both, board.starting_player)[0], both


def _playout_board(state: DuelState, sides: Mapping[str, str] | None) -> DuelBoard:
    """The F1 board of a position the engine made, built without F1 validation."""
    players = tuple(
        PlayerBoard(None, p.obelisk, state.first_to_five == i, tuple(p.temple), p.pyramid_light,
                    p.pyramid_dark, tuple(p.tomb), len(p.action_tokens), MEEPLES - p.meeples_in_supply)
        for i, p in enumerate(state.players)
    )
    board = object.__new__(DuelBoard)
    object.__setattr__(board, "sides", {m: (sides or {}).get(m, "A") for m in MONUMENTS})
    object.__setattr__(board, "starting_player", 0)
    object.__setattr__(board, "players", players)
    return board
