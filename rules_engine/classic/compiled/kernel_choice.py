"""The compiled playout's deck and Pyramids B (issue #40, C6.2, C7): turning up market cards
(from the generator, or on Pyramids B from the move's tape that every copy of the position
shares, as `legal.search` shares the generator's state), the choices a move meets on Pyramids B
(`choose`, answered from the script of `kernel_layout` ``cx``), and a stone's arrival on
Pyramids B with its bonus. `kernel_rules` plays the rest of the rules.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from rules_engine.classic.compiled.kernel_layout import (
    BLUE,
    BURIAL,
    CAPS,
    CH_BONUS_PLACE,
    CH_PYRAMID,
    CX_DEPTH,
    CX_ERR,
    CX_GIVEN,
    CX_GMAX,
    CX_GN,
    CX_GPOS,
    CX_GVAL,
    CX_KIND,
    CX_MAX,
    CX_NSCRIPT,
    CX_NTAPE,
    CX_ON,
    CX_OPTS,
    CX_SCRIPT,
    CX_TAPE,
    CX_TAPEPOS,
    CX_VALUE,
    DECK,
    DECORATION_FIRST,
    DECORATION_LAST,
    DISCARD,
    ENTRANCE,
    ERR_REFUSED,
    ERR_SHORT,
    GREEN,
    L_BLUE,
    L_GREEN,
    L_PYR,
    L_PYRB,
    L_TEMPLE,
    L_TOWER,
    LEVER,
    LOG,
    LOG_LEN,
    LOGN,
    MAX_BURIAL,
    MAX_PYRB_SPACES,
    NBURIAL,
    NCARD_KINDS,
    NDECK,
    NDISCARD,
    NDRAWN,
    NPYR,
    NTEMPLE,
    NTOWER_VALUES,
    NTOWERS,
    OBEL,
    OBEL_B,
    PAVED_PATH,
    PB_CARD,
    PB_PLACE,
    PB_STONES,
    PURPLE,
    PYRB_BONUS,
    PYRB_LEN,
    PYRB_N,
    PYRB_OVERFLOW,
    PYRB_VALUE,
    QUARRY,
    REACHED,
    S_BURIAL,
    S_OBELISKS,
    S_PYRAMIDS,
    S_TEMPLE,
    SAILED,
    SARCOPHAGUS,
    SLED,
    SLOTS,
    STATUE,
    TOWER_VALUES,
    TRACK,
    TTOP,
    N,
)
from rules_engine.classic.components import MAX_PLAYERS, SLED_CAPACITY, TEMPLE_WIDTH

TAPE_BITS = 53
# C5.3 temple width by player count (`components.TEMPLE_WIDTH`), indexed by the count.
TEMPLE_WIDTHS = np.array([TEMPLE_WIDTH.get(n, 0) for n in range(MAX_PLAYERS + 1)], dtype=np.int64)


@njit(cache=True)
def temple_width(n: int) -> int:
    return int(TEMPLE_WIDTHS[n])  # C5.3


@njit(cache=True)
def discard(st: np.ndarray, card: int) -> None:
    st[DISCARD + card] += 1
    st[NDISCARD] += 1


@njit(cache=True)
def draw(st: np.ndarray, rng: np.random.Generator, draws: np.ndarray, cx: np.ndarray) -> int:
    """C7: the top market card, dealt at random from the deck (reshuffled from the discards
    when empty); -1 when both are empty. On Pyramids B draw j of a move takes tape entry j. In a
    replay (``cx[CX_GIVEN]``) the card is the record's next listed draw (``draws[1 + k]`` of
    ``draws[0]``); one the list lacks sets ERR_SHORT in ``cx[CX_ERR]``, one the deck does not
    hold ERR_REFUSED (the pure engine then words why, `deck.draw`)."""
    if st[NDECK] == 0:
        if st[NDISCARD] == 0:
            return -1
        for i in range(NCARD_KINDS):
            st[DECK + i] = st[DISCARD + i]
            st[DISCARD + i] = 0
        st[NDECK] = st[NDISCARD]
        st[NDISCARD] = 0
    if cx[CX_GIVEN]:
        k = st[NDRAWN]
        if k >= draws[0]:
            cx[CX_ERR] |= ERR_SHORT
            return -1
        if st[DECK + draws[1 + k]] == 0:
            cx[CX_ERR] |= ERR_REFUSED
            return -1
        i = int(draws[1 + k])
        st[DECK + i] -= 1
        st[NDECK] -= 1
        st[NDRAWN] = k + 1
        return i
    j = cx[CX_TAPEPOS]
    if cx[CX_ON] and j < CX_MAX:
        while cx[CX_NTAPE] <= j:
            cx[CX_TAPE + cx[CX_NTAPE]] = rng.integers(0, 1 << TAPE_BITS)
            cx[CX_NTAPE] += 1
        cx[CX_TAPEPOS] = j + 1
        r = (cx[CX_TAPE + j] * st[NDECK]) >> TAPE_BITS
    else:
        r = rng.integers(0, st[NDECK])
    i = 0
    while r >= st[DECK + i]:
        r -= st[DECK + i]
        i += 1
    st[DECK + i] -= 1
    st[NDECK] -= 1
    st[NDRAWN] += 1
    if draws.shape[0] > 1:
        draws[0] += 1
        draws[draws[0]] = i
    return i


@njit(cache=True)
def choose(cx: np.ndarray, kind: int, options: int) -> int:
    """A choice of ``kind`` among ``options``: the script's answer, or the first option when the
    script has run out (the script then grows by it); `note` records the value chosen."""
    d = cx[CX_DEPTH]
    if d >= CX_MAX:
        return 0
    if d >= cx[CX_NSCRIPT]:
        cx[CX_SCRIPT + d] = 0
        cx[CX_NSCRIPT] = d + 1
    cx[CX_OPTS + d] = options
    cx[CX_KIND + d] = kind
    cx[CX_DEPTH] = d + 1
    return int(cx[CX_SCRIPT + d])


@njit(cache=True)
def note(cx: np.ndarray, value: int) -> None:
    """The value of the choice just made, as the move reports it."""
    d = cx[CX_DEPTH] - 1
    if 0 <= d < CX_MAX:  # a replay's choices (CX_GIVEN) are no script's: nothing to note
        cx[CX_VALUE + d] = value


@njit(cache=True)
def given(cx: np.ndarray, kind: int) -> int:
    """A replay's next recorded choice of ``kind`` (CH_*); a list that has run out sets
    ``cx[CX_ERR]`` (as `choosers.MoveChoices.ask` refuses it) and answers -2."""
    i = cx[CX_GPOS + kind]
    if i >= cx[CX_GN + kind]:
        cx[CX_ERR] |= ERR_REFUSED
        return -2
    cx[CX_GPOS + kind] = i + 1
    return int(cx[CX_GVAL + kind * CX_GMAX + i])


@njit(cache=True)
def logged(st: np.ndarray, kind: int, p: int, value: int) -> None:
    """One arrival appended to the log (`kernel_layout` LOG): the order a `ClassicState` keeps."""
    n = st[LOGN]
    if n < LOG_LEN:
        st[LOG + n] = kind << 16 | p << 8 | value
    st[LOGN] = n + 1


@njit(cache=True)
def add_stones(st: np.ndarray, p: int, most: int) -> None:
    """Up to ``most`` stones from the quarry to the sled (C4.1), as room and quarry allow."""
    n = min(most, SLED_CAPACITY - st[SLED + p], st[QUARRY + p])
    if n > 0:
        st[QUARRY + p] -= n
        st[SLED + p] += n


@njit(cache=True)
def keep(st: np.ndarray, p: int, card: int) -> None:
    """C7: a green, purple or blue card is kept."""
    if card <= DECORATION_LAST:
        st[GREEN + 4 * p + card - DECORATION_FIRST] += 1
        logged(st, L_GREEN, p, card)
    elif card == STATUE:
        st[PURPLE + p] += 1
    else:
        st[BLUE + 4 * p + card - LEVER] += 1
        logged(st, L_BLUE, p, card)


@njit(cache=True)
def deliver_other(st: np.ndarray, p: int, site: int) -> None:
    """One stone of ``p`` arrives at the temple, burial chamber or obelisks (C5.3–C5.5, C6.5)."""
    st[REACHED + p] |= 1 << site
    if site == S_TEMPLE:
        k = st[NTEMPLE]
        st[TTOP + k % temple_width(st[N])] = p
        st[NTEMPLE] = k + 1
        logged(st, L_TEMPLE, p, 0)
    elif site == S_BURIAL:
        k = st[NBURIAL]
        if k < MAX_BURIAL:
            st[BURIAL + k] = p
        st[NBURIAL] = k + 1
    else:
        st[OBEL + p] += 1
        if st[OBEL_B] and st[OBEL + p] == 3 and st[NTOWERS] < st[NTOWER_VALUES]:
            st[OBEL + p] = 0
            st[TRACK + p] += st[TOWER_VALUES + st[NTOWERS]]
            st[NTOWERS] += 1
            logged(st, L_TOWER, p, 0)


@njit(cache=True)
def pyramids_b(st: np.ndarray, p: int, rng: np.random.Generator, draws: np.ndarray, cx: np.ndarray) -> None:
    """C6.2: a stone of ``p`` on Pyramids B: the owner picks an incomplete pyramid, scores the
    space and takes its bonus (a card, 3 stones, or may place a stone from the sled). An
    Entrance turned up by the card bonus brings the next stone here at once (C7, a loop, not
    recursion: numba's cache cannot load a recursive function); the red cards go to the
    discards after their effect (docs/rulings.md C7), so after the whole chain."""
    entrances = 0
    while True:
        st[REACHED + p] |= 1 << S_PYRAMIDS
        nopen = 0
        for k in range(3):
            if st[PYRB_N + k] < st[PYRB_LEN + k]:
                nopen += 1
        if nopen == 0:
            st[NPYR] += 1
            st[TRACK + p] += st[PYRB_OVERFLOW]
            logged(st, L_PYR, p, 0)
            break
        c = open_index(st, given(cx, CH_PYRAMID) - 1, cx) if cx[CX_GIVEN] else choose(cx, CH_PYRAMID, nopen)
        k = 0
        while st[PYRB_N + k] >= st[PYRB_LEN + k] or c > 0:
            if st[PYRB_N + k] < st[PYRB_LEN + k]:
                c -= 1
            k += 1
        note(cx, k + 1)
        space = k * MAX_PYRB_SPACES + st[PYRB_N + k]
        st[PYRB_N + k] += 1
        st[TRACK + p] += st[PYRB_VALUE + space]
        logged(st, L_PYRB, p, k)
        bonus = st[PYRB_BONUS + space]
        if bonus == PB_CARD:
            card = draw(st, rng, draws, cx)
            if card < 0:
                break
            if card <= PAVED_PATH:
                if st[QUARRY + p] == 0:
                    discard(st, card)
                    break
                st[QUARRY + p] -= 1
                if card == ENTRANCE:
                    entrances += 1
                    continue
                deliver_other(st, p, S_BURIAL if card == SARCOPHAGUS else S_OBELISKS)
                discard(st, card)
            else:
                keep(st, p, card)
        elif bonus == PB_STONES:
            add_stones(st, p, 3)
        elif bonus == PB_PLACE and st[SLED + p]:
            nfree = 0
            for s in range(4):
                if st[SAILED + s] < 0:
                    for j in range(st[CAPS + s]):
                        if st[SLOTS + 4 * s + j] < 0:
                            nfree += 1
            if nfree:
                if cx[CX_GIVEN]:
                    c = spot_index(st, given(cx, CH_BONUS_PLACE), nfree, cx)
                else:
                    c = choose(cx, CH_BONUS_PLACE, nfree + 1)  # the last option declines
                spot = -1
                for s in range(4):
                    if st[SAILED + s] < 0:
                        for j in range(st[CAPS + s]):
                            if st[SLOTS + 4 * s + j] < 0:
                                if c == 0:
                                    spot = 4 * s + j
                                c -= 1
                note(cx, spot)
                if spot >= 0:
                    st[SLED + p] -= 1
                    st[SLOTS + spot] = p
        break
    for _ in range(entrances):
        discard(st, ENTRANCE)


@njit(cache=True)
def open_index(st: np.ndarray, k: int, cx: np.ndarray) -> int:
    """A replay's pyramid ``k`` (0-2) as the index of `pyramids_b`'s options (the incomplete
    pyramids); one that is not among them sets ``cx[CX_ERR]`` and answers the first (C6.2)."""
    if k < 0 or k > 2 or st[PYRB_N + k] >= st[PYRB_LEN + k]:
        cx[CX_ERR] |= ERR_REFUSED
        return 0
    c = 0
    for j in range(k):
        if st[PYRB_N + j] < st[PYRB_LEN + j]:
            c += 1
    return c


@njit(cache=True)
def spot_index(st: np.ndarray, spot: int, nfree: int, cx: np.ndarray) -> int:
    """A replay's bonus place (ship * 4 + slot, or -1 declined) as the index of `pyramids_b`'s
    options (the empty slots of the ships that have not sailed, then declining); one that is not
    among them sets ``cx[CX_ERR]`` and answers declining (C6.2)."""
    if spot == -1:
        return nfree
    c = 0
    for s in range(4):
        if st[SAILED + s] < 0:
            for j in range(st[CAPS + s]):
                if st[SLOTS + 4 * s + j] < 0:
                    if 4 * s + j == spot:
                        return c
                    c += 1
    cx[CX_ERR] |= ERR_REFUSED
    return nfree
