"""Duel game state: `DuelState` (immutable, compact, what callers hold) and `Work` (its
mutable twin that the action code in `primitives.py` and `turns.py` edits).

A state is a handful of tuples and ints, so a new state costs a few tuple copies and never
a deepcopy: `apply_move` thaws the old state into a `Work`, runs the move on it and freezes
the result. Long sequences (replay, random playouts) keep one `Work` going.

Internal layout (shared by both classes; the state's copies carry a leading underscore):
``cells`` 9 entries, the owner (0/1) of the meeple on each cell or None; ``occ`` the same
as a bit mask; ``slots`` 18 token ids or None, boat ``b`` slot ``s`` at ``b*3 + s-1``;
``live`` bit mask of boats in play; ``supply`` the known draw order still to come (None
when recording a physical game, F2 transcription form) and ``scount`` its length;
``reserve`` bottom-to-top (None when unknown) and ``rcount``; ``unseen`` (transcription
form only) counts per `tokens.TOKEN_IDS` of tokens not yet seen, i.e. in supply or reserve.
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from rules_engine.duel.harbor import BOATS, CELLS
from rules_engine.duel.tokens import TOKEN_IDS
from rules_engine.frozen import FrozenState, SlotView, builder

MEEPLES = 4  # D1


class PlayerState(NamedTuple):
    """One player's holdings. ``temple`` and ``tomb`` list values/numbers in the order
    received; ``action_tokens`` the unused action token ids (D5)."""

    obelisk: int
    temple: tuple[int, ...]
    pyramid_light: int
    pyramid_dark: int
    tomb: tuple[int, ...]
    action_tokens: tuple[str, ...]
    meeples_in_supply: int

    @property
    def meeples_on_harbor(self) -> int:
        return MEEPLES - self.meeples_in_supply


_FIELDS = ("cells", "occ", "slots", "live", "supply", "scount", "reserve", "rcount", "unseen",
           "box", "players", "to_move", "over", "end", "first5", "ply", "passed", "unloads")
_PRIVATE = tuple("_" + f for f in _FIELDS)


class DuelState(FrozenState):
    """An immutable Duel position. Build one with `game.new_game`, advance with
    `game.apply_move`. Equal states compare equal (and hash equal)."""

    __slots__ = _PRIVATE
    _KEY = _PRIVATE
    # The slots' types, for the type checker (the module docstring says what each holds).
    _cells: tuple[int | None, ...]
    _occ: int
    _slots: tuple[str | None, ...]
    _live: int
    _supply: tuple[str, ...] | None
    _scount: int
    _reserve: tuple[str, ...] | None
    _rcount: int
    _unseen: tuple[int, ...] | None
    _box: tuple[str, ...]
    _players: tuple[PlayerState, PlayerState]
    _end: str | None
    _first5: int | None
    _passed: bool
    _unloads: int

    # ---- read-only accessors (the replay viewer and the API use these)
    end_reason = SlotView[str | None]("_end", 'None while running; "last-boat" (D4.2 step 5 / D8) or "passes" (D4.4).')
    players = SlotView[tuple[PlayerState, PlayerState]]("_players")
    supply_count = SlotView[int]("_scount")
    reserve_count = SlotView[int]("_rcount")
    box = SlotView[tuple[str, ...]]("_box", "Tokens out of the game (D4.2 step 3 leftovers, played action "
                                            "tokens), in order.")
    first_to_five = SlotView[int | None]("_first5", "The player who first held 5 obelisk tokens (D7.1 B), or None.")
    unloads = SlotView[int]("_unloads", "Unloads done so far (D10: at most 18).")
    reserve = SlotView[tuple[str, ...] | None]("_reserve", "The reserve bottom to top (D3.3); None in "
                                                           "transcription form.")

    @property
    def boats(self) -> dict[str, tuple[str | None, str | None, str | None] | None]:
        """boat id -> (slot 1, slot 2, slot 3) token ids, or None once the boat is removed."""
        s, live = self._slots, self._live
        return {name: (s[b * 3], s[b * 3 + 1], s[b * 3 + 2]) if live >> b & 1 else None
                for b, name in enumerate(BOATS)}

    @property
    def harbor(self) -> dict[str, int | None]:
        """cell -> index of the player whose meeple stands there, or None."""
        return dict(zip(CELLS, self._cells, strict=True))

    @property
    def transcription(self) -> bool:
        """True when the draw order is unknown (F2 "Recording a physical game")."""
        return self._supply is None

    @property
    def supply(self) -> tuple[str, ...] | None:
        """The known draws still to come, next first; None in transcription form."""
        return None if self._supply is None else self._supply[len(self._supply) - self._scount:]

    @property
    def unseen(self) -> dict[str, int] | None:
        """Transcription form: token id -> how many are still face down (supply + reserve)."""
        if self._unseen is None:
            return None
        return {t: n for t, n in zip(TOKEN_IDS, self._unseen, strict=True) if n}

    def __repr__(self) -> str:
        status = f"over ({self._end})" if self._over else f"player {self._to_move} to move"
        return (f"<DuelState ply {self._ply}, {status}, supply {self._scount}, "
                f"boats in play {bin(self._live).count('1')}>")

    def thaw(self) -> Work:
        """A mutable copy (for `primitives` and `turns`); the state itself is never changed."""
        w = Work.__new__(Work)
        w.cells = list(self._cells)
        w.occ = self._occ
        w.slots = list(self._slots)
        w.live = self._live
        w.supply = self._supply
        w.scount = self._scount
        w.reserve = None if self._reserve is None else list(self._reserve)
        w.rcount = self._rcount
        w.unseen = None if self._unseen is None else list(self._unseen)
        w.box = list(self._box)
        w.players = [PlayerWork(p) for p in self._players]
        w.to_move = self._to_move
        w.over = self._over
        w.end = self._end
        w.first5 = self._first5
        w.ply = self._ply
        w.passed = self._passed
        w.unloads = self._unloads
        return w


class PlayerWork:
    """Mutable `PlayerState` inside a `Work`. ``frozen`` is the `PlayerState` equal to it, kept
    while nothing changes it (structural sharing: a ply leaves most players as they were, and
    their frozen copies are shared from position to position, #40); every step that changes a
    player's holdings (`primitives.receive`, `place`, `unload`, `spend`) sets it to None."""

    __slots__ = ("actions", "dark", "frozen", "light", "meeples", "obelisk", "temple", "tomb")

    def __init__(self, p: PlayerState):
        self.obelisk = p.obelisk
        self.temple = list(p.temple)
        self.light = p.pyramid_light
        self.dark = p.pyramid_dark
        self.tomb = list(p.tomb)
        self.actions = list(p.action_tokens)
        self.meeples = p.meeples_in_supply
        self.frozen: PlayerState | None = p

    def freeze(self) -> PlayerState:
        p = self.frozen
        if p is None:
            p = self.frozen = _new_player((self.obelisk, tuple(self.temple), self.light, self.dark,
                                           tuple(self.tomb), tuple(self.actions), self.meeples))
        return p


_new_player = partial(tuple.__new__, PlayerState)  # PlayerState(*fields) without its Python-level __new__
_OpenState = builder(DuelState)


class Work:
    """Mutable game state, owned by whoever created it (one `apply_move` call, one replay
    or one playout). Same fields as `DuelState`, without the underscore."""

    __slots__ = _FIELDS
    # The fields, for the type checker (the module docstring says what each holds).
    cells: list[int | None]
    occ: int
    slots: list[str | None]
    live: int
    supply: tuple[str, ...] | None
    scount: int
    reserve: list[str] | None
    rcount: int
    unseen: list[int] | None
    box: list[str]
    players: list[PlayerWork]
    to_move: int
    over: bool
    end: str | None
    first5: int | None
    ply: int
    passed: bool
    unloads: int

    def freeze(self) -> DuelState:
        s = _OpenState()
        s._cells = tuple(self.cells)
        s._occ = self.occ
        s._slots = tuple(self.slots)
        s._live = self.live
        s._supply = self.supply
        s._scount = self.scount
        s._reserve = None if self.reserve is None else tuple(self.reserve)
        s._rcount = self.rcount
        s._unseen = None if self.unseen is None else tuple(self.unseen)
        s._box = tuple(self.box)
        p0, p1 = self.players
        s._players = (p0.frozen or p0.freeze(), p1.frozen or p1.freeze())  # a shared copy without a call
        s._to_move = self.to_move
        s._over = self.over
        s._end = self.end
        s._first5 = self.first5
        s._ply = self.ply
        s._passed = self.passed
        s._unloads = self.unloads
        s.__class__ = DuelState
        return s


def initial_work(slots: list[str], supply: tuple[str, ...] | None, reserve: list[str] | None,
                 unseen: list[int] | None) -> Work:
    """The D3 position: boats loaded, reserve of 3, 39 in supply, all meeples at home,
    player 0 (the starting player, F2 ``players[0]``) to move."""
    w = Work.__new__(Work)
    w.cells = [None] * 9
    w.occ = 0
    w.slots = list(slots)
    w.live = 0b111111
    w.supply = supply
    w.scount = 39
    w.reserve = reserve
    w.rcount = 3
    w.unseen = unseen
    w.box = []
    empty = PlayerState(0, (), 0, 0, (), (), MEEPLES)
    w.players = [PlayerWork(empty), PlayerWork(empty)]
    w.to_move = 0
    w.over = False
    w.end = None
    w.first5 = None
    w.ply = 0
    w.passed = False
    w.unloads = 0
    return w
