"""Helpers for the Duel engine tests: build a chosen deal, play moves written briefly, and
drive a game to a chosen point by legal play only (no state surgery)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

from rules_engine.duel.game import apply_move, new_game
from rules_engine.duel.harbor import BOATS, CELLS, LINE_CELLS
from rules_engine.duel.invariants import check_invariants
from rules_engine.duel.moves import (
    Move,
    Pass,
    Place,
    PlaceMeeples,
    PlaceUnload,
    SwapUnload,
    TakeToken,
    Unload,
)
from rules_engine.duel.playout import random_record
from rules_engine.duel.record import replay
from rules_engine.duel.state import DuelState
from rules_engine.duel.tokens import ALL_TOKENS, TOKEN_IDS


def make_supply(boats: dict[str, list[str]] | None = None, reserve: list[str] | None = None,
                then: list[str] | None = None) -> list[str]:
    """A 60-token draw order: the given boats (others filled from what is left), the given
    reserve (bottom first), the given next draws, then everything else in canonical order."""
    pool = Counter(ALL_TOKENS)
    chosen = [t for b in (boats or {}).values() for t in b] + list(reserve or []) + list(then or [])
    pool.subtract(chosen)
    assert min(pool.values()) >= 0, f"more tokens than the box holds: {-pool}"
    rest = [t for t in dict.fromkeys(ALL_TOKENS) for _ in range(pool[t])]

    def take(n: int) -> list[str]:
        out = rest[:n]
        del rest[:n]
        return out

    deal = []
    for name in BOATS:
        deal += list((boats or {}).get(name) or take(3))
    deal += list(reserve) if reserve is not None else take(3)
    return deal + list(then or []) + rest


def mv(text: str) -> Move:
    """Short move notation: "place a1", "unload row-1", "take row-1 2", "pm a1 b1 [c1]",
    "pu c2 row-2 [col-c]", "swap row-1 1 3 col-b", "pass"."""
    word, *args = text.split()
    if word == "place":
        return Place(args[0])
    if word == "unload":
        return Unload(args[0])
    if word == "take":
        return TakeToken(args[0], int(args[1]))
    if word == "pm":
        return PlaceMeeples(tuple(args))
    if word == "pu":
        return PlaceUnload(args[0], tuple(args[1:]))
    if word == "swap":
        return SwapUnload(args[0], (int(args[1]), int(args[2])), args[3])
    if word == "pass":
        return Pass()
    raise ValueError(text)


def play(state: DuelState, *moves: str | Move | dict) -> DuelState:
    """Apply the moves in turn, checking the D10 invariants after each."""
    for m in moves:
        state = apply_move(state, mv(m) if isinstance(m, str) else m)
        check_invariants(state)
    return state


def cycle(state: DuelState, boat: str) -> DuelState:
    """Three plies: the player to move places on the cell nearest ``boat``, the other player
    on the next cell of that line, the first player unloads ``boat`` (so the mover gets
    slot 3, the other player slot 2, and slot 1 goes to the box)."""
    b = BOATS.index(boat)
    near, second = (CELLS[c] for c in LINE_CELLS[b][:2])
    return play(state, f"place {near}", f"place {second}", f"unload {boat}")


def drain(state: DuelState, boats: Iterable[str]) -> DuelState:
    for boat in boats:
        state = cycle(state, boat)
    return state


def game_states(seeds: Iterable[int]) -> Iterable[tuple[int, list[DuelState], list[Move]]]:
    for seed in seeds:
        rep = replay(random_record(random.Random(seed)))
        yield seed, rep.states, rep.moves


def find_state(pred: Callable[[DuelState], bool], seeds: Iterable[int] = range(3000)) -> DuelState:
    """The first state of seeded random games that satisfies ``pred``."""
    for _, states, _ in game_states(seeds):
        for s in states:
            if pred(s):
                return s
    raise LookupError("no random game reached such a state")


def start(**kwargs) -> DuelState:
    return new_game(supply=make_supply(**kwargs))


def dealt(state: DuelState, deal) -> DuelState:
    """``state`` with a compiled playout's deal of the face-down tokens (``Batch.deals[k]``,
    token indices): the first ``supply_count`` the supply in draw order, the rest the reserve."""
    w = state.thaw()
    tokens = [TOKEN_IDS[int(i)] for i in deal]
    w.supply = tuple(tokens[:w.scount])
    w.reserve = tokens[w.scount:w.scount + w.rcount]
    w.unseen = None
    return w.freeze()


def kernel_replayed(state: DuelState, batch, k: int) -> DuelState:
    """The pure engine's final state of playout ``k`` of a recorded compiled ``batch`` from
    ``state``: its deal, then its moves through `game.apply_move` (each validated, D4)."""
    from rules_engine.duel.compiled.fastplay import decode

    current = state if state.over else dealt(state, batch.deals[k])
    for code in batch.moves[k, :batch.nmoves[k]].tolist():
        current = apply_move(current, decode(code))
    return current
