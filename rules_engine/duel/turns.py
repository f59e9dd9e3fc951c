"""Whole turns of duel.md D4: the compound action tokens of D4.3 (place-meeples,
place-unload, swap-unload, take-token), passing (D4.4), and `play`, which carries out any
`moves.Move` for the player to move and hands over the turn.

Every way of changing a game goes through `play` (or, for random playouts, through the
index-level forms below, which `playout` calls directly); each is built from the single steps
of `primitives`, so there is one implementation of each rule. `describe` puts a move in the
board's words for messages ("place a1", "unload row 2"), e.g. the legal move named when a pass
is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.duel.harbor import BOAT_INDEX, CELL_INDEX, LINE_NAMES
from rules_engine.duel.labels import NAMES
from rules_engine.duel.legal import first_legal
from rules_engine.duel.moves import (
    Move,
    Pass,
    Place,
    PlaceMeeples,
    PlaceUnload,
    SwapUnload,
    TakeToken,
    Unload,
    at,
)
from rules_engine.duel.primitives import end_turn, place, spend, swap, take, unload
from rules_engine.duel.state import Work
from rules_engine.duel.tokens import PLACE_MEEPLES, PLACE_UNLOAD, SWAP_UNLOAD, TAKE_TOKEN
from rules_engine.errors import IllegalMoveError
from rules_engine.messages import Message, msg

# Index-level forms of the compound moves, shared by `play` and the random playout.


def place_meeples(w: Work, cells: tuple[int, ...]) -> None:
    """D4.3 place-meeples: D4.1 two or three times."""
    spend(w, PLACE_MEEPLES)
    have = w.players[w.to_move].meeples
    if have < len(cells):
        # Translators: {count} is 2 or 3; {player} a player's number (1 or 2, as seated); {have}
        # how many meeples they hold.
        raise IllegalMoveError(at(NAMES[PLACE_MEEPLES], msg("placing {count} meeples, but player {player} has only "
                                                            "{have} off the harbor (D4.3)", count=len(cells),
                                                            player=w.to_move + 1, have=have)), "D4.3")
    for c in cells:
        place(w, c, PLACE_MEEPLES)


def place_unload(w: Work, cell: int, boats: tuple[int, ...],
                 refills: tuple[Any, ...] | None = None) -> None:
    """D4.3 place-unload: D4.1 once, then D4.2 once or twice in the order given."""
    spend(w, PLACE_UNLOAD)
    place(w, cell, PLACE_UNLOAD)
    for k, b in enumerate(boats):
        if w.over:
            # Ruling (docs/rulings.md, "D4.3, D8 — a second unload listed after the game
            # ended"): the action stops there, so a second listed unload never happened.
            # Translators: {first} and {second} are boats, e.g. "row 2" and "column a".
            reason = msg("the game ended when {first} was removed (D4.2 step 5, D8), so the second unload {second} "
                         "cannot follow", first=LINE_NAMES[boats[0]], second=LINE_NAMES[b])
            raise IllegalMoveError(at(NAMES[PLACE_UNLOAD], reason), "D8")
        unload(w, b, None if refills is None else refills[k], PLACE_UNLOAD)


def swap_unload(w: Work, b: int, s0: int, s1: int, u: int,
                refill: tuple[str, ...] | None = None) -> None:
    """D4.3 swap-unload: swap two tokens of boat ``b``, then unload boat ``u``."""
    spend(w, SWAP_UNLOAD)
    swap(w, b, s0, s1)
    unload(w, u, refill, SWAP_UNLOAD)


def take_token(w: Work, b: int, s0: int, reveal: str | None = None) -> None:
    spend(w, TAKE_TOKEN)
    take(w, b, s0, reveal)


def pass_turn(w: Work) -> None:
    """D4.4."""
    example = first_legal(w)
    if example is not None:
        # Translators: {move} is a legal move in words, e.g. "place a1" or "unload row 2".
        raise IllegalMoveError(msg("pass is only allowed when no other action is legal, but e.g. {move} is legal "
                                   "(D4.4)", move=describe(example)), "D4.4")
    if w.passed:  # D4.4 ruling: both players passed in succession
        w.over = True
        w.end = "passes"


def _play_place(w: Work, m: Place) -> None:
    place(w, CELL_INDEX[m.cell])


def _play_unload(w: Work, m: Unload) -> None:
    unload(w, BOAT_INDEX[m.boat], m.refill)


def _play_take(w: Work, m: TakeToken) -> None:
    take_token(w, BOAT_INDEX[m.boat], m.slot - 1, m.reveal)


def _play_place_meeples(w: Work, m: PlaceMeeples) -> None:
    place_meeples(w, tuple(CELL_INDEX[c] for c in m.cells))


def _play_place_unload(w: Work, m: PlaceUnload) -> None:
    place_unload(w, CELL_INDEX[m.cell], tuple(BOAT_INDEX[b] for b in m.boats), m.refills)


def _play_swap_unload(w: Work, m: SwapUnload) -> None:
    swap_unload(w, BOAT_INDEX[m.boat], m.slots[0] - 1, m.slots[1] - 1, BOAT_INDEX[m.unload],
                m.refill)


def _play_pass(w: Work, m: Pass) -> None:
    pass_turn(w)


_PLAY: dict[type[Move], Callable[[Work, Any], None]] = {Place: _play_place, Unload: _play_unload, TakeToken: _play_take,
         PlaceMeeples: _play_place_meeples, PlaceUnload: _play_place_unload,
         SwapUnload: _play_swap_unload, Pass: _play_pass}


def play(w: Work, m: Move) -> None:
    """Carry out one whole move for the player to move (D4), then hand over the turn."""
    if w.over:
        if w.end == "passes":
            raise IllegalMoveError(msg("the game is over: both players passed (D4.4); no more moves"), "D8")
        raise IllegalMoveError(msg("the game is over: only one boat is left (D8); no more moves"), "D8")
    t = type(m)
    # The commonest moves without a handler's call (#40); ``type(m) is`` narrows ``m`` for the type checker.
    if type(m) is Place:
        place(w, CELL_INDEX[m.cell])
    elif type(m) is Unload:
        unload(w, BOAT_INDEX[m.boat], m.refill)
    else:
        handler = _PLAY.get(t)
        if handler is None:
            # Translators: {kind} is a Python class name.
            raise IllegalMoveError(msg("not a Duel move: {kind}", kind=t.__name__), "F2")
        handler(w, m)
    end_turn(w, t is Pass)


def describe(m: Move) -> Message:
    """A move in the board's words, for a message: "place a1", "unload row 2" …"""
    if isinstance(m, Place):
        # Translators: a move: put a meeple on cell {cell} (a1 … c3).
        return msg("place {cell}", cell=m.cell)
    if isinstance(m, Unload):
        # Translators: a move: unload the boat of {boat}, e.g. "row 2".
        return msg("unload {boat}", boat=LINE_NAMES[BOAT_INDEX[m.boat]])
    if isinstance(m, TakeToken):
        # Translators: a move: {action} is the action token "take 1 token"; {boat} a boat, e.g. "row 2".
        return msg("{action} from {boat} slot {slot}", action=NAMES[TAKE_TOKEN], boat=LINE_NAMES[BOAT_INDEX[m.boat]],
                   slot=m.slot)
    if isinstance(m, PlaceMeeples):
        # Translators: a move: {action} is the action token "place 2–3 meeples"; {cells} lists cells (a1 … c3).
        return msg("{action} on {cells}", action=NAMES[PLACE_MEEPLES], cells=m.cells)
    if isinstance(m, PlaceUnload):
        # Translators: a move: the action token {action} placing on {cell}, then unloading {boats} (e.g. "row 2").
        return msg("{action}: {cell}, then {boats}", action=NAMES[PLACE_UNLOAD], cell=m.cell,
                   boats=tuple(LINE_NAMES[BOAT_INDEX[x]] for x in m.boats))
    if isinstance(m, SwapUnload):
        # Translators: a move: the action token {action} swapping two slots of {boat}, then unloading {unload}.
        return msg("{action}: slots {first} and {second} of {boat}, then {unload}", action=NAMES[SWAP_UNLOAD],
                   first=m.slots[0], second=m.slots[1], boat=LINE_NAMES[BOAT_INDEX[m.boat]],
                   unload=LINE_NAMES[BOAT_INDEX[m.unload]])
    # Translators: a move: the player passes (D4.4).
    return msg("pass")
