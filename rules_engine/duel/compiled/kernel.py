"""The Duel's compiled playout kernel (issue #40): `weighted_playout`'s game and policy
(rules_engine/duel/playout.py) as numba functions over one int64 array per position.

`rules_engine/duel/compiled/fastplay.py` converts a `DuelState` to that array and reads the results
back; the pure engine stays the reference (tests/engine/test_duel_kernel.py replays the
kernel's reported moves through `apply_move`). Importing this module imports numba: callers
go through `fastplay`, which falls back to the pure engine where numba is missing.

The position array ``st`` (offsets below): ``CELLS`` the owner of each cell's meeple or -1;
``SLOTS`` boat ``b`` slot ``s`` at ``b*3 + s-1`` as a token index (`tokens.TOKEN_IDS` order)
or -1; each player's block (``P0 + PSTRIDE * p``): obelisks, light, dark, temple counts by
value 1–4, tomb numbers as a 12-bit mask, action tokens by kind, meeples at home; ``BOX``
tokens out of the game by index; ``SUPPLY`` the draw order, right-aligned (the next draw is
``SUPPLY + 39 - scount``); ``RESERVE`` bottom to top; ``LOG`` what moved where, in the order it
happened (``LOGN`` entries, `note`): the counts above lose the order tokens arrive in, which a
position of the pure engine keeps (a temple's values as received, the box in order) and the
test helpers rebuild a playout's positions from this log. Every rule cites duel.md.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from rules_engine.duel import monument_points as points

IntArray = npt.NDArray[np.int64]  # numba types the functions from their arguments, not from these
FloatArray = npt.NDArray[np.float64]

# -- offsets into the position array
CELLS, SLOTS, LIVE, SCOUNT, RCOUNT, TO_MOVE, OVER, END, FIRST5, PLY, PASSED, UNLOADS = (
    0, 9, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36)
OCC0 = 37  # OCC0 + p: the cells of player p's meeples as a 9-bit mask
P0, PSTRIDE = 40, 20
OBEL, LIGHT, DARK, TEMPLE, TOMB, ACT, MEEP = 0, 1, 2, 3, 7, 8, 12  # within a player's block
BOX, SUPPLY, RESERVE, LOGN, LOG = 80, 103, 142, 148, 149
LOG_LEN = 80  # each of the 60 tokens reaches a player or the box once; a spent action token moves twice
SIZE = LOG + LOG_LEN
END_LAST_BOAT, END_PASSES = 1, 2
SUPPLY_LEN = 39

# -- token indices (tokens.TOKEN_IDS order)
T_OBELISK, T_LIGHT, T_DARK, T_TEMPLE1, T_TOMB1, T_ACTION1 = 0, 1, 2, 3, 7, 19
A_TAKE, A_PLACE_MEEPLES, A_PLACE_UNLOAD, A_SWAP = 0, 1, 2, 3  # action kinds (tokens.ACTIONS order)
# -- log entries: ``token | event << 5 | player << 7``
L_RECEIVE, L_BOX, L_SPEND = 0, 1, 2  # a player receives the token; it goes to the box; a player spends it

# -- move codes: category in the low 3 bits (legal.PLACE … legal.SWAP; 6 a pass), payload above
C_PLACE, C_UNLOAD, C_TAKE, C_PLACE_MEEPLES, C_PLACE_UNLOAD, C_SWAP, C_PASS = range(7)
NO_CELL = 15  # place-meeples with two cells: the third is NO_CELL
MAX_PLIES = 512  # longer than any Duel (D10: at most 18 unloads); a longer playout is a bug

# -- the policy's weights: playout.W_OTHER, W_TAKE, UNLOAD_GAIN (kept equal by a test)
W_OTHER, W_TAKE, UNLOAD_GAIN, W_MIN_UNLOAD = 1.0, 2.0, 2.0, 0.1

# -- harbor tables (harbor.py; D2)
POP = np.array([bin(m).count("1") for m in range(1 << 9)], dtype=np.int64)
LINE_CELLS = np.array([(2, 1, 0), (5, 4, 3), (8, 7, 6), (6, 3, 0), (7, 4, 1), (8, 5, 2)], dtype=np.int64)
LINE_MASK = np.array([sum(1 << c for c in row) for row in LINE_CELLS.tolist()], dtype=np.int64)
PAIR_X = np.array([0, 0, 1], dtype=np.int64)  # harbor.SLOT_PAIRS
PAIR_Y = np.array([1, 2, 2], dtype=np.int64)
# D7 tables: built from the one declaration the pure scoring reads (monument_points.py)
TEMPLE_B_SET = np.array(points.TEMPLE_B_SET, dtype=np.int64)
PYRAMID_A = np.array(points.PYRAMID_A, dtype=np.int64)
PYRAMID_B = np.array(points.PYRAMID_B, dtype=np.int64)
TOMB_A_GROUP = np.array(points.TOMB_A_GROUP, dtype=np.int64)
TOMB_A_LONGEST = len(points.TOMB_A_GROUP) - 1  # a longer run scores as this one (D7.4 A)
# D7.1 B as a table: the points by (10 or more, at least 5 and first, at least 5 and second, fewer)
OBELISK_B = np.array((points.OBELISK_B_TEN_OR_MORE, points.OBELISK_B_FIRST, points.OBELISK_B_SECOND, 0),
                     dtype=np.int64)
OBELISK_B_TEN, OBELISK_B_THRESHOLD = points.OBELISK_B_TEN, points.OBELISK_B_THRESHOLD
OBELISK_A_MAJORITY_BONUS, TOMB_B_GROUP = points.OBELISK_A_MAJORITY_BONUS, points.TOMB_B_GROUP


def new_pu_cache() -> IntArray:
    """The place-unload menu sizes by ``occ | live << 9 | first_ends << 15``, filled on use."""
    return np.full(1 << 16, -1, dtype=np.int64)


@njit(cache=True)
def note(st: IntArray, tok: int, event: int, p: int) -> None:
    """Log one move of a token (a mid-game position's log starts empty: only the moves after it)."""
    n = st[LOGN]
    if n < LOG_LEN:
        st[LOG + n] = tok | event << 5 | p << 7
        st[LOGN] = n + 1


@njit(cache=True)
def _receive(st: IntArray, p: int, tok: int) -> None:
    """D5: the token goes straight onto player ``p``'s monuments or action pile."""
    note(st, tok, L_RECEIVE, p)
    pb = P0 + PSTRIDE * p
    if tok == T_OBELISK:
        st[pb + OBEL] += 1
        if st[pb + OBEL] == OBELISK_B_THRESHOLD and st[FIRST5] < 0:  # D7.1 B: first to five, in arrival order
            st[FIRST5] = p
    elif tok == T_LIGHT:
        st[pb + LIGHT] += 1
    elif tok == T_DARK:
        st[pb + DARK] += 1
    elif tok < T_TOMB1:
        st[pb + TEMPLE + tok - T_TEMPLE1] += 1
    elif tok < T_ACTION1:
        st[pb + TOMB] |= 1 << (tok - T_TOMB1)
    else:
        st[pb + ACT + tok - T_ACTION1] += 1


@njit(cache=True)
def _place(st: IntArray, cell: int) -> None:
    """D4.1 for the player to move."""
    me = st[TO_MOVE]
    st[CELLS + cell] = me
    st[OCC0 + me] |= 1 << cell
    st[P0 + PSTRIDE * me + MEEP] -= 1


@njit(cache=True)
def _unload(st: IntArray, b: int) -> None:
    """D4.2 steps 1–5."""
    s = b * 3 + 2
    for j in range(3):  # steps 1–2: nearest meeple first takes slot 3
        c = LINE_CELLS[b, j]
        p = st[CELLS + c]
        if p < 0:
            continue
        st[CELLS + c] = -1
        st[OCC0 + p] &= ~(1 << c)
        st[P0 + PSTRIDE * p + MEEP] += 1
        tok = st[SLOTS + s]
        st[SLOTS + s] = -1
        if tok >= 0:
            _receive(st, p, tok)
        s -= 1
    while s >= b * 3:  # step 3: the rest goes to the box
        left = st[SLOTS + s]
        if left >= 0:
            st[BOX + left] += 1
            note(st, left, L_BOX, 0)
            st[SLOTS + s] = -1
        s -= 1
    st[UNLOADS] += 1
    if st[SCOUNT] == 0:  # step 4: the boat leaves the game; step 5: one boat left ends it
        live = st[LIVE] & ~(1 << b)
        st[LIVE] = live
        if live & (live - 1) == 0:
            st[OVER] = 1
            st[END] = END_LAST_BOAT
        return
    i = SUPPLY + SUPPLY_LEN - st[SCOUNT]
    for k in range(3):
        st[SLOTS + b * 3 + k] = st[i + k]
    st[SCOUNT] -= 3


@njit(cache=True)
def _spend(st: IntArray, a: int) -> None:
    """D4.3: the action token leaves the game."""
    st[P0 + PSTRIDE * st[TO_MOVE] + ACT + a] -= 1
    st[BOX + T_ACTION1 + a] += 1
    note(st, T_ACTION1 + a, L_SPEND, st[TO_MOVE])


@njit(cache=True)
def _take(st: IntArray, i: int) -> None:
    """D4.3 take-token from slot index ``i``; the reserve's top fills the slot (or none is left)."""
    _spend(st, A_TAKE)
    _receive(st, st[TO_MOVE], st[SLOTS + i])
    if st[RCOUNT] == 0:
        st[SLOTS + i] = -1
        return
    st[RCOUNT] -= 1
    st[SLOTS + i] = st[RESERVE + st[RCOUNT]]


@njit(cache=True)
def _pu_item(occ: int, live: int, first_ends: int, k: int) -> int:
    """The ``k``-th place-unload choice (packed as `harbor.place_unload_menu` packs it, in
    its order), or the number of choices when ``k`` is negative."""
    n = 0
    for cell in range(9):
        if occ >> cell & 1:
            continue
        occ2 = occ | 1 << cell
        for b1 in range(6):
            if not (live >> b1 & 1) or POP[occ2 & LINE_MASK[b1]] < 2:
                continue
            if n == k:
                return cell | b1 << 4
            n += 1
            if first_ends:  # D4.2 step 5: the first unload ends the game
                continue
            occ3 = occ2 & ~LINE_MASK[b1]
            for b2 in range(6):
                if b2 == b1 or not (live >> b2 & 1) or POP[occ3 & LINE_MASK[b2]] < 2:
                    continue
                if n == k:
                    return cell | b1 << 4 | (b2 + 1) << 7
                n += 1
    return n


@njit(cache=True)
def _pm_item(occ: int, most: int, k: int) -> int:
    """The ``k``-th place-meeples choice (pairs of empty cells, then triples when ``most`` is
    3, as `harbor.place_meeples_menu` orders them), packed ``c1 | c2 << 4 | c3 << 8``."""
    n = 0
    for a in range(9):
        for b in range(a + 1, 9):
            if occ >> a & 1 or occ >> b & 1:
                continue
            if n == k:
                return a | b << 4 | NO_CELL << 8
            n += 1
    if most < 3:
        return -1
    for a in range(9):
        for b in range(a + 1, 9):
            for c in range(b + 1, 9):
                if occ >> a & 1 or occ >> b & 1 or occ >> c & 1:
                    continue
                if n == k:
                    return a | b << 4 | c << 8
                n += 1
    return -1


@njit(cache=True)
def _end_turn(st: IntArray, passed: int) -> None:
    st[PLY] += 1
    st[TO_MOVE] ^= 1
    st[PASSED] = passed


@njit(cache=True)
def _nth_empty(occ: int, k: int) -> int:
    for c in range(9):
        if not occ >> c & 1:
            if k == 0:
                return c
            k -= 1
    return -1


@njit(cache=True)
def step(st: IntArray, gen: np.random.Generator, unl: IntArray, unlw: FloatArray, takes: IntArray,
         swaps: IntArray, pu_cache: IntArray) -> int:
    """One move of `playout.weighted_step`'s policy for the player to move; its move code.
    ``unl`` … ``swaps``: scratch arrays (6, 6, 18, 18)."""
    me = st[TO_MOVE]
    pb = P0 + PSTRIDE * me
    meeples = st[pb + MEEP]
    mine, theirs = st[OCC0 + me], st[OCC0 + 1 - me]
    occ, live = mine | theirs, st[LIVE]
    nplace = 9 - POP[occ] if meeples > 0 else 0  # D4.1
    nunl, wsum = 0, 0.0
    for b in range(6):  # D4.2, each unload weighted by who gains
        line = LINE_MASK[b]
        if live >> b & 1 and POP[occ & line] >= 2:
            w = max(W_MIN_UNLOAD, 1.0 + UNLOAD_GAIN * (POP[mine & line] - POP[theirs & line]))
            unl[nunl] = b
            unlw[nunl] = w
            nunl += 1
            wsum += w
    ntake = npm = npu = nsw = 0
    if st[pb + ACT + A_TAKE] > 0:  # D4.3 take-token: any token but an action token
        for i in range(18):
            t = st[SLOTS + i]
            if 0 <= t < T_ACTION1:
                takes[ntake] = i
                ntake += 1
    most = 3 if meeples >= 3 else 2
    if st[pb + ACT + A_PLACE_MEEPLES] > 0 and meeples >= 2:
        e = 9 - POP[occ]
        npm = e * (e - 1) // 2 + (e * (e - 1) * (e - 2) // 6 if most == 3 else 0)
    first_ends = 1 if st[SCOUNT] == 0 and POP[live] == 2 else 0
    if st[pb + ACT + A_PLACE_UNLOAD] > 0 and meeples > 0:
        key = occ | live << 9 | first_ends << 15
        npu = pu_cache[key]
        if npu < 0:
            npu = _pu_item(occ, live, first_ends, -1)
            pu_cache[key] = npu
    if st[pb + ACT + A_SWAP] > 0 and nunl > 0:
        for b in range(6):
            if live >> b & 1:
                for q in range(3):
                    if st[SLOTS + b * 3 + PAIR_X[q]] >= 0 and st[SLOTS + b * 3 + PAIR_Y[q]] >= 0:
                        swaps[nsw] = b * 3 + q
                        nsw += 1
    a = nplace * W_OTHER
    bb = a + wsum
    c = bb + W_TAKE * ntake
    d = c + W_OTHER * (npm + npu + nsw * nunl)
    if d == 0:  # D4.4: nothing is legal, pass; two passes in a row end the game
        if st[PASSED]:
            st[OVER] = 1
            st[END] = END_PASSES
        _end_turn(st, 1)
        return C_PASS
    r = gen.random() * d
    if r < a:
        cell = _nth_empty(occ, min(nplace - 1, int(r / W_OTHER)))
        _place(st, cell)
        code = C_PLACE | cell << 3
    elif r < bb:
        r -= a
        boat = unl[nunl - 1]
        for j in range(nunl):
            if r < unlw[j]:
                boat = unl[j]
                break
            r -= unlw[j]
        _unload(st, boat)
        code = C_UNLOAD | boat << 3
    elif r < c:
        i = takes[min(ntake - 1, int((r - bb) / W_TAKE))]
        _take(st, i)
        code = C_TAKE | i << 3
    else:
        k = min(npm + npu + nsw * nunl - 1, int((r - c) / W_OTHER))
        if k < npm:  # D4.3 place-meeples
            item = _pm_item(occ, most, k)
            _spend(st, A_PLACE_MEEPLES)
            _place(st, item & 15)
            _place(st, item >> 4 & 15)
            if item >> 8 != NO_CELL:
                _place(st, item >> 8)
            code = C_PLACE_MEEPLES | item << 3
        elif k < npm + npu:  # D4.3 place-unload
            item = _pu_item(occ, live, first_ends, k - npm)
            _spend(st, A_PLACE_UNLOAD)
            _place(st, item & 15)
            _unload(st, item >> 4 & 7)
            if item >> 7 > 0:
                _unload(st, (item >> 7) - 1)
            code = C_PLACE_UNLOAD | item << 3
        else:  # D4.3 swap-unload
            q, u = divmod(k - npm - npu, nunl)
            sw, boat = swaps[q], unl[u]
            b, x, y = sw // 3, PAIR_X[sw % 3], PAIR_Y[sw % 3]
            _spend(st, A_SWAP)
            i, j = SLOTS + b * 3 + x, SLOTS + b * 3 + y
            st[i], st[j] = st[j], st[i]
            _unload(st, boat)
            code = C_SWAP | (b | x << 3 | y << 5 | boat << 7) << 3
    _end_turn(st, 0)
    return code
