"""The compiled playout's rules (issue #40): the market deck (C7), the sites (C5.1–C5.5, C6.1,
C6.4, C6.5), sailing (C4.3) and the rounds (C3) on the flat position of `kernel_layout`, as
`deck`, `deliveries` and `actions` play them on a `Work`. Only what a playout needs: the
moves come from `kernel_policy`, legal by construction, so nothing is checked here.

Covered: either side of every site (with board data for the B sides); the deck and Pyramids B's
stones are `kernel_choice`'s. With Pyramids B (``cx[CX_ON]``) every choice a move meets (market
picks, Temple B) is a choice of the move's script (`kernel_choice.choose`).
`draws` logs the market cards turned up (``draws[0]`` counts them) when it is longer than 1.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from rules_engine.classic.compiled.kernel_choice import (
    add_stones,
    choose,
    deliver_other,
    discard,
    draw,
    given,
    keep,
    logged,
    note,
    pyramids_b,
    temple_width,
)
from rules_engine.classic.compiled.kernel_layout import (
    CAPS,
    CARDS,
    CH_TAKE,
    CH_TEMPLE,
    CX_ERR,
    CX_GIVEN,
    CX_ON,
    ENTRANCE,
    ERR_REFUSED,
    FIRST,
    L_PYR,
    MARKET,
    MARKET_B,
    NMARKET,
    NPAIR,
    NPYR,
    NSAILED,
    OVER,
    PAIR,
    PAIR_TAKE,
    PASSES,
    PAVED_PATH,
    PLY,
    PYR_B,
    QUARRY,
    REACHED,
    ROUND,
    S_BURIAL,
    S_MARKET,
    S_OBELISKS,
    S_PYRAMIDS,
    SAILED,
    SARCOPHAGUS,
    SLOTS,
    TB_CARD,
    TB_TWO_POINTS,
    TCHOICES,
    TEMPLE_B,
    TEMPLE_BONUS,
    TO_MOVE,
    TRACK,
    TTOP,
    N,
)
from rules_engine.classic.components import (
    MARKET_A_FACE_UP,
    MARKET_B_FACE_UP,
    MARKET_B_PAIR,
    PYRAMIDS_A_OVERFLOW,
    PYRAMIDS_A_VALUES,
)
from rules_engine.classic.components import MIN_LOAD as MIN_LOAD_OF

# The pure engine's tables (components.py) as arrays, built here rather than typed twice.
PYRAMIDS_A = np.array(PYRAMIDS_A_VALUES, dtype=np.int64)  # C5.2, in placement order
MIN_LOAD = np.array([MIN_LOAD_OF.get(cap, 0) for cap in range(max(MIN_LOAD_OF) + 1)], dtype=np.int64)  # C1


@njit(cache=True)
def deliver(st: np.ndarray, p: int, site: int, rng: np.random.Generator, draws: np.ndarray, cx: np.ndarray) -> None:
    """One stone of ``p`` arrives at a building site (C5.2–C5.5, C6.2, C6.5)."""
    if site != S_PYRAMIDS:
        deliver_other(st, p, site)
    elif st[PYR_B]:
        pyramids_b(st, p, rng, draws, cx)
    else:
        st[REACHED + p] |= 1 << site
        k = st[NPYR]
        st[TRACK + p] += PYRAMIDS_A[k] if k < PYRAMIDS_A.shape[0] else PYRAMIDS_A_OVERFLOW
        st[NPYR] = k + 1
        logged(st, L_PYR, p, 0)


@njit(cache=True)
def gain(st: np.ndarray, p: int, card: int, rng: np.random.Generator, draws: np.ndarray, cx: np.ndarray) -> None:
    """C5.1, C7: red acts at once and is then discarded (docs/rulings.md C7), the rest is kept."""
    if card <= PAVED_PATH:
        if st[QUARRY + p]:
            st[QUARRY + p] -= 1
            if card == ENTRANCE:
                deliver(st, p, S_PYRAMIDS, rng, draws, cx)
            else:
                deliver_other(st, p, S_BURIAL if card == SARCOPHAGUS else S_OBELISKS)
        discard(st, card)
    else:
        keep(st, p, card)


@njit(cache=True)
def count_takes(st: np.ndarray, used: int, pair: int, k: int, stack: np.ndarray) -> int:
    """How many sequences of market picks ``k`` stones can make (C5.1, C6.1), as
    `legal.take_leaves` lists them: face-up cards not ``used`` (a bit per position), each id
    once, and the pair while ``pair``. Walked on ``stack`` (64 x 3; numba's cache cannot load
    a recursive function)."""
    stack[0, 0], stack[0, 1], stack[0, 2] = used, pair, k
    top = 1
    total = 0
    nm = st[NMARKET]
    while top:
        top -= 1
        u, pr, left = stack[top, 0], stack[top, 1], stack[top, 2]
        if left == 0:
            total += 1
            continue
        branches = 0
        for i in range(nm):
            if u >> i & 1:
                continue
            dup = False
            for j in range(i):
                if not u >> j & 1 and st[MARKET + j] == st[MARKET + i]:
                    dup = True
            if not dup:
                stack[top, 0], stack[top, 1], stack[top, 2] = u | 1 << i, pr, left - 1
                top += 1
                branches += 1
        if pr:
            distinct = 1 if st[NPAIR] == 1 or st[PAIR] == st[PAIR + 1] else 2
            for _ in range(distinct):
                stack[top, 0], stack[top, 1], stack[top, 2] = u, 0, left - 1
                top += 1
                branches += 1
        if branches == 0:
            total += 1  # nothing left to take: the remaining stones take nothing
    return total


@njit(cache=True)
def take_one(st: np.ndarray, p: int, k: int, rng: np.random.Generator, stack: np.ndarray, draws: np.ndarray,
             cx: np.ndarray) -> int:
    """Player ``p``'s pick for one of ``k`` stones still to unload at the market, drawn so that
    the whole sequence is uniform over `count_takes` (the pure playout's uniform leaf); the pick
    is carried out. Returns it as reported: card id, `PAIR_TAKE` + card id, or -1."""
    nm = st[NMARKET]
    np_ = st[NPAIR]
    if nm == 0 and np_ == 0:
        return -1
    r = rng.integers(0, count_takes(st, 0, 1 if np_ else 0, k, stack))
    chosen = -1
    for i in range(nm):
        card = st[MARKET + i]
        dup = False
        for j in range(i):
            if st[MARKET + j] == card:
                dup = True
        if dup:
            continue
        c = count_takes(st, 1 << i, 1 if np_ else 0, k - 1, stack)
        if r < c:
            chosen = i
            break
        r -= c
    if chosen >= 0:
        card = st[MARKET + chosen]
        for j in range(chosen, nm - 1):
            st[MARKET + j] = st[MARKET + j + 1]
        st[NMARKET] = nm - 1
        gain(st, p, card, rng, draws, cx)
        return int(card)
    c = count_takes(st, 0, 0, k - 1, stack)
    kept = 0 if r < c or np_ == 1 or st[PAIR] == st[PAIR + 1] else 1
    card = st[PAIR + kept]
    other = st[PAIR + 1 - kept] if np_ == 2 else -1
    st[NPAIR] = 0
    if other >= 0:
        discard(st, other)
    gain(st, p, card, rng, draws, cx)
    return int(PAIR_TAKE + card)


@njit(cache=True)
def take_choice(st: np.ndarray, p: int, rng: np.random.Generator, draws: np.ndarray, cx: np.ndarray) -> int:
    """On Pyramids B: player ``p``'s pick at the market as a choice of the script (C5.1, C6.1,
    `deliveries.market_options`: each face-up id once, then each pair card once, or nothing).
    Returns it as reported (`take_one`)."""
    nm = st[NMARKET]
    np_ = st[NPAIR]
    opts = 0
    for i in range(nm):
        if not _repeats(st, MARKET, i):
            opts += 1
    npair = 0 if np_ == 0 else (1 if np_ == 1 or st[PAIR] == st[PAIR + 1] else 2)
    c = take_index(st, given(cx, CH_TAKE), npair, cx) if cx[CX_GIVEN] else choose(cx, CH_TAKE, max(1, opts + npair))
    if opts + npair == 0:
        note(cx, -1)
        return -1
    for i in range(nm):
        if _repeats(st, MARKET, i):
            continue
        if c == 0:
            card = st[MARKET + i]
            for j in range(i, nm - 1):
                st[MARKET + j] = st[MARKET + j + 1]
            st[NMARKET] = nm - 1
            note(cx, card)
            gain(st, p, card, rng, draws, cx)
            return int(card)
        c -= 1
    card = st[PAIR + c]
    if np_ == 2:
        discard(st, st[PAIR + 1 - c])
    st[NPAIR] = 0
    note(cx, PAIR_TAKE + card)
    gain(st, p, card, rng, draws, cx)
    return int(PAIR_TAKE + card)


@njit(cache=True)
def take_index(st: np.ndarray, code: int, npair: int, cx: np.ndarray) -> int:
    """A replay's market pick (card id, `PAIR_TAKE` + card id, or -1 for nothing) as the index of
    `take_choice`'s options; one that is not among them sets ``cx[CX_ERR]`` (C5.1, C6.1)."""
    c = 0
    for i in range(st[NMARKET]):
        if not _repeats(st, MARKET, i):
            if st[MARKET + i] == code:
                return c
            c += 1
    for j in range(npair):
        if PAIR_TAKE + st[PAIR + j] == code:
            return c + j
    if code != -1 or c + npair:  # nothing is taken only from an empty market
        cx[CX_ERR] |= ERR_REFUSED
    return 0


@njit(cache=True)
def _repeats(st: np.ndarray, at: int, i: int) -> bool:
    """Whether the card at ``at + i`` is one of those before it (each id is one option)."""
    found = False
    for j in range(i):
        found = found or st[at + j] == st[at + i]
    return found


@njit(cache=True)
def start_round(st: np.ndarray, first: int, rng: np.random.Generator, draws: np.ndarray, cx: np.ndarray) -> None:
    """C3.1–C3.2: the round card's ships and the market's cards."""
    r = st[ROUND]
    for s in range(4):
        st[CAPS + s] = st[CARDS + 4 * r + s]
        st[SAILED + s] = -1
    for i in range(16):
        st[SLOTS + i] = -1
    st[NSAILED] = 0
    st[FIRST] = first
    nm = 0
    for _ in range(MARKET_B_FACE_UP if st[MARKET_B] else MARKET_A_FACE_UP):  # C3.2, C6.1
        card = draw(st, rng, draws, cx)
        if card >= 0:
            st[MARKET + nm] = card
            nm += 1
    st[NMARKET] = nm
    np_ = 0
    if st[MARKET_B]:
        for _ in range(MARKET_B_PAIR):
            card = draw(st, rng, draws, cx)
            if card >= 0:
                st[PAIR + np_] = card
                np_ += 1
    st[NPAIR] = np_


@njit(cache=True)
def score_temple_b(st: np.ndarray, rng: np.random.Generator, draws: np.ndarray, cx: np.ndarray) -> None:
    """C6.3: each visible stone gives its owner its space's bonus; "1 point or 2 stones" is
    chosen uniformly (the pure playout's leaves are every combination), the choices are kept
    in ``st[TCHOICES]`` for the move's report."""
    count = 0
    bits = 0
    for i in range(temple_width(st[N])):
        p = st[TTOP + i]
        if p < 0:
            continue
        bonus = st[TEMPLE_BONUS + i]
        if bonus == TB_TWO_POINTS:
            st[TRACK + p] += 2
        elif bonus == TB_CARD:
            card = draw(st, rng, draws, cx)
            if card >= 0:
                gain(st, p, card, rng, draws, cx)
        else:
            if cx[CX_GIVEN]:  # a replay: the record's choice, 0 a point, 1 stones
                stones = given(cx, CH_TEMPLE)
                if stones < 0:
                    stones = 0
            elif cx[CX_ON]:  # Pyramids B: a choice of the move's script
                stones = choose(cx, CH_TEMPLE, 2)
                note(cx, stones)
            else:
                stones = int(rng.integers(0, 2))
            if stones:
                add_stones(st, p, 2)
                bits |= 1 << count
            else:
                st[TRACK + p] += 1
            count += 1
    st[TCHOICES] = count + 8 * bits if count else -1


@njit(cache=True)
def end_round(st: np.ndarray, rng: np.random.Generator, draws: np.ndarray, cx: np.ndarray) -> None:
    """C3.4–C3.5: the temple scores (C5.3, C6.3), leftovers are discarded, unsailed stones go home."""
    n = st[N]
    if st[TEMPLE_B]:
        score_temple_b(st, rng, draws, cx)
    else:
        for i in range(temple_width(n)):
            p = st[TTOP + i]
            if p >= 0:
                st[TRACK + p] += 1
    for i in range(st[NMARKET]):
        discard(st, st[MARKET + i])
    for i in range(st[NPAIR]):
        discard(st, st[PAIR + i])
    st[NMARKET] = 0
    st[NPAIR] = 0
    for i in range(16):
        p = st[SLOTS + i]
        if p >= 0:
            st[QUARRY + p] += 1
            st[SLOTS + i] = -1
    st[ROUND] += 1
    st[PASSES] = 0
    if st[ROUND] == 6:
        st[OVER] = 1
        for s in range(4):
            st[CAPS + s] = 0
            st[SAILED + s] = -1
        st[NSAILED] = 0
    else:
        start_round(st, (st[TO_MOVE] + 1) % n, rng, draws, cx)


@njit(cache=True)
def sail(st: np.ndarray, s: int, site: int, order: np.ndarray, norder: int, rng: np.random.Generator,
         draws: np.ndarray, takes: np.ndarray, owners: np.ndarray, stack: np.ndarray, cx: np.ndarray) -> None:
    """C4.3: ship ``s`` sails to ``site`` and unloads its slots in ``order[:norder]``; market
    picks are drawn by `take_one` and written to ``takes``; the 4th ship ends the round (C3.3).
    ``owners`` (4) and ``stack`` are scratch space."""
    st[SAILED + s] = site
    st[NSAILED] += 1
    for j in range(norder):
        owners[j] = st[SLOTS + 4 * s + order[j]]
    for k in range(4):
        st[SLOTS + 4 * s + k] = -1
    for j in range(norder):
        p = owners[j]
        if site == S_MARKET:
            if cx[CX_ON] or cx[CX_GIVEN]:
                takes[j] = take_choice(st, p, rng, draws, cx)
            else:
                takes[j] = take_one(st, p, norder - j, rng, stack, draws, cx)
            st[QUARRY + p] += 1  # C5.1: after the card is taken
        else:
            deliver(st, p, site, rng, draws, cx)
    if st[NSAILED] == 4:
        end_round(st, rng, draws, cx)


@njit(cache=True)
def end_turn(st: np.ndarray, passed: bool) -> None:
    st[PLY] += 1
    st[TO_MOVE] = (st[TO_MOVE] + 1) % st[N]
    if not passed:
        st[PASSES] = 0
