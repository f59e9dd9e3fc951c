"""The base game's compiled playouts (issue #40) seen from Python: a `ClassicState` and its
board data as the flat array of `kernel_layout` (`to_array`), `outcomes` (the batch behind
`ClassicGame.fast_outcomes`) and `traced` / `first_moves` (one playout with its moves as
`kernel_layout` M_* rows and its market draws, for the tests, which read the rows as F4 dicts).

The kernel covers every side of every site (B with board data; Pyramids B's choices, C6.2, by
the search of `kernel_policy.search_leaf`). Where numba cannot be imported, `outcomes`
returns None and the analysis plays the pure engine's `playout.analysis_playout` (which stays
the reference); a missing numba is logged once.
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from rules_engine import compiled
from rules_engine.analysis_hooks import Outcome
from rules_engine.classic.compiled import kernel_layout as L
from rules_engine.classic.components import BUILDING_SITES, PHARAOHS_WRATH, ROUND_CARDS, TEMPLE_WIDTH
from rules_engine.classic.sitedata import PYRAMID_BONUSES, TEMPLE_BONUSES, SiteData
from rules_engine.classic.state import (
    BURIAL,
    CARD_IDS,
    CARD_INDEX,
    OBELISKS,
    PYRAMIDS,
    TEMPLE,
    ClassicState,
    temple_tops,
)

log = logging.getLogger(__name__)
_KERNEL: list[ModuleType | None] = []  # the kernel module once tried (None: numba is missing)
_BLUE = ("lever", "hammer", "sail", "chisel")
_PYRAMID_BONUS = (None, *PYRAMID_BONUSES)  # kernel_layout PB_*


def _fresh_cache() -> None:
    """`compiled.fresh_cache` of this floor (its arrays are built from `components` and `sitedata`)."""
    compiled.fresh_cache(Path(__file__).parent)


def kernel() -> ModuleType | None:
    """`kernel_score` (importing numba and compiling or loading the kernel), or None when numba
    cannot be imported; that is logged once per process. None, not remembered, while another
    process compiles the kernels into numba's cache (`compiled.warming`, issue #52)."""
    if not _KERNEL:
        if compiled.warming() is not None:
            return None
        try:
            import numba  # noqa: F401  (before touching the cache: without numba there is none)

            _fresh_cache()
            from rules_engine.classic.compiled import kernel_score
        except ImportError as exc:
            log.warning("numba cannot be imported (%s): the base game's analysis plays the pure engine's "
                        "playouts", exc)
            _KERNEL.append(None)
        else:
            _KERNEL.append(kernel_score)
    return _KERNEL[0]


def supported(state: ClassicState) -> bool:
    """Whether the kernel plays this position's game: every side (C6.2 Pyramids B included),
    board data for the B sides having been checked at setup, within the kernel's sizes (the
    data's format sets no limit): at most `MAX_TOWERS` tower values on Obelisks B (C6.5) and
    `MAX_PYRB_SPACES` spaces a pyramid on Pyramids B (C6.2)."""
    sides, data = state._sides, state._data
    if sides[OBELISKS] == "B" and len(data.obelisks_b["towers"]) > L.MAX_TOWERS:  # type: ignore[index]
        return False
    pyramids = data.pyramids_b["pyramids"] if sides[PYRAMIDS] == "B" else ()  # type: ignore[index]
    return all(len(shape) <= L.MAX_PYRB_SPACES for shape in pyramids)


def to_array(state: ClassicState, data: SiteData, variants: Sequence[str] = ()) -> tuple[np.ndarray, np.ndarray]:
    """The position as `kernel_layout`'s array, and the pool of round cards not seen yet
    (4 capacities each) that a playout re-deals the rest of the game's from (C2.1)."""
    st = np.zeros(L.SIZE, dtype=np.int64)
    n = state._n
    st[L.N], st[L.ROUND], st[L.TO_MOVE], st[L.FIRST] = n, state._round, state._to_move, state._first
    st[L.PASSES], st[L.PLY], st[L.OVER], st[L.NSAILED] = state._passes, state._ply, state._over, state._nsailed
    st[L.NDECK], st[L.NDISCARD], st[L.NDRAWN] = state._ndeck, state._ndiscard, state._ndrawn
    sides = state._sides
    st[L.MARKET_B], st[L.BURIAL_B], st[L.OBEL_B] = sides[0] == "B", sides[BURIAL] == "B", sides[OBELISKS] == "B"
    st[L.NPYR], st[L.NTEMPLE], st[L.NBURIAL] = len(state._pyr), len(state._temple), len(state._burial)
    st[L.NTOWERS], st[L.WRATH] = len(state._towers), PHARAOHS_WRATH in variants
    for s, cap in enumerate(state._caps):
        st[L.CAPS + s] = cap
    st[L.SLOTS : L.SLOTS + 16] = [-1 if p is None else p for p in state._slots]
    st[L.SAILED : L.SAILED + 4] = state._sailed
    seen = [tuple(c) for c in state._cards[: state._round + 1]]
    st[L.NCARDS] = len(seen)
    for r, round_card in enumerate(seen):
        st[L.CARDS + 4 * r : L.CARDS + 4 * r + 4] = round_card
    pool = np.array([cap for c in (Counter(ROUND_CARDS[n]) - Counter(seen)).elements() for cap in c], dtype=np.int64)
    st[L.DECK : L.DECK + 12] = state._deck
    st[L.DISCARD : L.DISCARD + 12] = state._discard
    st[L.NMARKET], st[L.NPAIR] = len(state._market), len(state._pair)
    for i, card in enumerate(state._market):
        st[L.MARKET + i] = CARD_INDEX[card]
    for i, card in enumerate(state._pair):
        st[L.PAIR + i] = CARD_INDEX[card]
    st[L.TTOP : L.TTOP + 5] = -1
    for i, p in enumerate(temple_tops(list(state._temple), TEMPLE_WIDTH[n])):
        st[L.TTOP + i] = -1 if p is None else p
    for p in range(n):
        st[L.QUARRY + p], st[L.SLED + p], st[L.TRACK + p] = state._quarry[p], state._sled[p], state._track[p]
        st[L.PURPLE + p], st[L.REACHED + p], st[L.OBEL + p] = state._purple[p], state._reached[p], state._obel[p]
        for site in state._green[p]:
            st[L.GREEN + 4 * p + BUILDING_SITES.index(site)] += 1
        for card in state._blue[p]:
            st[L.BLUE + 4 * p + _BLUE.index(card)] += 1
    st[L.BURIAL : L.BURIAL + len(state._burial)] = state._burial
    if st[L.OBEL_B]:  # C6.5: the tower spaces, highest first
        values = sorted(data.obelisks_b["towers"], reverse=True)[: L.MAX_TOWERS]  # type: ignore[index]
        st[L.NTOWER_VALUES] = len(values)
        st[L.TOWER_VALUES : L.TOWER_VALUES + len(values)] = values
    if sides[PYRAMIDS] == "B":  # C6.2: the pyramids' spaces in filling order, the stones on them
        pyramids_b = data.pyramids_b
        assert pyramids_b is not None
        st[L.PYR_B], st[L.PYRB_OVERFLOW] = 1, pyramids_b.get("overflow", 1)
        for k, shape in enumerate(pyramids_b["pyramids"]):
            st[L.PYRB_LEN + k], st[L.PYRB_N + k] = len(shape), len(state._pyrb[k])
            for j, space in enumerate(shape[: L.MAX_PYRB_SPACES]):
                st[L.PYRB_VALUE + k * L.MAX_PYRB_SPACES + j] = space["value"]
                st[L.PYRB_BONUS + k * L.MAX_PYRB_SPACES + j] = _PYRAMID_BONUS.index(space.get("bonus"))
    if sides[TEMPLE] == "B":  # C6.3: each space's bonus for this player count
        st[L.TEMPLE_B] = 1
        for i, bonus in enumerate(data.temple_b["spaces"][n]):  # type: ignore[index]
            st[L.TEMPLE_BONUS + i] = TEMPLE_BONUSES.index(bonus)
    if st[L.BURIAL_B]:  # C6.4: the ranking points for this player count
        points = list(data.burial_chamber_b["points"][n])[:n]  # type: ignore[index]
        st[L.BURIAL_POINTS : L.BURIAL_POINTS + len(points)] = points
    return st, pool


def generator(rng: random.Random) -> np.random.Generator:
    """The kernel's generator, seeded from ``rng``: the same seed gives the same playouts."""
    return np.random.Generator(np.random.PCG64(rng.getrandbits(64)))


def outcomes(state: ClassicState, data: SiteData, record: Mapping[str, Any], rng: random.Random,
             count: int) -> list[Outcome] | None:
    """``count`` kernel playouts from ``state`` as `Outcome`s (C8 winners, the sled breaking
    ties; totals with Pharaoh's wrath), or None when the kernel does not play this game."""
    k = kernel()
    if k is None or not supported(state):
        return None
    st, pool = to_array(state, data, record.get("variants") or ())
    n = state._n
    scores = np.zeros((count, 4), dtype=np.int64)
    won = np.zeros(count, dtype=np.int64)
    k.batch(st, pool, generator(rng), count, scores, won)
    return [
        Outcome([p for p in range(n) if bits >> p & 1], tuple(int(x) for x in row[:n]))
        for bits, row in zip(won.tolist(), scores, strict=True)
    ]


def traced(state: ClassicState, data: SiteData, rng: random.Random,
           variants: Sequence[str] = ()) -> tuple[list[list[int]], list[str], np.ndarray, list[int]]:
    """One kernel playout from ``state``: its moves as `kernel_layout` M_* rows, the market
    cards it turned up, its final array and the C8 totals. Needs numba."""
    k = kernel()
    assert k is not None, "numba is needed"
    st, pool = to_array(state, data, variants)
    draws = np.zeros(400, dtype=np.int64)
    moves = np.full((3000, L.MOVE_WIDTH), -1, dtype=np.int64)
    totals = np.zeros(4, dtype=np.int64)
    final = k.traced(st, pool, generator(rng), draws, moves, totals)
    rows = [[int(x) for x in row] for row in moves if row[0] >= 0]
    cards = [CARD_IDS[c] for c in draws[1 : draws[0] + 1]]
    return rows, cards, final, [int(t) for t in totals[: state._n]]


def first_moves(state: ClassicState, data: SiteData, rng: random.Random, count: int) -> list[list[int]]:
    """The kernel's move at ``state``, drawn ``count`` times, as `kernel_layout` M_* rows (the
    policy test)."""
    k = kernel()
    assert k is not None, "numba is needed"
    st, pool = to_array(state, data)
    rows = np.full((count, L.MOVE_WIDTH), -1, dtype=np.int64)
    k.first_moves(st, pool, generator(rng), rows)
    return [[int(x) for x in row] for row in rows]


def warm_up(start: ClassicState, data: SiteData, record: Mapping[str, Any]) -> bool:
    """Compile the kernels (or load them from numba's cache) with one playout from ``start``
    (a new game's first position, handed in by the plugin with its ``record``), so a
    process's first hint or bot move does not wait for them (imhotep_site/warm.py,
    docs/operations.md). False without numba."""
    return outcomes(start, data, record, random.Random(0), 1) is not None
