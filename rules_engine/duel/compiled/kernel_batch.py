"""Batches of compiled Duel playouts (rules_engine/duel/compiled/kernel.py): each re-deals the face-down
tokens (as `hidden.redeal`), plays to the end with `kernel.step` and scores by D7 (as
`scoring.totals`), the winner by D7.6 (the starting player is seat 0, F2)."""

from __future__ import annotations

import numpy as np
from numba import njit

from rules_engine.duel.compiled.kernel import (
    ACT,
    DARK,
    FIRST5,
    LIGHT,
    MAX_PLIES,
    MEEP,
    OBEL,
    OBELISK_A_MAJORITY_BONUS,
    OBELISK_B,
    OBELISK_B_TEN,
    OBELISK_B_THRESHOLD,
    OVER,
    P0,
    PSTRIDE,
    PYRAMID_A,
    PYRAMID_B,
    RCOUNT,
    RESERVE,
    SCOUNT,
    SUPPLY,
    SUPPLY_LEN,
    TEMPLE,
    TEMPLE_B_SET,
    TOMB,
    TOMB_A_GROUP,
    TOMB_A_LONGEST,
    TOMB_B_GROUP,
    IntArray,
    step,
)

SIDE_B = 1  # ``sides``: obelisk, temple, pyramid, tomb, each 0 for A or 1 for B


@njit(cache=True)
def total(st: IntArray, me: int, sides: IntArray) -> int:
    """Player ``me``'s D7 total (`scoring._total`)."""
    pb, ob = P0 + PSTRIDE * me, P0 + PSTRIDE * (1 - me)
    t = st[pb + ACT] + st[pb + ACT + 1] + st[pb + ACT + 2] + st[pb + ACT + 3] + 4 - st[pb + MEEP]  # D7.5
    mine, theirs = st[pb + OBEL], st[ob + OBEL]  # D7.1
    if sides[0] != SIDE_B:
        t += mine + (OBELISK_A_MAJORITY_BONUS if mine > theirs else 0)
    elif mine >= OBELISK_B_TEN:
        t += OBELISK_B[0]
    elif mine >= OBELISK_B_THRESHOLD:
        t += OBELISK_B[1] if theirs < OBELISK_B_THRESHOLD or st[FIRST5] == me else OBELISK_B[2]
    if sides[1] != SIDE_B:  # D7.2
        for v in range(4):
            t += (v + 1) * st[pb + TEMPLE + v]
    else:
        most = 0
        for v in range(4):
            most = max(most, st[pb + TEMPLE + v])
        for k in range(1, most + 1):
            n = 0
            for v in range(4):
                if st[pb + TEMPLE + v] >= k:
                    n += 1
            t += TEMPLE_B_SET[n]
    light, dark = st[pb + LIGHT], st[pb + DARK]  # D7.3
    t += PYRAMID_A[light] + PYRAMID_A[dark] if sides[2] != SIDE_B else PYRAMID_B[min(light, dark)]
    tomb, run = st[pb + TOMB], 0  # D7.4: runs of consecutive numbers, 12 not next to 1
    for n in range(13):
        if n < 12 and tomb >> n & 1:
            run += 1
        elif run:
            t += TOMB_A_GROUP[min(run, TOMB_A_LONGEST)] if sides[3] != SIDE_B else TOMB_B_GROUP
            run = 0
    return int(t)


@njit(cache=True)
def redeal(st: IntArray, pool: IntArray, gen: np.random.Generator) -> None:
    """`hidden.redeal`: the face-down tokens ``pool`` shuffled, the first ``scount`` the supply
    in draw order, the rest the reserve bottom to top. Returns nothing; ``pool`` is shuffled."""
    n = pool.shape[0]
    for i in range(n - 1, 0, -1):
        j = int(gen.random() * (i + 1))
        pool[i], pool[j] = pool[j], pool[i]
    scount = st[SCOUNT]
    for j in range(scount):
        st[SUPPLY + SUPPLY_LEN - scount + j] = pool[j]
    for j in range(st[RCOUNT]):
        st[RESERVE + j] = pool[scount + j]


@njit(cache=True)
def play_batch(base: IntArray, pool: IntArray, sides: IntArray, gen: np.random.Generator, count: int,
               pu_cache: IntArray, totals: IntArray, moves: IntArray, nmoves: IntArray, deals: IntArray,
               finals: IntArray) -> IntArray:
    """``count`` playouts from ``base``: each player's total into ``totals[k]``. When ``moves``
    has rows, playout ``k``'s move codes go to ``moves[k]`` (``nmoves[k]`` of them), its deal
    of ``pool`` to ``deals[k]`` and its final position to ``finals[k]``. Returns the winners."""
    record = moves.shape[0] > 0
    st = np.empty_like(base)
    deal = pool.copy()
    unl = np.empty(6, dtype=np.int64)
    unlw = np.empty(6, dtype=np.float64)
    takes = np.empty(18, dtype=np.int64)
    swaps = np.empty(18, dtype=np.int64)
    won = np.empty(count, dtype=np.int64)
    for k in range(count):
        st[:] = base
        if not st[OVER]:
            deal[:] = pool
            redeal(st, deal, gen)
            if record:
                deals[k, :] = deal
        n = 0
        while not st[OVER]:
            code = step(st, gen, unl, unlw, takes, swaps, pu_cache)
            if record:
                moves[k, n] = code
            n += 1
            if n >= MAX_PLIES:
                raise RuntimeError("a Duel playout ran past MAX_PLIES")
        t0, t1 = total(st, 0, sides), total(st, 1, sides)
        totals[k, 0] = t0
        totals[k, 1] = t1
        won[k] = 0 if t0 > t1 else 1  # D7.6: on a tie the player who did not begin (seat 1)
        if record:
            nmoves[k] = n
            finals[k, :] = st
    return won
