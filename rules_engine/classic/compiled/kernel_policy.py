"""The compiled playout's policy (issue #40): `playout.weighted_step` on the flat position of
`kernel_layout`. The same menu entries with the same weights (C4.1 get stones, C4.2 place,
C4.3 sail by ship weight, C4.4 blue cards at `W_CARD`), an entry drawn by its weight, then one
of its moves uniformly: a free slot, a pair of free slots (chisel), an unload order (lever),
and a sequence of market picks uniform over `legal.take_leaves` (`kernel_rules.take_one`).
With Pyramids B (C6.2) a sail's or round-ending pass's choices are one leaf drawn uniformly
among all of them (`search_leaf`, as `legal.search` finds them). A player with no entry passes
(C3 ruling).

`playout` plays to the end; with a ``moves`` array of more than one row it reports each move
as a row (`kernel_layout` M_*), which the tests turn into F4 move dicts.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from rules_engine.classic.compiled.kernel_choice import add_stones, logged
from rules_engine.classic.compiled.kernel_layout import (
    BLUE,
    CAPS,
    CHISEL,
    CX_BEST,
    CX_DEPTH,
    CX_KIND,
    CX_MAX,
    CX_NODRAWS,
    CX_NSCRIPT,
    CX_NTAPE,
    CX_ON,
    CX_OPTS,
    CX_SCRIPT,
    CX_SIZE,
    CX_TAPEPOS,
    CX_VALUE,
    CX_WORK,
    DISCARD,
    HAMMER,
    K_CHISEL,
    K_GET,
    K_HAMMER,
    K_LEVER,
    K_PASS,
    K_PLACE,
    K_SAIL,
    K_SAILC,
    L_SPEND,
    LEVER,
    M_CHOICES,
    M_KIND,
    M_MAX_CHOICES,
    M_NCHOICES,
    M_NTAKES,
    M_ORDER,
    M_SHIP,
    M_SHIP2,
    M_SITE,
    M_SLOT,
    M_SLOT2,
    M_TAKES,
    M_TEMPLE,
    MOVE_WIDTH,
    NDISCARD,
    NSAILED,
    OVER,
    PASSES,
    PYR_B,
    QUARRY,
    S_MARKET,
    SAIL_CARD,
    SAILED,
    SIZE,
    SLED,
    SLOTS,
    TCHOICES,
    TEMPLE_B,
    TO_MOVE,
    N,
)
from rules_engine.classic.compiled.kernel_rules import MIN_LOAD, end_round, end_turn, sail

# The weights of `playout` (W_PLACE, W_GET, W_GET_EMPTY, W_CARD, SAIL_GAIN); test_kernel checks they agree.
W_PLACE, W_GET, W_GET_EMPTY, W_CARD = 2.0, 1.0, 3.0, 0.5
SAIL_GAIN = 1.5
MAX_ENTRIES = 128  # GET, PLACE, HAMMER, CHISEL; SAIL and LEVER 4 x 5; SAILC 16 x 5 at most
EW_SIZE = MAX_ENTRIES + 4
PERMS_FAST = np.ones(5, dtype=np.float64)  # lever entries per (ship, site), by load
PERMS_GENERAL = np.array((1.0, 1.0, 2.0, 6.0, 24.0))  # one per unload order (load!)
WS_SIZE = 32


@njit(cache=True)
def ship_weight(st: np.ndarray, s: int) -> float:
    """`playout._ship_weight`: how many more of the ship's stones are the mover's than the
    best-placed opponent's."""
    me = st[TO_MOVE]
    mine = 0
    best = 0
    for p in range(st[N]):
        c = 0
        for k in range(st[CAPS + s]):
            if st[SLOTS + 4 * s + k] == p:
                c += 1
        if p == me:
            mine = c
        elif c > best:
            best = c
    return max(0.1, 1.0 + SAIL_GAIN * (mine - best))


@njit(cache=True)
def spend(st: np.ndarray, p: int, card: int) -> None:
    """C4.4: the blue card is played and discarded."""
    st[BLUE + 4 * p + card - LEVER] -= 1
    st[DISCARD + card] += 1
    st[NDISCARD] += 1
    logged(st, L_SPEND, p, card)


@njit(cache=True)
def weighted_step(st: np.ndarray, rng: np.random.Generator, draws: np.ndarray, row: np.ndarray,
                  ek: np.ndarray, ea: np.ndarray, eb: np.ndarray, ec: np.ndarray, ew: np.ndarray,
                  ws: np.ndarray, stack: np.ndarray, cx: np.ndarray) -> None:
    """One move of the player to move, drawn as `playout.weighted_step` draws it, written to
    ``row``; ``ek``..``ew`` are scratch arrays for the menu entries (``ew`` of `EW_SIZE`),
    ``ws`` (`WS_SIZE`) and ``stack`` (64 x 3) scratch space (no allocation per move); ``cx``
    (`kernel_layout` CX_SIZE) the Pyramids B choices' script."""
    p = st[TO_MOVE]
    cx[CX_ON] = st[PYR_B]
    sled = st[SLED + p]
    quarry = st[QUARRY + p]
    free = ws[0:16]  # slot indices s*4 + k, as `legal.menus` lists them
    nfree = 0
    loads = ws[16:20]  # -1: sailed
    order = ws[20:24]
    owners = ws[24:28]
    weights = ew[MAX_ENTRIES:EW_SIZE]  # ship weights, -1 until worked out
    for s in range(4):
        loads[s] = -1
        weights[s] = -1.0
        if st[SAILED + s] < 0:
            load = 0
            for k in range(st[CAPS + s]):
                if st[SLOTS + 4 * s + k] < 0:
                    free[nfree] = 4 * s + k
                    nfree += 1
                else:
                    load += 1
            loads[s] = load
    ne = 0
    total = 0.0
    if sled < 5 and quarry:
        ek[ne], ew[ne] = K_GET, W_GET if sled else W_GET_EMPTY
        total += ew[ne]
        ne += 1
    if sled and nfree:
        ek[ne], ew[ne] = K_PLACE, W_PLACE
        total += ew[ne]
        ne += 1
    lever = st[BLUE + 4 * p] > 0
    # With Temple B or Pyramids B each unload order is an entry of its own (`legal.menus` general mode).
    perms = PERMS_GENERAL if st[TEMPLE_B] or st[PYR_B] else PERMS_FAST
    for kind in (K_SAIL, K_LEVER):
        if kind == K_LEVER and not lever:
            continue
        for s in range(4):
            if loads[s] < 0 or loads[s] < MIN_LOAD[st[CAPS + s]]:
                continue
            if weights[s] < 0:
                weights[s] = ship_weight(st, s)
            for site in range(5):
                if st[NSAILED] and (st[SAILED] == site or st[SAILED + 1] == site or st[SAILED + 2] == site
                                    or st[SAILED + 3] == site):
                    continue
                ek[ne], ea[ne], eb[ne] = kind, s, site
                ew[ne] = weights[s] if kind == K_SAIL else weights[s] * W_CARD * perms[loads[s]]
                total += ew[ne]
                ne += 1
    if st[BLUE + 4 * p + 1] > 0 and nfree and sled + min(3, 5 - sled, quarry) >= 1:
        ek[ne], ew[ne] = K_HAMMER, W_CARD
        total += ew[ne]
        ne += 1
    if st[BLUE + 4 * p + 2] > 0 and sled:
        for s in range(4):
            cap = st[CAPS + s]
            if loads[s] < 0 or loads[s] >= cap or loads[s] + 1 < MIN_LOAD[cap]:
                continue
            if weights[s] < 0:
                weights[s] = ship_weight(st, s)
            for f in range(nfree):
                if free[f] // 4 != s:
                    continue
                for site in range(5):
                    if st[NSAILED] and (st[SAILED] == site or st[SAILED + 1] == site or st[SAILED + 2] == site
                                        or st[SAILED + 3] == site):
                        continue
                    ek[ne], ea[ne], eb[ne], ec[ne] = K_SAILC, s, free[f] % 4, site
                    ew[ne] = weights[s] * W_CARD
                    total += ew[ne]
                    ne += 1
    if st[BLUE + 4 * p + 3] > 0 and sled >= 2 and nfree >= 2:
        ek[ne], ew[ne] = K_CHISEL, W_CARD
        total += ew[ne]
        ne += 1
    for j in range(MOVE_WIDTH):
        row[j] = -1
    st[TCHOICES] = -1
    if total == 0.0:  # C3 ruling: nothing else is legal
        row[M_KIND] = K_PASS
        st[PASSES] += 1
        if st[PASSES] == st[N]:
            search_leaf(st, -1, -1, ws[20:24], 0, rng, draws, row[M_TAKES:M_TAKES + 4], ws[24:28], stack, cx)
        report(st, row, cx)
        end_turn(st, True)
        return
    r = rng.random() * total
    e = ne - 1
    for i in range(ne):
        if r < ew[i]:
            e = i
            break
        r -= ew[i]
    kind = ek[e]
    row[M_KIND] = kind
    takes = row[M_TAKES:M_TAKES + 4]
    if kind == K_GET:
        add_stones(st, p, 3)
    elif kind in (K_PLACE, K_HAMMER):
        if kind == K_HAMMER:
            spend(st, p, HAMMER)
            add_stones(st, p, 3)
        spot = free[rng.integers(0, nfree)]
        st[SLED + p] -= 1
        st[SLOTS + spot] = p
        row[M_SHIP], row[M_SLOT] = spot // 4, spot % 4
    elif kind == K_CHISEL:
        spend(st, p, CHISEL)
        first = rng.integers(0, nfree)
        second = rng.integers(0, nfree - 1)
        if second >= first:
            second += 1
        a, b = min(free[first], free[second]), max(free[first], free[second])
        st[SLED + p] -= 2
        st[SLOTS + a] = p
        st[SLOTS + b] = p
        row[M_SHIP], row[M_SLOT], row[M_SHIP2], row[M_SLOT2] = a // 4, a % 4, b // 4, b % 4
    else:
        s, site = ea[e], eb[e]
        if kind == K_SAILC:
            site = ec[e]
            spend(st, p, SAIL_CARD)
            st[SLED + p] -= 1
            st[SLOTS + 4 * s + eb[e]] = p
            row[M_SLOT] = eb[e]
        elif kind == K_LEVER:
            spend(st, p, LEVER)
        no = 0
        for k in range(st[CAPS + s]):
            if st[SLOTS + 4 * s + k] >= 0:
                order[no] = k
                no += 1
        if kind == K_LEVER:  # a uniform unload order (C7)
            for i in range(no - 1, 0, -1):
                swap = rng.integers(0, i + 1)
                order[i], order[swap] = order[swap], order[i]
            for i in range(no):
                row[M_ORDER + i] = order[i]
        row[M_SHIP], row[M_SITE] = s, site
        if site == S_MARKET and not cx[CX_ON]:
            row[M_NTAKES] = no
        search_leaf(st, s, site, order, no, rng, draws, takes, owners, stack, cx)
        report(st, row, cx)
    end_turn(st, False)


@njit(cache=True)
def played(st: np.ndarray, s: int, site: int, order: np.ndarray, no: int, rng: np.random.Generator,
           draws: np.ndarray, takes: np.ndarray, owners: np.ndarray, stack: np.ndarray, cx: np.ndarray) -> None:
    """The part of a move that meets choices: ship ``s`` sails (C4.3), or (``s`` -1) the round
    ends by the last pass (C3.3)."""
    if s >= 0:
        sail(st, s, site, order, no, rng, draws, takes, owners, stack, cx)
    else:
        end_round(st, rng, draws, cx)


@njit(cache=True)
def search_leaf(st: np.ndarray, s: int, site: int, order: np.ndarray, no: int, rng: np.random.Generator,
                draws: np.ndarray, takes: np.ndarray, owners: np.ndarray, stack: np.ndarray, cx: np.ndarray) -> None:
    """`played` with its choices drawn as the pure playout draws its leaf: uniformly among all
    of them (`legal.search`). With Pyramids B every leaf is played on a copy (the next script
    after each: the last choice that has another option takes it), the copies sharing the
    market cards (the tape, `kernel_choice.draw`); one leaf is kept uniformly as they come
    (reservoir sampling) and played on ``st``. Without Pyramids B the choices are drawn as
    they arise (`kernel_rules.take_one`, Temple B's uniform choice)."""
    if not cx[CX_ON]:
        played(st, s, site, order, no, rng, draws, takes, owners, stack, cx)
        return
    work = cx[CX_WORK:CX_WORK + SIZE]
    nodraws = cx[CX_NODRAWS:CX_NODRAWS + 1]
    cx[CX_NTAPE] = 0
    cx[CX_NSCRIPT] = 0
    leaves = 0
    best = 0
    while True:
        work[:] = st
        cx[CX_DEPTH] = 0
        cx[CX_TAPEPOS] = 0
        played(work, s, site, order, no, rng, nodraws, takes, owners, stack, cx)
        depth = min(cx[CX_DEPTH], CX_MAX)
        leaves += 1
        if rng.integers(0, leaves) == 0:
            for i in range(depth):
                cx[CX_BEST + i] = cx[CX_SCRIPT + i]
            best = depth
        j = depth - 1
        while j >= 0 and cx[CX_SCRIPT + j] + 1 >= cx[CX_OPTS + j]:
            j -= 1
        if j < 0:
            break
        cx[CX_SCRIPT + j] += 1
        cx[CX_NSCRIPT] = j + 1
    for i in range(best):
        cx[CX_SCRIPT + i] = cx[CX_BEST + i]
    cx[CX_NSCRIPT] = best
    cx[CX_DEPTH] = 0
    cx[CX_TAPEPOS] = 0
    played(st, s, site, order, no, rng, draws, takes, owners, stack, cx)


@njit(cache=True)
def report(st: np.ndarray, row: np.ndarray, cx: np.ndarray) -> None:
    """The move's choices into ``row``: Temple B's (`M_TEMPLE`), or with Pyramids B all of
    them in the order they arose (`M_CHOICES`)."""
    if not cx[CX_ON]:
        row[M_TEMPLE] = st[TCHOICES]
        return
    n = min(cx[CX_DEPTH], M_MAX_CHOICES)
    row[M_NCHOICES] = n
    for i in range(n):
        row[M_CHOICES + 2 * i] = cx[CX_KIND + i]
        row[M_CHOICES + 2 * i + 1] = cx[CX_VALUE + i]


@njit(cache=True)
def scratch_space() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                             np.ndarray]:
    """The scratch arrays of `weighted_step`, allocated once per playout."""
    return (np.empty(MAX_ENTRIES, dtype=np.int64), np.zeros(MAX_ENTRIES, dtype=np.int64),
            np.zeros(MAX_ENTRIES, dtype=np.int64), np.zeros(MAX_ENTRIES, dtype=np.int64),
            np.empty(EW_SIZE, dtype=np.float64), np.empty(WS_SIZE, dtype=np.int64),
            np.empty((64, 3), dtype=np.int64), np.zeros(CX_SIZE, dtype=np.int64))


@njit(cache=True)
def playout(st: np.ndarray, rng: np.random.Generator, draws: np.ndarray, moves: np.ndarray) -> int:
    """Play ``st`` to the end by `weighted_step`; the number of moves played. Reports them in
    ``moves`` (rows, as many as fit) when it has more than one row."""
    ek, ea, eb, ec, ew, ws, stack, cx = scratch_space()
    scratch = np.empty(MOVE_WIDTH, dtype=np.int64)
    trace = moves.shape[0] > 1
    played = 0
    while not st[OVER]:
        if trace and played < moves.shape[0]:
            weighted_step(st, rng, draws, moves[played], ek, ea, eb, ec, ew, ws, stack, cx)
        else:
            weighted_step(st, rng, draws, scratch, ek, ea, eb, ec, ew, ws, stack, cx)
        played += 1
    return played
