"""The Duel's validated replay, compiled (issue #40): a record's moves as kernel move codes
(kernel.C_*), each checked against D4 in the position it is played in and carried out by the
playout kernel's own steps (kernel.py), one position array per ply when asked.

A record in transcription form (F2 "Recording a physical game") is played the same way: the
tokens its moves turn up stand in the supply and the reserve in the order the moves give them
(`fastreplay.setup_array`), and each move must give them exactly when the pure engine asks for
them (a refill while the supply lasts, a reveal while the reserve does: the ``REFILL``/``REVEAL``
flags of its code); that no token turns up more often than the game has it is checked before.

It only says *whether* and *where* a record goes wrong: the first move it refuses is replayed
by the pure engine (rules_engine/duel/record.py), which words the refusal; the pure engine stays
the reference (tests/engine/test_duel_replay_kernel.py plays both on random and corrupted
records). Each check mirrors a refusal of `primitives` or `turns`, cited by rule.
"""

from __future__ import annotations

from numba import njit

from rules_engine.duel.compiled.kernel import (
    A_PLACE_MEEPLES,
    A_PLACE_UNLOAD,
    A_SWAP,
    A_TAKE,
    ACT,
    C_PLACE,
    C_PLACE_MEEPLES,
    C_PLACE_UNLOAD,
    C_SWAP,
    C_TAKE,
    C_UNLOAD,
    CELLS,
    END,
    END_PASSES,
    LINE_MASK,
    LIVE,
    MEEP,
    NO_CELL,
    OCC0,
    OVER,
    P0,
    PASSED,
    POP,
    PSTRIDE,
    RCOUNT,
    RESERVE,
    SCOUNT,
    SLOTS,
    SUPPLY,
    SUPPLY_LEN,
    T_ACTION1,
    TO_MOVE,
    IntArray,
    _end_turn,
    _place,
    _pu_item,
    _spend,
    _take,
    _unload,
)

# Flags above a move code's payload (kernel.C_* codes use the low 30 bits): in transcription
# form, the move gives a refill for its (first) unload, for its second unload, a reveal.
REFILL, REFILL2, REVEAL = 1 << 40, 1 << 41, 1 << 42
PAYLOAD = (1 << 40) - 1


@njit(cache=True)
def _gives(st: IntArray, code: int, flag: int, transcribed: int, count: int) -> bool:
    """Transcription form: the move gives the tokens (``flag``) exactly when they are turned up,
    i.e. when ``st[count]`` (the supply or the reserve) is not empty (D4.2 step 4, D4.3; F2)."""
    return not transcribed or ((code & flag) != 0) == (st[count] > 0)


@njit(cache=True)
def _can_place(st: IntArray, cell: int) -> bool:
    """D4.1: a meeple at home and an empty cell."""
    return bool(st[P0 + PSTRIDE * st[TO_MOVE] + MEEP] > 0 and st[CELLS + cell] < 0)


@njit(cache=True)
def _can_unload(st: IntArray, b: int) -> bool:
    """D4.2: the boat is in play and its line holds at least 2 meeples."""
    return bool((st[LIVE] >> b & 1) == 1 and POP[(st[OCC0] | st[OCC0 + 1]) & LINE_MASK[b]] >= 2)


@njit(cache=True)
def _has(st: IntArray, a: int) -> bool:
    """D4.3: the player to move holds an action token of kind ``a``."""
    return bool(st[P0 + PSTRIDE * st[TO_MOVE] + ACT + a] > 0)


@njit(cache=True)
def something_legal(st: IntArray) -> bool:
    """Whether the player to move has a move other than passing (D4.4; `legal.first_legal`)."""
    pb = P0 + PSTRIDE * st[TO_MOVE]
    meeples, occ, live = st[pb + MEEP], st[OCC0] | st[OCC0 + 1], st[LIVE]
    empty = 9 - POP[occ]
    if meeples > 0 and empty > 0:  # D4.1
        return True
    for b in range(6):  # D4.2
        if live >> b & 1 and POP[occ & LINE_MASK[b]] >= 2:
            return True
    if st[pb + ACT + A_TAKE] > 0:  # D4.3 take-token: any token but an action token
        for i in range(18):
            if 0 <= st[SLOTS + i] < T_ACTION1:
                return True
    if st[pb + ACT + A_PLACE_MEEPLES] > 0 and meeples >= 2 and empty >= 2:
        return True
    if st[pb + ACT + A_PLACE_UNLOAD] > 0 and meeples > 0:
        first_ends = 1 if st[SCOUNT] == 0 and POP[live] == 2 else 0
        if _pu_item(occ, live, first_ends, -1) > 0:
            return True
    # swap-unload needs a boat to unload, and none is unloadable here
    return False


@njit(cache=True)
def play(st: IntArray, code: int, transcribed: int) -> bool:
    """Check and carry out one move (kernel move code) for the player to move, then hand over
    the turn (`turns.play`). False, with ``st`` spoilt, where the pure engine refuses it."""
    if st[OVER]:  # D8: no moves after the end
        return False
    cat, x = code & 7, (code & PAYLOAD) >> 3
    if cat == C_PLACE:  # D4.1
        if not _can_place(st, x):
            return False
        _place(st, x)
    elif cat == C_UNLOAD:  # D4.2
        if not _can_unload(st, x) or not _gives(st, code, REFILL, transcribed, SCOUNT):
            return False
        _unload(st, x)
    elif cat == C_TAKE:  # D4.3 take-token: a non-action token from a boat in play
        t = st[SLOTS + x]
        if not _has(st, A_TAKE) or not (st[LIVE] >> (x // 3) & 1) or t < 0 or t >= T_ACTION1:
            return False
        if not _gives(st, code, REVEAL, transcribed, RCOUNT):
            return False
        _take(st, x)
    elif cat == C_PLACE_MEEPLES:  # D4.3 place-meeples: D4.1 two or three times
        n = 2 if x >> 8 == NO_CELL else 3
        if not _has(st, A_PLACE_MEEPLES) or st[P0 + PSTRIDE * st[TO_MOVE] + MEEP] < n:
            return False
        _spend(st, A_PLACE_MEEPLES)
        for j in range(n):
            cell = x >> (4 * j) & 15
            if not _can_place(st, cell):
                return False
            _place(st, cell)
    elif cat == C_PLACE_UNLOAD:  # D4.3 place-unload: D4.1, then D4.2 once or twice
        cell, b1, b2 = x & 15, x >> 4 & 7, (x >> 7) - 1
        if not _has(st, A_PLACE_UNLOAD) or not _can_place(st, cell):
            return False
        _spend(st, A_PLACE_UNLOAD)
        _place(st, cell)
        if not _can_unload(st, b1) or not _gives(st, code, REFILL, transcribed, SCOUNT):
            return False
        _unload(st, b1)
        if b2 >= 0:
            if st[OVER] or not _can_unload(st, b2):  # D8 ruling: no second unload after the end
                return False
            if not _gives(st, code, REFILL2, transcribed, SCOUNT):
                return False
            _unload(st, b2)
    elif cat == C_SWAP:  # D4.3 swap-unload: two tokens of a boat in play, then D4.2
        b, sx, sy, u = x & 7, x >> 3 & 3, x >> 5 & 3, x >> 7
        i, j = SLOTS + b * 3 + sx, SLOTS + b * 3 + sy
        if not _has(st, A_SWAP) or not (st[LIVE] >> b & 1) or st[i] < 0 or st[j] < 0:
            return False
        _spend(st, A_SWAP)
        st[i], st[j] = st[j], st[i]
        if not _can_unload(st, u) or not _gives(st, code, REFILL, transcribed, SCOUNT):
            return False
        _unload(st, u)
    else:  # D4.4: a pass only when nothing else is legal; the second pass in a row ends the game
        if something_legal(st):
            return False
        if st[PASSED]:
            st[OVER] = 1
            st[END] = END_PASSES
        _end_turn(st, 1)
        return True
    _end_turn(st, 0)
    return True


@njit(cache=True)
def hide(st: IntArray, refills: IntArray, reveals: IntArray, unseen: IntArray) -> bool:
    """Transcription form: the tokens the record's moves turn up laid face down where the
    setup's deal would be, the refills as the supply's draw order and the reveals in the reserve
    (the first on top). False when more turn up than the supply or the reserve holds (D3), or a
    token more often than ``unseen`` (per token index, still face down) has it (D1)."""
    if refills.shape[0] > SUPPLY_LEN or reveals.shape[0] > 3:
        return False
    left = unseen.copy()
    for i in range(refills.shape[0]):
        t = refills[i]
        left[t] -= 1
        if left[t] < 0:
            return False
        st[SUPPLY + i] = t
    for i in range(reveals.shape[0]):
        t = reveals[i]
        left[t] -= 1
        if left[t] < 0:
            return False
        st[RESERVE + 2 - i] = t
    return True


@njit(cache=True)
def replay(st: IntArray, codes: IntArray, rows: IntArray, transcribed: int) -> int:
    """Play ``codes`` in turn from ``st``; how many were legal (``len(codes)`` when all were).
    ``rows``: empty, or one row per position (``rows[0]`` the start, ``rows[k + 1]`` after
    ``codes[k]``) to fill. ``transcribed``: 1 for a record in transcription form."""
    keep = rows.shape[0] > 0
    if keep:
        rows[0, :] = st
    for k in range(codes.shape[0]):
        if not play(st, codes[k], transcribed):
            return k
        if keep:
            rows[k + 1, :] = st
    return int(codes.shape[0])

