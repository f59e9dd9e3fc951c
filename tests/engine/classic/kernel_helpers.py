"""Helpers for the compiled playout's tests (issue #40): positions from `random_record`
prefixes, and a kernel playout replayed through the pure engine."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from rules_engine.classic import fastplay
from rules_engine.classic import kernel_layout as L
from rules_engine.classic.game import apply_move, setup
from rules_engine.classic.playout import random_record
from rules_engine.classic.sitecheck import from_mapping
from rules_engine.classic.state import ClassicState

# Sides the kernel plays: every site either way (B with board data).
KERNEL_SIDES = (
    {},
    {"market": "B"},
    {"obelisks": "B"},
    {"temple": "B", "burial-chamber": "B"},
    {"market": "B", "temple": "B", "burial-chamber": "B", "obelisks": "B"},
    {"pyramids": "B"},
    {"pyramids": "B", "market": "B", "temple": "B", "burial-chamber": "B", "obelisks": "B"},
)


def board_data_set():
    """The TEST board data set (tests/data/board_data_test_set.json: invented numbers)."""
    raw = json.loads((Path(__file__).parents[2] / "data" / "board_data_test_set.json").read_text())
    return from_mapping(raw["data"])


def position(seed: int, players: int, sides: dict[str, str], data, fraction: float) -> tuple[ClassicState, dict]:
    """The position ``fraction`` of the way through a seeded random game, and its record."""
    rec = random_record(random.Random(seed), players, sides=sides, data=data)
    state = setup(rec, data)
    for move in rec["moves"][: int(len(rec["moves"]) * fraction)]:
        state = apply_move(state, move)
    return state, rec


def with_deal(state: ClassicState, final: Any, cards: list[str]) -> ClassicState:
    """``state`` dealing what the kernel's playout dealt: its round cards and market draws."""
    w = state.thaw()
    w.cards = tuple(tuple(int(x) for x in final[L.CARDS + 4 * r : L.CARDS + 4 * r + 4]) for r in range(6))
    w.draws = tuple(w.draws[: w.ndrawn]) + tuple(cards)
    w.seed, w.transcribed = None, False
    return w.freeze()


def replayed(state: ClassicState, data, seed: int, variants=()) -> tuple[ClassicState, Any, list[int], int]:
    """A kernel playout from ``state`` replayed move by move through `apply_move` (which refuses
    an illegal move): the pure engine's final state, the kernel's final array and totals, and
    how many moves were played."""
    moves, cards, final, totals = fastplay.traced(state, data, random.Random(seed), variants)
    pure = with_deal(state, final, cards)
    for move in moves:
        pure = apply_move(pure, move)
    return pure, final, totals, len(moves)


def same_position(pure: ClassicState, final: Any) -> list[str]:
    """The fields where the pure engine's final state and the kernel's array differ."""
    n = pure._n
    out = []
    checks = {
        "over": (pure._over, final[L.OVER]),
        "ply": (pure._ply, final[L.PLY]),
        "track": (list(pure._track), list(final[L.TRACK : L.TRACK + n])),
        "sled": (list(pure._sled), list(final[L.SLED : L.SLED + n])),
        "quarry": (list(pure._quarry), list(final[L.QUARRY : L.QUARRY + n])),
        "obelisks": (list(pure._obel), list(final[L.OBEL : L.OBEL + n])),
        "statues": (list(pure._purple), list(final[L.PURPLE : L.PURPLE + n])),
        "reached": (list(pure._reached), list(final[L.REACHED : L.REACHED + n])),
        "burial": (list(pure._burial), list(final[L.BURIAL : L.BURIAL + final[L.NBURIAL]])),
        "temple": (len(pure._temple), final[L.NTEMPLE]),
        "pyramids": (len(pure._pyr), final[L.NPYR]),
        "pyramids B": ([len(k) for k in pure._pyrb], list(final[L.PYRB_N : L.PYRB_N + 3])),
        "towers": (len(pure._towers), final[L.NTOWERS]),
        "deck": (list(pure._deck), list(final[L.DECK : L.DECK + 12])),
        "discard": (list(pure._discard), list(final[L.DISCARD : L.DISCARD + 12])),
        "blue": ([len(b) for b in pure._blue], [sum(final[L.BLUE + 4 * p : L.BLUE + 4 * p + 4]) for p in range(n)]),
        "green": ([len(g) for g in pure._green], [sum(final[L.GREEN + 4 * p : L.GREEN + 4 * p + 4]) for p in range(n)]),
    }
    for name, (a, b) in checks.items():
        if _ints(a) != _ints(b):
            out.append(f"{name}: pure {a}, kernel {b}")
    return out


def _ints(value: Any) -> list[int]:
    return [int(x) for x in (value if isinstance(value, list) else [value])]
