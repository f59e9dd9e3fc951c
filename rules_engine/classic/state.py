"""Base-game state: `ClassicState` (immutable, what callers hold) and `Work` (its mutable
twin that `actions.py` edits), as for the Duel (rules_engine/duel/state.py).

A state is tuples and ints; `apply_move` thaws the old state into a `Work`, runs the move on
it and freezes the result. Long sequences (replay, random playouts) keep one `Work` going.

Layout (the state's copies carry a leading underscore). Players are indices 0..n-1 in seat
order (F4 ``players``); sites are indices into `components.SITES`; cards into `CARD_IDS`.
- ``n`` players, ``sides`` per site "A"/"B", ``data`` the B-side `SiteData`, ``colours``;
- ``cards`` the 6 round cards (``transcribed``: those turned up so far); ``draws`` the market
  draws in order (F4 ``setup.market_draws``)
  and ``ndrawn`` how many are used; ``seed`` the F4 ``setup.seed`` when it is a whole number
  (it deals the draws beyond ``draws``, `deck.draw`), else None; ``deck``/``discard`` card
  counts per `CARD_IDS`;
- ``round`` 0-based (6 once over), ``caps`` the round's 4 ship capacities, ``slots`` 16 entries
  (ship ``s`` slot ``k`` at ``s*4 + k``, both 0-based; owner index or None), ``sailed`` per ship
  the site index it sailed to or -1, ``nsailed``;
- ``market`` face-up card ids left, ``pair`` the Market B pair (C6.1) while untaken;
- sites: ``pyr`` stones (owners) in delivery order (side A; side B: stones beside the complete
  pyramids), ``pyrb`` side B's three pyramids, ``temple`` and ``burial`` stones in delivery
  order, ``obel`` per player the obelisk height (A) or loose stones (B), ``towers`` (B) owners
  of the towers built, in order (tower ``k`` stands on the ``k``-th highest tower value);
- players: ``quarry``, ``sled``, ``track``, ``blue`` (card ids), ``green`` (decoration site
  ids), ``purple`` (statues), ``reached`` (bit per site index, C9);
- ``to_move``, ``first`` (the round's first player), ``passes`` (passes in succession),
  ``ply``, ``over``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rules_engine.classic.components import CARDS, ROUNDS, SITES
from rules_engine.frozen import FrozenState, SlotView, builder

if TYPE_CHECKING:
    from rules_engine.classic.sitedata import SiteData

CARD_IDS = tuple(CARDS)
CARD_INDEX = {c: i for i, c in enumerate(CARD_IDS)}
SITE_INDEX = {s: i for i, s in enumerate(SITES)}
MARKET, PYRAMIDS, TEMPLE, BURIAL, OBELISKS = range(5)
NO_SITE = -1

# Fields copied as they are (immutable values) / as flat lists / as lists of lists.
_SCALAR = (
    "n",
    "sides",
    "data",
    "colours",
    "cards",
    "seed",
    "transcribed",
    "ndrawn",
    "ndeck",
    "ndiscard",
    "round",
    "caps",
    "nsailed",
    "to_move",
    "first",
    "passes",
    "ply",
    "over",
)
_FLAT = (
    "deck",
    "discard",
    "slots",
    "sailed",
    "market",
    "pair",
    "pyr",
    "temple",
    "burial",
    "obel",
    "towers",
    "quarry",
    "sled",
    "track",
    "purple",
    "reached",
)
_NESTED = ("pyrb", "blue", "green")
_FIELDS = (*_SCALAR, "draws", *_FLAT, *_NESTED)
_PRIVATE = tuple("_" + f for f in _FIELDS)
# Compared by equality: everything but the board data (an immutable mapping that is the
# same for every state of one game).
_KEY = tuple("_" + f for f in _FIELDS if f != "data")


class ClassicState(FrozenState):
    """An immutable base-game position. Build one with `game.setup`, advance with
    `game.apply_move`. Equal states compare (and hash) equal."""

    __slots__ = _PRIVATE
    _KEY = _KEY
    # The slots' types, for the type checker (as `Work`'s, in tuples).
    _n: int
    _sides: tuple[str, ...]
    _data: SiteData
    _colours: tuple[str, ...]
    _cards: tuple[tuple[int, ...], ...]
    _seed: int | None
    _transcribed: bool
    _ndrawn: int
    _ndeck: int
    _ndiscard: int
    _round: int
    _caps: tuple[int, ...]
    _nsailed: int
    _first: int
    _passes: int
    _draws: tuple[str, ...]
    _deck: tuple[int, ...]
    _discard: tuple[int, ...]
    _slots: tuple[int | None, ...]
    _sailed: tuple[int, ...]
    _market: tuple[str, ...]
    _pair: tuple[str, ...]
    _pyr: tuple[int, ...]
    _temple: tuple[int, ...]
    _burial: tuple[int, ...]
    _obel: tuple[int, ...]
    _towers: tuple[int, ...]
    _quarry: tuple[int, ...]
    _sled: tuple[int, ...]
    _track: tuple[int, ...]
    _purple: tuple[int, ...]
    _reached: tuple[int, ...]
    _pyrb: tuple[tuple[int, ...], ...]
    _blue: tuple[tuple[str, ...], ...]
    _green: tuple[tuple[str, ...], ...]

    # ---- read-only accessors
    players = SlotView[int]("_n")
    colours = SlotView[tuple[str, ...]]("_colours")
    data: SlotView[SiteData] = SlotView("_data")  # (SiteData is imported for the type checker only)
    track = SlotView[tuple[int, ...]]("_track")
    sled = SlotView[tuple[int, ...]]("_sled")
    quarry = SlotView[tuple[int, ...]]("_quarry")
    deck_count = SlotView[int]("_ndeck")
    discard_count = SlotView[int]("_ndiscard")
    draws_used = SlotView[int]("_ndrawn", "How many of the record's market draws have been turned up.")
    transcribed = SlotView[bool]("_transcribed", "Recorded at the table (F4 setup.transcribed): cards as turned up.")

    @property
    def round(self) -> int:
        """1–6 (6 also once the game is over)."""
        return min(self._round + 1, ROUNDS)

    @property
    def sides(self) -> dict[str, str]:
        return dict(zip(SITES, self._sides, strict=True))

    @property
    def deck_left(self) -> dict[str, int]:
        """How many of each market card the next draw can turn up: the deck, or once it is
        empty the discards that will be shuffled into a new one (C7)."""
        return dict(zip(CARD_IDS, self._deck if self._ndeck else self._discard, strict=True))

    @property
    def round_cards(self) -> tuple[tuple[int, ...], ...]:
        """The round cards listed in the record (a transcribed game: those turned up so far)."""
        return tuple(self._cards)

    @property
    def market_draws(self) -> tuple[str, ...]:
        """The market draws known so far: the record's, then any dealt from its seed."""
        return tuple(self._draws)

    def __repr__(self) -> str:
        status = "over" if self._over else f"player {self._to_move} to move"
        return f"<ClassicState round {self.round}, ply {self._ply}, {status}, tracks {list(self._track)}>"

    def thaw(self) -> Work:
        """A mutable copy (for `actions`); the state itself is never changed."""
        w = Work.__new__(Work)
        get, put = self.__getattribute__, object.__setattr__
        for f in _SCALAR:
            put(w, f, get("_" + f))
        w.draws = self._draws
        for f in _FLAT:
            put(w, f, list(get("_" + f)))
        for f in _NESTED:
            put(w, f, [list(x) for x in get("_" + f)])
        w.rng = None
        return w


_OpenState = builder(ClassicState)


class Work:
    """Mutable game state, owned by whoever created it (one `apply_move` call, one replay or
    one playout). Same fields as `ClassicState` without the underscore, plus ``rng``: in a
    random playout, the `random.Random` that turns up market cards beyond ``draws`` (which is
    then a list the playout extends); None elsewhere."""

    __slots__ = (*_FIELDS, "rng")
    # The fields, for the type checker (the module docstring says what each holds).
    n: int
    sides: tuple[str, ...]
    data: SiteData
    colours: tuple[str, ...]
    cards: tuple[tuple[int, ...], ...]
    seed: int | None
    transcribed: bool
    ndrawn: int
    ndeck: int
    ndiscard: int
    round: int
    caps: tuple[int, ...]
    nsailed: int
    to_move: int
    first: int
    passes: int
    ply: int
    over: bool
    draws: list[str] | tuple[str, ...]
    deck: list[int]
    discard: list[int]
    slots: list[int | None]
    sailed: list[int]
    market: list[str]
    pair: list[str]
    pyr: list[int]
    temple: list[int]
    burial: list[int]
    obel: list[int]
    towers: list[int]
    quarry: list[int]
    sled: list[int]
    track: list[int]
    purple: list[int]
    reached: list[int]
    pyrb: list[list[int]]
    blue: list[list[str]]
    green: list[list[str]]
    rng: random.Random | None

    def freeze(self) -> ClassicState:
        # Written out field by field (a loop of object.__setattr__ calls cost 4 times as much, #40);
        # tests/engine/classic check that every field of _FIELDS survives thaw and freeze.
        s = _OpenState()
        s._n = self.n
        s._sides = self.sides
        s._data = self.data
        s._colours = self.colours
        s._cards = self.cards
        s._seed = self.seed
        s._transcribed = self.transcribed
        s._ndrawn = self.ndrawn
        s._ndeck = self.ndeck
        s._ndiscard = self.ndiscard
        s._round = self.round
        s._caps = self.caps
        s._nsailed = self.nsailed
        s._to_move = self.to_move
        s._first = self.first
        s._passes = self.passes
        s._ply = self.ply
        s._over = self.over
        s._draws = tuple(self.draws)
        s._deck = tuple(self.deck)
        s._discard = tuple(self.discard)
        s._slots = tuple(self.slots)
        s._sailed = tuple(self.sailed)
        s._market = tuple(self.market)
        s._pair = tuple(self.pair)
        s._pyr = tuple(self.pyr)
        s._temple = tuple(self.temple)
        s._burial = tuple(self.burial)
        s._obel = tuple(self.obel)
        s._towers = tuple(self.towers)
        s._quarry = tuple(self.quarry)
        s._sled = tuple(self.sled)
        s._track = tuple(self.track)
        s._purple = tuple(self.purple)
        s._reached = tuple(self.reached)
        s._pyrb = tuple(map(tuple, self.pyrb))
        s._blue = tuple(map(tuple, self.blue))
        s._green = tuple(map(tuple, self.green))
        s.__class__ = ClassicState
        return s

    def copy(self) -> Work:
        """An independent copy (the legal-move search tries moves on copies)."""
        w = Work.__new__(Work)
        put, get = object.__setattr__, self.__getattribute__
        for f in _SCALAR:
            put(w, f, get(f))
        w.draws = self.draws
        for f in _FLAT:
            put(w, f, list(get(f)))
        for f in _NESTED:
            put(w, f, [list(x) for x in get(f)])
        w.rng = self.rng
        return w


def blank_work(
    n: int,
    sides: tuple[str, ...],
    data: SiteData,
    colours: tuple[str, ...],
    cards: tuple[Any, ...],
    draws: list[str] | tuple[str, ...],
    deck: list[int],
) -> Work:
    """The fields of a fresh game before the first round starts (C2)."""
    w = Work.__new__(Work)
    w.n, w.sides, w.data, w.colours, w.cards = n, sides, data, colours, cards
    w.draws, w.ndrawn, w.seed, w.transcribed = draws, 0, None, False
    w.deck, w.ndeck = deck, sum(deck)
    w.discard, w.ndiscard = [0] * len(CARD_IDS), 0
    w.round, w.caps, w.slots, w.sailed, w.nsailed = 0, (), [None] * 16, [NO_SITE] * 4, 0
    w.market, w.pair = [], []
    w.pyr, w.pyrb, w.temple, w.burial = [], [[], [], []], [], []
    w.obel, w.towers = [0] * n, []
    w.quarry, w.sled, w.track = [0] * n, [0] * n, [0] * n
    w.blue, w.green = [[] for _ in range(n)], [[] for _ in range(n)]
    w.purple, w.reached = [0] * n, [0] * n
    w.to_move, w.first, w.passes, w.ply, w.over = 0, 0, 0, 0, False
    w.rng = None
    return w


def temple_tops(stones: list[int], width: int) -> list[int | None]:
    """C5.3: the top stone of each temple space (a full row starts a new level on top)."""
    n = len(stones)
    return [stones[i + width * ((n - 1 - i) // width)] if i < n else None for i in range(width)]
