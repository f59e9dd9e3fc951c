"""The base game's compiled validated replay (issue #40): a recorded move checked and played on
the flat position of `kernel_layout`, with the choices the record gives (``cx[CX_GIVEN]``) and
the market cards from its list (``draws``). `play` accepts exactly the moves that
`actions.play` accepts, making each of its checks (cited below); the playing itself is the
playout kernel's (`kernel_rules`). A refused move, a choice or draw that does not fit
(``cx[CX_ERR]``) or an overflowing arrival log ends the replay there, and the pure engine,
which words every refusal, replays the record (`fastreplay`).

A move is one code (`fastreplay.encode` writes it, `decode` reads it) and its choices' values,
kind by kind (CH_*), in one array of the whole record's.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from rules_engine.classic.compiled.kernel_choice import add_stones
from rules_engine.classic.compiled.kernel_layout import (
    BLUE,
    CAPS,
    CHISEL,
    CX_ERR,
    CX_GIVEN,
    CX_GMAX,
    CX_GN,
    CX_GPOS,
    CX_GVAL,
    HAMMER,
    K_CHISEL,
    K_GET,
    K_HAMMER,
    K_LEVER,
    K_PASS,
    K_PLACE,
    K_SAILC,
    LEVER,
    LOG,
    LOG_LEN,
    LOGN,
    NCARDS,
    OVER,
    PASSES,
    QUARRY,
    ROUND,
    SAIL_CARD,
    SAILED,
    SLED,
    SLOTS,
    TO_MOVE,
    N,
)
from rules_engine.classic.compiled.kernel_policy import spend
from rules_engine.classic.compiled.kernel_rules import MIN_LOAD, end_round, end_turn, sail

# A move code's bit fields: kind (K_*), ship, slot, site, the chisel's second ship and slot (all
# 0-based), the lever's order (a count, then 2 bits a slot), per choice kind (CH_*) a count.
SHIP, SLOT, SITE, SHIP2, SLOT2, NORDER, ORDER, COUNTS = 4, 6, 8, 11, 13, 15, 18, 26


@njit(cache=True)
def placed(st: np.ndarray, p: int, s: int, k: int) -> bool:
    """C4.2: a stone of ``p`` from the sled to ship ``s`` slot ``k``, if the ship has not sailed,
    has that slot and it is empty, and the sled holds a stone (`actions.place`)."""
    if st[SAILED + s] >= 0 or k >= st[CAPS + s] or st[SLOTS + 4 * s + k] >= 0 or st[SLED + p] == 0:
        return False
    st[SLED + p] -= 1
    st[SLOTS + 4 * s + k] = p
    return True


@njit(cache=True)
def occupied(st: np.ndarray, s: int, order: np.ndarray) -> int:
    """Ship ``s``'s occupied slots, bow to stern, into ``order``; how many."""
    n = 0
    for k in range(st[CAPS + s]):
        if st[SLOTS + 4 * s + k] >= 0:
            order[n] = k
            n += 1
    return n


@njit(cache=True)
def can_sail(st: np.ndarray, s: int, site: int, load: int) -> bool:
    """C4.3: the ship has not sailed, no ship is docked at ``site`` this round, and its ``load``
    is at least its capacity's minimum (`actions.sail`)."""
    if st[SAILED + s] >= 0 or load < MIN_LOAD[st[CAPS + s]]:
        return False
    return bool(st[SAILED] != site and st[SAILED + 1] != site and st[SAILED + 2] != site and st[SAILED + 3] != site)


@njit(cache=True)
def can_act(st: np.ndarray, p: int) -> bool:
    """C3 deadlock ruling: anything but pass is legal (`actions.can_act`)."""
    sled = st[SLED + p]
    if sled < 5 and st[QUARRY + p]:
        return True
    for s in range(4):
        if st[SAILED + s] >= 0:
            continue
        cap = st[CAPS + s]
        load = 0
        for k in range(cap):
            if st[SLOTS + 4 * s + k] >= 0:
                load += 1
        if load >= MIN_LOAD[cap] or (sled and load < cap):
            return True
    return False


@njit(cache=True)
def spent(st: np.ndarray, p: int, card: int) -> bool:
    """C4.4: ``p`` plays a blue card held (`deck.spend`)."""
    if st[BLUE + 4 * p + card - LEVER] == 0:
        return False
    spend(st, p, card)
    return True


@njit(cache=True)
def given_choices(code: int, values: np.ndarray, at: int, cx: np.ndarray) -> int:
    """The move's choices (``values[at:]``, as many of each kind as ``code`` counts) into
    ``cx``; returns where the next move's begin."""
    for c in range(4):
        n = code >> (COUNTS + 5 * c) & 31
        cx[CX_GN + c] = n
        cx[CX_GPOS + c] = 0
        for i in range(n):
            cx[CX_GVAL + c * CX_GMAX + i] = values[at + i]
        at += n
    cx[CX_ERR] = 0
    return at


@njit(cache=True)
def play(st: np.ndarray, code: int, draws: np.ndarray, cx: np.ndarray, rng: np.random.Generator,
         order: np.ndarray, takes: np.ndarray, owners: np.ndarray, stack: np.ndarray) -> bool:
    """The recorded move ``code`` (its choices given in ``cx``, `given_choices`) for the player
    to move (`actions.play`), then the turn handed on; False, with ``st`` part-played, when it
    is refused. ``rng`` is never drawn from (the choices and cards are the record's); ``order``
    .. ``stack`` are scratch space."""
    if st[OVER]:  # C3: no move after round 6
        return False
    p = st[TO_MOVE]
    kind, s, k, site = code & 15, code >> SHIP & 3, code >> SLOT & 3, code >> SITE & 7
    if kind == K_PLACE:
        if not placed(st, p, s, k):
            return False
    elif kind == K_GET:  # C4.1: a full sled or an empty quarry gets nothing, which is refused
        if st[SLED + p] >= 5 or st[QUARRY + p] == 0:
            return False
        add_stones(st, p, 3)
    elif kind == K_HAMMER:  # C7: get stones (as many as fit), then place one
        if not spent(st, p, HAMMER):
            return False
        add_stones(st, p, 3)
        if not placed(st, p, s, k):
            return False
    elif kind == K_CHISEL:  # C7: two stones from a sled that holds two
        if not spent(st, p, CHISEL) or st[SLED + p] < 2:
            return False
        if not placed(st, p, s, k) or not placed(st, p, code >> SHIP2 & 3, code >> SLOT2 & 3):
            return False
    elif kind == K_PASS:  # C3 ruling: only when nothing else is legal
        if can_act(st, p):
            return False
        st[PASSES] += 1
        if st[PASSES] == st[N]:
            end_round(st, rng, draws, cx)
    else:  # a ship sails (C4.3): plainly, by the sail card (C7, after placing) or the lever (C7)
        if kind == K_SAILC and (not spent(st, p, SAIL_CARD) or not placed(st, p, s, k)):
            return False
        if kind == K_LEVER and not spent(st, p, LEVER):
            return False
        load = occupied(st, s, order)
        if not can_sail(st, s, site, load):
            return False
        if kind == K_LEVER:  # C7: the order lists exactly the occupied slots
            if code >> NORDER & 7 != load:
                return False
            for j in range(load):
                found = False
                for i in range(load):
                    found = found or code >> (ORDER + 2 * i) & 3 == order[j]
                if not found:
                    return False
            for j in range(load):
                order[j] = code >> (ORDER + 2 * j) & 3
        sail(st, s, site, order, load, rng, draws, takes, owners, stack, cx)
    if cx[CX_ERR]:
        return False
    for c in range(4):  # every choice the record lists arose (`MoveChoices.finish`)
        if cx[CX_GPOS + c] != cx[CX_GN + c]:
            return False
    end_turn(st, kind == K_PASS)
    return True


@njit(cache=True)
def replay(st: np.ndarray, codes: np.ndarray, values: np.ndarray, draws: np.ndarray, rows: np.ndarray,
           rng: np.random.Generator, cx: np.ndarray) -> int:
    """Play the moves ``codes`` (their choices' values in ``values``, move by move) from ``st``,
    keeping the position after move k in ``rows[k + 1]`` (its first LOG entries) when ``rows``
    has room; ``draws`` is the record's market list (count, then card ids); ``rng`` is the
    kernel functions' generator, never drawn from here; ``cx`` (zeros, CX_SIZE) keeps the last
    move's CX_ERR for the caller. Returns how many
    moves were played: fewer than all at the first refused one, at one whose arrivals overflow
    the log, or at one that starts a round whose card the record (transcribed) does not list."""
    cx[CX_GIVEN] = 1
    order = np.zeros(4, dtype=np.int64)
    takes = np.zeros(4, dtype=np.int64)
    owners = np.zeros(4, dtype=np.int64)
    stack = np.empty((64, 3), dtype=np.int64)
    keep = rows.shape[0] > 1
    at = 0
    for i in range(codes.shape[0]):
        code = codes[i]
        at = given_choices(code, values, at, cx)
        if not play(st, code, draws, cx, rng, order, takes, owners, stack) or st[LOGN] > LOG_LEN:
            return i
        if st[ROUND] < 6 and st[ROUND] >= st[NCARDS]:  # a transcribed game without the round's card (F4)
            return i
        if keep:
            rows[i + 1, :] = st[:LOG]
    return int(codes.shape[0])
