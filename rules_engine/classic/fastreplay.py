"""The base game's compiled validated replay seen from Python (issue #40): a record's moves read
as `moveparse.parse_move` reads them, each turned into a kernel move code and its choices
(`encode`), checked and played by `kernel_replay.replay` with the record's market draws; the
positions stay kernel rows until one is looked at (`replay_positions.Positions`).

`replay` answers only records it can carry to the end. A malformed or illegal move, a draw the
record's list lacks (the pure engine deals it from the seed, or refuses), a transcribed game, a
position that is not a setup, a log that overflows, or a machine without numba: then
`record.replay` runs the pure engine, which is the reference and words every refusal.
tests/engine/test_classic_replay_kernel.py holds the two to the same positions and refusals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rules_engine import compiled
from rules_engine.classic import fastplay
from rules_engine.classic import kernel_layout as L
from rules_engine.classic.moveparse import parse_move
from rules_engine.classic.moves import (
    GetStones,
    Move,
    Pass,
    Place,
    PlayChisel,
    PlayHammer,
    PlayLever,
    PlaySail,
    Sail,
)
from rules_engine.classic.replay_positions import Positions
from rules_engine.classic.sitedata import SiteData
from rules_engine.classic.state import CARD_INDEX, SITE_INDEX, ClassicState
from rules_engine.errors import IllegalMoveError

# A move code's bit fields, as `kernel_replay` reads them (that module imports numba, so the
# numbers are written here too; a test holds them equal).
_SHIP, _SLOT, _SITE, _SHIP2, _SLOT2, _NORDER, _ORDER, _COUNTS = 4, 6, 8, 11, 13, 15, 18, 26
_TEMPLE = {"point": 0, "stones": 1}
_UNUSED: list[Any] = []
_CODES: dict[Move, tuple[int, tuple[int, ...]]] = {}  # a move's code and choice values, once per move


def _kernel() -> tuple[ModuleType, ...] | None:
    """(numpy, kernel_replay), or None where numba cannot be imported (logged once)."""
    if fastplay.kernel() is None:  # checks numba and keeps numba's cache of the kernels fresh
        return None
    return compiled.load(("numpy", "rules_engine.classic.kernel_replay"),
                         "the base game's compiled replay is off (%s): records replay in the pure engine")


def _take(value: Any) -> int:
    if value is None:
        return -1
    if type(value) is str:
        return CARD_INDEX[value]
    return L.PAIR_TAKE + CARD_INDEX[value[1]]  # ("pair", kept card)


def encode(m: Move) -> tuple[int, tuple[int, ...]] | None:
    """A move as (kernel move code, its choices' values: take, pyramids, bonus places, temple);
    None when it gives more choices of one kind than the kernel keeps."""
    if isinstance(m, Place):
        return L.K_PLACE | (m.ship - 1) << _SHIP | (m.slot - 1) << _SLOT, ()
    if isinstance(m, PlayHammer):
        return L.K_HAMMER | (m.ship - 1) << _SHIP | (m.slot - 1) << _SLOT, ()
    if isinstance(m, GetStones):
        return L.K_GET, ()
    if isinstance(m, PlayChisel):
        (s1, k1), (s2, k2) = m.places
        return L.K_CHISEL | (s1 - 1) << _SHIP | (k1 - 1) << _SLOT | (s2 - 1) << _SHIP2 | (k2 - 1) << _SLOT2, ()
    if isinstance(m, Sail):
        code = L.K_SAIL | (m.ship - 1) << _SHIP | SITE_INDEX[m.site] << _SITE
    elif isinstance(m, PlaySail):
        code = L.K_SAILC | (m.ship - 1) << _SHIP | (m.slot - 1) << _SLOT | SITE_INDEX[m.site] << _SITE
    elif isinstance(m, PlayLever):
        code = L.K_LEVER | (m.ship - 1) << _SHIP | SITE_INDEX[m.site] << _SITE | len(m.order) << _NORDER
        for i, k in enumerate(m.order):
            code |= (k - 1) << (_ORDER + 2 * i)
    else:
        assert isinstance(m, Pass)
        code = L.K_PASS
    lists = (tuple(_take(v) for v in m.take), tuple(m.pyramids),
             tuple(-1 if v is None else 4 * (v[0] - 1) + v[1] - 1 for v in m.bonus_places),
             tuple(_TEMPLE[v] for v in m.temple))
    if max(map(len, lists)) > L.CX_GMAX:  # (5 bits of count would hold 31)
        return None
    for c, values in enumerate(lists):
        code |= len(values) << (_COUNTS + 5 * c)
    return code, (*lists[0], *lists[1], *lists[2], *lists[3])


@dataclass
class Fast:
    """A compiled replay: ``positions`` and the moves read, or (``positions`` None) the index of
    the first move the kernel refused, ``refused``, for the pure engine to word."""

    positions: Positions | None
    moves: list[Move]
    refused: int | None = None


def replay(start: ClassicState, data: SiteData, variants: Sequence[str], raw_moves: Sequence[Any],
           every_state: bool) -> Fast | None:
    """``raw_moves`` (F4 dicts or moves) checked and played from the setup ``start`` by the
    kernel; None where it does not apply (see the module's docstring)."""
    loaded = _kernel()
    if loaded is None or start._ply != 0 or start._transcribed:
        return None
    np, kr = loaded
    moves: list[Move] = []
    codes: list[int] = []
    values: list[int] = []
    read, coded, given, known = moves.append, codes.append, values.extend, _CODES.get
    for raw in raw_moves:
        try:
            move = parse_move(raw)
        except IllegalMoveError:
            return Fast(None, moves, len(moves))
        hit = known(move)
        if hit is None:
            hit = encode(move)
            if hit is None:
                return None
            if len(_CODES) < 20_000:
                _CODES[move] = hit
        read(move)
        coded(hit[0])
        if hit[1]:
            given(hit[1])
    st = setup_array(start, data, variants)
    draws = np.array([len(start._draws), *[CARD_INDEX[c] for c in start._draws]], dtype=np.int64)
    rows = np.empty((len(codes) + 1 if every_state else 0, L.LOG), dtype=np.int64)
    if every_state:
        rows[0] = st[: L.LOG]
    if not _UNUSED:  # the kernel functions take a generator; a replay never draws from it
        _UNUSED.append(np.random.Generator(np.random.PCG64(0)))
    done = kr.replay(st, np.array(codes, dtype=np.int64), np.array(values, dtype=np.int64), draws, rows, _UNUSED[0])
    if done < len(codes):
        return Fast(None, moves, done)
    if st[L.LOGN] > L.LOG_LEN or st[L.NBURIAL] > L.MAX_BURIAL:
        return None  # more arrivals than the kernel keeps in order
    log = st[L.LOG : L.LOG + st[L.LOGN]].tolist()
    if every_state:
        return Fast(Positions(start, rows, log, made={0: start}), moves)
    last = st[: L.LOG].reshape(1, L.LOG) if codes else None
    return Fast(Positions(start, last, log, made={} if codes else {0: start}), moves)


_TEMPLATES: dict[tuple[Any, ...], tuple[SiteData, Any]] = {}  # per kind of game: its board data and setup array


def setup_array(start: ClassicState, data: SiteData, variants: Sequence[str]) -> Any:
    """A record's setup position (`game.new_state`) as the kernel's array: every round card
    listed (the kernel starts each round from them), the deck, the market and the stones as
    dealt; the rest (board data, sides) is the same for every game of its kind."""
    key = (start._n, start._sides, tuple(variants))
    kept = _TEMPLATES.get(key)
    if kept is None or kept[0] is not data:
        kept = _TEMPLATES[key] = (data, fastplay.to_array(start, data, variants)[0])
    st = kept[1].copy()
    n = start._n
    cards = start._cards
    st[L.NCARDS] = len(cards)
    st[L.CARDS : L.CARDS + 4 * len(cards)] = [cap for card in cards for cap in card]
    st[L.CAPS : L.CAPS + 4] = start._caps
    st[L.TO_MOVE], st[L.FIRST] = start._to_move, start._first
    st[L.DECK : L.DECK + 12] = start._deck
    st[L.NDECK], st[L.NDRAWN] = start._ndeck, start._ndrawn
    st[L.NMARKET], st[L.NPAIR] = len(start._market), len(start._pair)
    st[L.MARKET : L.MARKET + len(start._market)] = [CARD_INDEX[c] for c in start._market]
    st[L.PAIR : L.PAIR + len(start._pair)] = [CARD_INDEX[c] for c in start._pair]
    st[L.QUARRY : L.QUARRY + n] = start._quarry
    st[L.SLED : L.SLED + n] = start._sled
    return st
