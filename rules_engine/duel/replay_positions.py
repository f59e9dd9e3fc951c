"""The positions of the Duel's compiled replay (issue #40): `Positions`, the sequence
`Replay.states` is when `fastreplay` replayed a record, holds the kernel's rows and makes a
`DuelState` of one the first time it is looked at (`_Maker`).

The kernel's counts lose the order tokens arrive in, which a `DuelState` keeps (a temple's values
as received, the tomb numbers, the action tokens, the box): it is read from the row's log
(kernel.note). In transcription form what is still face down follows from the tokens the
record's moves turned up (``draws``) and how many the supply and reserve have handed out.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from rules_engine.duel.state import DuelState, _new_player, _OpenState
from rules_engine.duel.tokens import K_ACTION, K_TEMPLE, K_TOMB, KIND, TOKEN_IDS, VALUE
from rules_engine.kernel_positions import KernelPositions

SUPPLY_TOKENS, RESERVE_TOKENS = 39, 3  # D3: after setup (kernel.SUPPLY_LEN)
Draws = tuple[tuple[int, ...], tuple[int, ...]]  # transcription form: refills' and reveals' token indices
_ENDS = (None, "last-boat", "passes")  # kernel.END codes
_OWNER: dict[int, int | None] = {-1: None, 0: 0, 1: 1}  # a kernel cell -> `DuelState` cell
_TOKEN: dict[int, str | None] = {-1: None, **dict(enumerate(TOKEN_IDS))}  # a kernel token -> token id


class Positions(KernelPositions[DuelState]):
    """The positions of a compiled Duel replay (`KernelPositions`); ``draws``: in transcription
    form, the tokens the record's refills and reveals turn up."""

    __slots__ = ("_draws",)

    def __init__(self, start: DuelState, rows: object, tail: Sequence[DuelState] = (),
                 made: dict[int, DuelState] | None = None, draws: Draws | None = None) -> None:
        super().__init__(start, rows, tail, made)
        self._draws = draws

    def _maker(self) -> _Maker:
        return _Maker(self._start, self._draws)

    def _with_tail(self, tail: Sequence[DuelState]) -> Positions:
        return Positions(self._start, self._rows, tail, self._made, self._draws)


_COUNTED, _BOXED, _SPENT = -1, 3, 4  # besides 0, 1, 2: a temple value, a tomb number, an action token received
_ENTRIES: list[tuple[int, int, Any]] = []


def _entries(k: ModuleType) -> list[tuple[int, int, Any]]:
    """Each log entry (kernel.note) as (player, what, item): what a position keeps of it."""
    if not _ENTRIES:
        table: list[tuple[int, int, Any]] = [(0, _COUNTED, None)] * 256
        for i, tok in enumerate(TOKEN_IDS):
            kind = KIND[tok]
            for p in (0, 1):
                what, item = {K_TEMPLE: (0, VALUE.get(tok)), K_TOMB: (1, VALUE.get(tok)),
                              K_ACTION: (2, tok)}.get(kind, (_COUNTED, None))
                table[i | k.L_RECEIVE << 5 | p << 7] = (p, what, item)
                table[i | k.L_BOX << 5 | p << 7] = (p, _BOXED, tok)
                table[i | k.L_SPEND << 5 | p << 7] = (p, _SPENT, tok)
        _ENTRIES[:] = table
    return _ENTRIES


def state_of(v: list[int], start: DuelState, draws: Draws | None = None) -> DuelState:
    """The `DuelState` of a kernel position ``v`` (a list) reached by a replay from ``start``
    (``draws``: as `Positions` holds them)."""
    return _Maker(start, draws).make(v)


class _Maker:
    """Makes the `DuelState`s of kernel positions reached from ``start``, in the order played:
    the counts come from the array, the order of what arrived (temple values, tomb numbers,
    action tokens, the box) from its log (kernel.note), read on from where the last position
    stopped; a player whose holdings did not change keeps the same `PlayerState`."""

    __slots__ = ("blocks", "box", "box_t", "cells", "cells_t", "draws", "held", "k", "players", "reserve_t", "seen",
                 "slots", "slots_t", "start", "unseen", "unseen_at")

    def __init__(self, start: DuelState, draws: Draws | None = None) -> None:
        from rules_engine.duel.compiled import kernel

        self.k = kernel  # the layout's offsets (numba is loaded: there are rows)
        self.start = start
        self.held = [(list(p.temple), list(p.tomb), list(p.action_tokens)) for p in start._players]
        self.box = list(start._box)
        self.box_t = start._box
        self.players = list(start._players)
        self.blocks: list[list[int] | None] = [None, None]
        self.seen = 0
        self.cells: list[int] = []
        self.slots: list[int] = []
        self.cells_t: tuple[int | None, ...] = ()
        self.slots_t: tuple[str | None, ...] = ()
        self.reserve_t: tuple[str, ...] | None = None
        self.draws = draws
        self.unseen = list(start._unseen or ())
        self.unseen_at = (0, 0)  # refills and reveals taken off ``unseen`` so far

    def make(self, v: list[int]) -> DuelState:
        k = self.k
        n = v[k.LOGN]
        changed = [False, False]
        boxed = False
        held, box, entries = self.held, self.box, _entries(k)
        for e in v[k.LOG + self.seen:k.LOG + n]:
            p, what, item = entries[e]
            if what == _COUNTED:  # obelisks and pyramid stones: the counts in the block say it
                continue
            if what >= _BOXED:
                if what == _SPENT:
                    held[p][2].remove(item)  # `primitives.spend`: the first of its kind
                    changed[p] = True
                box.append(item)
                boxed = True
            else:
                held[p][what].append(item)
                changed[p] = True
        if boxed:
            self.box_t = tuple(self.box)
        self.seen = n
        for p in (0, 1):
            pb = k.P0 + k.PSTRIDE * p
            block = v[pb:pb + k.PSTRIDE]
            if changed[p] or block != self.blocks[p]:
                temple, tomb, actions = self.held[p]
                self.players[p] = _new_player((v[pb + k.OBEL], tuple(temple), v[pb + k.LIGHT], v[pb + k.DARK],
                                               tuple(tomb), tuple(actions), v[pb + k.MEEP]))
                self.blocks[p] = block
        s = _OpenState()
        cells, slots = v[k.CELLS:k.CELLS + 9], v[k.SLOTS:k.SLOTS + 18]
        if cells != self.cells:  # unchanged parts are shared with the last position, as `Work.freeze` shares
            self.cells, self.cells_t = cells, tuple(map(_OWNER.__getitem__, cells))
        if slots != self.slots:
            self.slots, self.slots_t = slots, tuple(map(_TOKEN.__getitem__, slots))
        s._cells = self.cells_t
        s._occ = v[k.OCC0] | v[k.OCC0 + 1]
        s._slots = self.slots_t
        s._live = v[k.LIVE]
        s._supply = self.start._supply
        s._scount = v[k.SCOUNT]
        rcount = v[k.RCOUNT]
        s._rcount = rcount
        if self.draws is None:
            if self.reserve_t is None or rcount != len(self.reserve_t):  # the reserve only shrinks from the top
                self.reserve_t = tuple(TOKEN_IDS[t] for t in v[k.RESERVE:k.RESERVE + rcount])
            s._reserve = self.reserve_t
            s._unseen = None
        else:  # transcription form: what is still face down, after the tokens turned up so far
            s._reserve = None
            s._unseen = self._unseen(SUPPLY_TOKENS - v[k.SCOUNT], RESERVE_TOKENS - rcount)
        s._box = self.box_t
        s._players = (self.players[0], self.players[1])
        s._to_move = v[k.TO_MOVE]
        s._over = bool(v[k.OVER])
        s._end = _ENDS[v[k.END]]
        s._first5 = None if v[k.FIRST5] < 0 else v[k.FIRST5]
        s._ply = v[k.PLY]
        s._passed = bool(v[k.PASSED])
        s._unloads = v[k.UNLOADS]
        s.__class__ = DuelState
        return s

    def _unseen(self, refilled: int, revealed: int) -> tuple[int, ...]:
        """The face-down counts once ``refilled`` refill tokens and ``revealed`` reveals are
        turned up (`primitives._draw_unseen`); positions come in order, so only the new ones."""
        refills, reveals = self.draws  # type: ignore[misc]  # transcription form
        done_refills, done_reveals = self.unseen_at
        if refilled < done_refills or revealed < done_reveals:  # an earlier position: from the start
            self.unseen, done_refills, done_reveals = list(self.start._unseen or ()), 0, 0
        for t in (*refills[done_refills:refilled], *reveals[done_reveals:revealed]):
            self.unseen[t] -= 1
        self.unseen_at = (refilled, revealed)
        return tuple(self.unseen)
