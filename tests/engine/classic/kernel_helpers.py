"""Helpers for the compiled playout's tests (issue #40): positions from `random_record`
prefixes, and a kernel playout replayed through the pure engine."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules_engine.classic.choosers import BONUS_PLACE, PYRAMID, TAKE, TEMPLE_CHOICE
from rules_engine.classic.compiled import fastplay
from rules_engine.classic.compiled import kernel_layout as L
from rules_engine.classic.game import apply_move, setup
from rules_engine.classic.legal import CHISEL, HAMMER, LEVER, PLACE, SAIL, SAILC
from rules_engine.classic.movefields import PAIR
from rules_engine.classic.playout import move_json, random_record
from rules_engine.classic.sitecheck import from_mapping
from rules_engine.classic.state import CARD_IDS, ClassicState

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
    rows, cards, final, totals = fastplay.traced(state, data, random.Random(seed), variants)
    pure = with_deal(state, final, cards)
    for row in rows:
        pure = apply_move(pure, decode_move(row))
    return pure, final, totals, len(rows)


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


def decode_move(row: Sequence[int]) -> dict[str, Any]:
    """A move the kernel reported (`kernel_layout` M_* row) as its F4 dict."""
    kind, s, k, site = row[L.M_KIND], row[L.M_SHIP], row[L.M_SLOT], row[L.M_SITE]
    leaf: tuple[Any, ...] = ()
    if row[L.M_NTAKES] > 0:
        leaf = tuple(("take", _take(t)) for t in row[L.M_TAKES : L.M_TAKES + row[L.M_NTAKES]])
    if row[L.M_TEMPLE] > 0:
        count, bits = row[L.M_TEMPLE] % 8, row[L.M_TEMPLE] // 8
        leaf += tuple((TEMPLE_CHOICE, "stones" if bits >> j & 1 else "point") for j in range(count))
    if row[L.M_NCHOICES] > 0:  # Pyramids B: every choice in the order it arose
        leaf = tuple(_choice(row[L.M_CHOICES + 2 * i], row[L.M_CHOICES + 2 * i + 1])
                     for i in range(row[L.M_NCHOICES]))
    base: tuple[Any, ...]
    if kind in (PLACE, HAMMER):
        base = (kind, s, k)
    elif kind == SAIL:
        base = (SAIL, s, site)
    elif kind == LEVER:
        base = (LEVER, s, site, tuple(o for o in row[L.M_ORDER : L.M_ORDER + 4] if o >= 0))
    elif kind == SAILC:
        base = (SAILC, s, k, site)
    elif kind == CHISEL:
        base = (CHISEL, ((s, k), (row[L.M_SHIP2], row[L.M_SLOT2])))
    else:
        base = (kind,)
    return move_json(base, leaf)


def _choice(kind: int, value: int) -> tuple[str, Any]:
    if kind == L.CH_TAKE:
        return TAKE, _take(value)
    if kind == L.CH_PYRAMID:
        return PYRAMID, value
    if kind == L.CH_BONUS_PLACE:
        return BONUS_PLACE, None if value < 0 else (value // 4 + 1, value % 4 + 1)
    return TEMPLE_CHOICE, "stones" if value else "point"


def _take(code: int) -> Any:
    if code < 0:
        return None
    if code >= L.PAIR_TAKE:
        return (PAIR, CARD_IDS[code - L.PAIR_TAKE])
    return CARD_IDS[code]
