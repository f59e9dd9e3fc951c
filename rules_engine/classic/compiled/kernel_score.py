"""The compiled playout's final scoring (classic.md C8, C9) and its batch (issue #40): `batch`
plays ``count`` playouts from one position, each with the round cards not seen re-dealt (C2.1)
and the market cards to come drawn from the deck (`kernel_rules.draw`), as
`playout.analysis_playout` does, and scores each as `ClassicGame.final_outcome` does.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from rules_engine.classic.compiled.kernel_layout import (
    BLUE,
    BURIAL,
    BURIAL_B,
    BURIAL_POINTS,
    CARDS,
    GREEN,
    MAX_BURIAL,
    NBURIAL,
    NCARDS,
    NPYR,
    NTEMPLE,
    NTOWERS,
    OBEL,
    OBEL_B,
    OVER,
    PURPLE,
    PYRB_N,
    REACHED,
    SLED,
    TRACK,
    WRATH,
    N,
)
from rules_engine.classic.compiled.kernel_policy import playout, scratch_space, weighted_step
from rules_engine.classic.components import (
    BURIAL_ROWS,
    GROUP_POINTS,
    GROUP_POINTS_BEYOND,
    MAX_PLAYERS,
    OBELISKS_A_POINTS,
    PHARAOHS_WRATH_PENALTY,
    STONES_PER_DECORATION_POINT,
)

# The pure engine's tables (components.py) as arrays, built here rather than typed twice:
# C5.5 Obelisks A points by player count (a row per count, 0 beyond the places; rows 0-1 unused).
OBELISK_PLACES = np.array([[*OBELISKS_A_POINTS.get(n, ()), *[0] * (MAX_PLAYERS - len(OBELISKS_A_POINTS.get(n, ())))]
                           for n in range(MAX_PLAYERS + 1)], dtype=np.int64)
GROUPS = np.array(GROUP_POINTS, dtype=np.int64)  # C5.4 / C7: by size up to the table's end


@njit(cache=True)
def group_points(size: int) -> int:
    """C5.4 / C7 statues: `components.group_points` on the table's arrays."""
    last = GROUPS.shape[0] - 1
    if size <= last:
        return int(GROUPS[size])
    return int(GROUPS[last] + GROUP_POINTS_BEYOND * (size - last))


@njit(cache=True)
def ranking_points(amounts: np.ndarray, places: np.ndarray, n: int, out: np.ndarray) -> None:
    """`scoring.ranking_points`: adds to ``out`` each ranked player's share of their places."""
    for i in range(n):
        a = amounts[i]
        if a <= 0:
            continue
        first = 0
        tied = 0
        for j in range(n):
            if amounts[j] > a:
                first += 1
            elif amounts[j] == a:
                tied += 1
        share = 0
        for k in range(first, min(first + tied, places.shape[0])):
            share += places[k]
        out[i] += share // tied


@njit(cache=True)
def final_scores(st: np.ndarray, totals: np.ndarray) -> None:
    """Each player's C8 total (C9 included when played) into ``totals``."""
    n = st[N]
    nb = min(st[NBURIAL], MAX_BURIAL)
    for p in range(n):
        totals[p] = st[TRACK + p] + group_points(st[PURPLE + p])
        for c in range(4):
            totals[p] += st[BLUE + 4 * p + c]
    amounts = np.zeros(4, dtype=np.int64)
    if st[BURIAL_B]:  # C6.4: each row ranked on its own
        for row in range(BURIAL_ROWS):
            amounts[:] = 0
            for i in range(row, nb, BURIAL_ROWS):
                amounts[st[BURIAL + i]] += 1
            ranking_points(amounts, st[BURIAL_POINTS:BURIAL_POINTS + n], n, totals)
    else:  # C5.4: orthogonally connected groups
        seen = np.zeros(nb, dtype=np.bool_)
        stack = np.empty(nb, dtype=np.int64)
        for start in range(nb):
            if seen[start]:
                continue
            p = st[BURIAL + start]
            seen[start] = True
            stack[0] = start
            top = 1
            size = 0
            while top:
                top -= 1
                i = stack[top]
                size += 1
                row = i % BURIAL_ROWS
                up = i - 1 if row else -1
                down = i + 1 if row != BURIAL_ROWS - 1 else -1
                for j in (i - BURIAL_ROWS, i + BURIAL_ROWS, up, down):
                    if 0 <= j < nb and not seen[j] and st[BURIAL + j] == p:
                        seen[j] = True
                        stack[top] = j
                        top += 1
            totals[p] += group_points(size)
    obelisks = 0
    for p in range(n):
        obelisks += st[OBEL + p]
        amounts[p] = st[OBEL + p]
    if st[OBEL_B]:  # C6.5: loose stones score 1 each (the towers scored at once)
        for p in range(n):
            totals[p] += st[OBEL + p]
        obelisks += 3 * st[NTOWERS]
    else:
        ranking_points(amounts, OBELISK_PLACES[n], n, totals)
    on_site = (st[NPYR] + st[PYRB_N] + st[PYRB_N + 1] + st[PYRB_N + 2], st[NTEMPLE], st[NBURIAL], obelisks)
    for p in range(n):
        for site in range(4):  # C7 decorations: 1 point per 3 stones on their site
            totals[p] += st[GREEN + 4 * p + site] * (on_site[site] // STONES_PER_DECORATION_POINT)
        if st[WRATH] and st[REACHED + p] & 0b11110 != 0b11110:  # C9
            totals[p] -= PHARAOHS_WRATH_PENALTY


@njit(cache=True)
def winners(st: np.ndarray, totals: np.ndarray) -> int:
    """C8: the winners as a bit per seat: most points, then more stones on the sled."""
    n = st[N]
    best = 0
    for p in range(1, n):
        if totals[p] > totals[best] or (totals[p] == totals[best] and st[SLED + p] > st[SLED + best]):
            best = p
    bits = 0
    for p in range(n):
        if totals[p] == totals[best] and st[SLED + p] == st[SLED + best]:
            bits |= 1 << p
    return bits


@njit(cache=True)
def redeal(st: np.ndarray, pool: np.ndarray, rng: np.random.Generator) -> None:
    """C2.1: the round cards not turned up yet, drawn from ``pool`` (those not seen, 4 each)."""
    m = pool.shape[0] // 4
    order = np.arange(m)
    for i in range(m - 1, 0, -1):
        j = rng.integers(0, i + 1)
        order[i], order[j] = order[j], order[i]
    for r in range(st[NCARDS], 6):
        c = order[r - st[NCARDS]]
        for s in range(4):
            st[CARDS + 4 * r + s] = pool[4 * c + s]


@njit(cache=True)
def batch(start: np.ndarray, pool: np.ndarray, rng: np.random.Generator, count: int,
          scores: np.ndarray, won: np.ndarray) -> None:
    """``count`` playouts from ``start``: each seat's total into ``scores[i]`` and the winners'
    bits into ``won[i]``."""
    draws = np.zeros(1, dtype=np.int64)
    moves = np.zeros((1, 1), dtype=np.int64)
    st = start.copy()
    for i in range(count):
        st[:] = start
        if not st[OVER]:
            redeal(st, pool, rng)
            playout(st, rng, draws, moves)
        final_scores(st, scores[i])
        won[i] = winners(st, scores[i])


@njit(cache=True)
def traced(start: np.ndarray, pool: np.ndarray, rng: np.random.Generator, draws: np.ndarray,
           moves: np.ndarray, totals: np.ndarray) -> np.ndarray:
    """One playout from ``start`` with its moves and market draws reported (for the tests):
    the final position; ``totals`` gets the C8 totals and ``draws[0]`` counts the draws."""
    st = start.copy()
    if not st[OVER]:
        redeal(st, pool, rng)
        n = playout(st, rng, draws, moves)
        moves[n:, 0] = -1
    final_scores(st, totals)
    return st


@njit(cache=True)
def first_moves(start: np.ndarray, pool: np.ndarray, rng: np.random.Generator, rows: np.ndarray) -> None:
    """The move `weighted_step` draws at ``start``, once per row of ``rows`` (the policy test)."""
    draws = np.zeros(1, dtype=np.int64)
    ek, ea, eb, ec, ew, ws, stack, cx = scratch_space()
    st = start.copy()
    for i in range(rows.shape[0]):
        st[:] = start
        redeal(st, pool, rng)
        weighted_step(st, rng, draws, rows[i], ek, ea, eb, ec, ew, ws, stack, cx)
