"""The positions of the base game's compiled replay (issue #40): `Positions`, the sequence
`Replay.states` is when `fastreplay` replayed a record, makes a `ClassicState` of a kernel row
(`kernel_layout`) the first time it is looked at (`_Maker`).

The kernel's counts lose the order stones and cards arrive in, which a `ClassicState` keeps (its
pyramids, temple, towers, blue and green lists): that is read from the arrival log
(`kernel_choice.logged`), of which each row's LOGN entries had been written.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.classic.compiled import kernel_layout as L
from rules_engine.classic.deliveries import DECORATION
from rules_engine.classic.state import CARD_IDS, ClassicState, _OpenState
from rules_engine.kernel_positions import KernelPositions

_CARD: dict[int, str] = dict(enumerate(CARD_IDS))


class Positions(KernelPositions[ClassicState]):
    """The positions of a compiled base-game replay (`KernelPositions`); ``log``: the arrival
    log of the replay's last position (a list); ``dealt``: a seeded game's cards dealt beyond its
    listed draws (card indices)."""

    __slots__ = ("_dealt", "_log")

    def __init__(self, start: ClassicState, rows: object, log: list[int], dealt: Sequence[int] = (),
                 tail: Sequence[ClassicState] = (), made: dict[int, ClassicState] | None = None) -> None:
        super().__init__(start, rows, tail, made)
        self._log = log
        self._dealt = tuple(dealt)

    def _maker(self) -> _Maker:
        return _Maker(self._start, self._log, self._dealt)

    def _with_tail(self, tail: Sequence[ClassicState]) -> Positions:
        return Positions(self._start, self._rows, self._log, self._dealt, tail, self._made)


class _Maker:
    """Makes the positions of one replay from ``start`` (a setup) and the log: the lists as of
    the last position made, carried forward (or begun again for an earlier one)."""

    __slots__ = ("blue", "dealt", "done", "draws", "green", "log", "pyr", "pyrb", "start", "temple", "towers")

    def __init__(self, start: ClassicState, log: list[int], dealt: Sequence[int] = ()) -> None:
        self.start, self.log = start, log
        self.dealt = tuple(_CARD[c] for c in dealt)
        self.draws = start._draws
        self._begin()

    def _begin(self) -> None:
        s = self.start
        self.done = 0
        self.pyr, self.temple, self.towers = list(s._pyr), list(s._temple), list(s._towers)
        self.pyrb = [list(x) for x in s._pyrb]
        self.blue = [list(x) for x in s._blue]
        self.green = [list(x) for x in s._green]

    def _catch_up(self, n: int) -> None:
        """The log's entries up to ``n`` applied to the lists."""
        if n < self.done:
            self._begin()
        for e in self.log[self.done : n]:
            kind, p, value = e >> 16, e >> 8 & 255, e & 255
            if kind == L.L_PYR:
                self.pyr.append(p)
            elif kind == L.L_TEMPLE:
                self.temple.append(p)
            elif kind == L.L_PYRB:
                self.pyrb[value].append(p)
            elif kind == L.L_TOWER:
                self.towers.append(p)
            elif kind == L.L_BLUE:
                self.blue[p].append(_CARD[value])
            elif kind == L.L_SPEND:
                self.blue[p].remove(_CARD[value])  # as `deck.spend`: the first one held
            else:
                self.green[p].append(DECORATION[value])
        self.done = n

    def make(self, v: list[int]) -> ClassicState:
        """The `ClassicState` of kernel row ``v`` (a list)."""
        self._catch_up(v[L.LOGN])
        start, n = self.start, self.start._n
        s = _OpenState()
        s._n, s._sides, s._data, s._colours = n, start._sides, start._data, start._colours
        s._cards, s._seed, s._transcribed = start._cards, start._seed, start._transcribed
        ndrawn = v[L.NDRAWN]
        s._ndrawn, s._ndeck, s._ndiscard = ndrawn, v[L.NDECK], v[L.NDISCARD]
        listed = len(start._draws)
        if max(ndrawn, listed) != len(self.draws):  # a seeded game's draws grow as they are dealt (`deck.draw`)
            self.draws = start._draws + self.dealt[: max(0, ndrawn - listed)]
        s._draws = self.draws
        over = v[L.OVER] == 1
        s._round, s._over, s._nsailed, s._ply = v[L.ROUND], over, v[L.NSAILED], v[L.PLY]
        s._caps = () if over else tuple(v[L.CAPS : L.CAPS + 4])
        s._to_move, s._first, s._passes = v[L.TO_MOVE], v[L.FIRST], v[L.PASSES]
        s._deck = tuple(v[L.DECK : L.DECK + 12])
        s._discard = tuple(v[L.DISCARD : L.DISCARD + 12])
        s._slots = tuple(None if x < 0 else x for x in v[L.SLOTS : L.SLOTS + 16])
        s._sailed = tuple(v[L.SAILED : L.SAILED + 4])
        s._market = tuple(_CARD[c] for c in v[L.MARKET : L.MARKET + v[L.NMARKET]])
        s._pair = tuple(_CARD[c] for c in v[L.PAIR : L.PAIR + v[L.NPAIR]])
        s._pyr, s._temple, s._towers = tuple(self.pyr), tuple(self.temple), tuple(self.towers)
        s._burial = tuple(v[L.BURIAL : L.BURIAL + v[L.NBURIAL]])
        s._obel = tuple(v[L.OBEL : L.OBEL + n])
        s._quarry = tuple(v[L.QUARRY : L.QUARRY + n])
        s._sled = tuple(v[L.SLED : L.SLED + n])
        s._track = tuple(v[L.TRACK : L.TRACK + n])
        s._purple = tuple(v[L.PURPLE : L.PURPLE + n])
        s._reached = tuple(v[L.REACHED : L.REACHED + n])
        s._pyrb = tuple(map(tuple, self.pyrb))
        s._blue = tuple(map(tuple, self.blue))
        s._green = tuple(map(tuple, self.green))
        s.__class__ = ClassicState
        return s
