"""The base game's compiled validated replay seen from Python (issue #40): a record's moves read
as `moveparse.parse_move` reads them, each turned into a kernel move code and its choices
(`encode`), checked and played by `kernel_replay.replay` with the record's market draws; the
positions stay kernel rows until one is looked at (`replay_positions.Positions`).

`replay` answers only records it can carry to the end. A malformed or illegal move, a draw or
round card the record's lists lack (a game transcribed at the table lists the cards as they were
turned up), board data beyond the kernel's sizes (`fastplay.supported`), a position that is not
a setup, a log that overflows, or a machine without numba: then `record.replay` runs the pure
engine, which is the reference and words every refusal. A seeded game's draws beyond its list
are dealt here as `deck.draw` deals them, and the replay runs again with them (`_deals`).
tests/engine/test_classic_replay_kernel.py holds the two to the same positions and refusals.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, cast

from rules_engine import compiled
from rules_engine.classic.compiled import fastplay
from rules_engine.classic.compiled import kernel_layout as L
from rules_engine.classic.deck import card_at, dealt_index
from rules_engine.classic.moveparse import _BARE, _PLACES, _SAILS, parse_move
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
from rules_engine.moves import MEMO_LIMIT, memo_key

# A move code's bit fields, as `kernel_replay` reads them (that module imports numba, so the
# numbers are written here too; a test holds them equal).
_SHIP, _SLOT, _SITE, _SHIP2, _SLOT2, _NORDER, _ORDER, _COUNTS = 4, 6, 8, 11, 13, 15, 18, 26
_TEMPLE = {"point": 0, "stones": 1}
_UNUSED: list[Any] = []
# A move dict read straight to (move, code, choices' values): plain places, sails, get-stones and
# passes by their fields, any other dict of plain values by `memo_key`, once per process.
Hit = tuple[Move, int, tuple[int, ...]]
_PLACE_HITS: dict[tuple[int, int], Hit] = {}
_SAIL_HITS: dict[tuple[int, str], Hit] = {}
_BARE_HITS: dict[str, Hit] = {}
_MEMO: dict[Hashable, Hit] = {}


def _prepare() -> None:
    for table, prebuilt in ((_PLACE_HITS, _PLACES), (_SAIL_HITS, _SAILS), (_BARE_HITS, _BARE)):
        for key, move in prebuilt.items():
            code, values = cast("tuple[int, tuple[int, ...]]", encode(move))
            table[key] = (move, code, values)  # type: ignore[index]


def _kernel() -> tuple[ModuleType, ...] | None:
    """(numpy, kernel_replay), or None where numba cannot be imported (logged once)."""
    if fastplay.kernel() is None:  # checks numba and keeps numba's cache of the kernels fresh
        return None
    return compiled.load(("numpy", "rules_engine.classic.compiled.kernel_replay"),
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
    if loaded is None or start._ply != 0 or not fastplay.supported(start):
        return None
    np, kr = loaded
    moves: list[Move] = []
    codes: list[int] = []
    values: list[int] = []
    if not _BARE_HITS:  # filled last
        _prepare()
    read, coded, given = moves.append, codes.append, values.extend
    places, sails, bare, memo = _PLACE_HITS.get, _SAIL_HITS.get, _BARE_HITS.get, _MEMO.get
    for raw in raw_moves:
        hit = key = None
        if type(raw) is dict:  # `moveparse._known`'s shapes inlined (#40: the hot loop), then the memo
            n = len(raw)
            kind = raw.get("type")
            if n == 3 and kind == "place":
                a, b = raw.get("ship"), raw.get("slot")
                hit = places((a, b)) if type(a) is int and type(b) is int else None
            elif n == 3 and kind == "sail":
                a, b = raw.get("ship"), raw.get("site")
                hit = sails((a, b)) if type(a) is int and type(b) is str else None
            elif n == 1:
                hit = bare(kind) if type(kind) is str else None
            if hit is None:
                key = memo_key(raw)
                hit = memo(key) if key is not None else None
        if hit is None:
            try:
                move = parse_move(raw)
            except IllegalMoveError:
                return Fast(None, moves, len(moves))
            coding = encode(move)
            if coding is None:
                return None
            hit = (move, *coding)
            if key is not None and len(_MEMO) < MEMO_LIMIT:
                _MEMO[key] = hit
        read(hit[0])
        coded(hit[1])
        if hit[2]:
            given(hit[2])
    if not _UNUSED:  # the kernel functions take a generator; a replay never draws from it
        _UNUSED.append(np.random.Generator(np.random.PCG64(0)))
    code_array, value_array = np.array(codes, dtype=np.int64), np.array(values, dtype=np.int64)
    listed = [CARD_INDEX[c] for c in start._draws]
    dealt: list[int] = []  # a seeded game's cards beyond its list, as `deck.draw` deals them
    rows = np.empty((len(codes) + 1 if every_state else 0, L.LOG), dtype=np.int64)
    while True:
        st = setup_array(start, data, variants)
        if every_state:
            rows[0] = st[: L.LOG]
        cx = np.zeros(L.CX_SIZE, dtype=np.int64)
        draws = np.array([len(listed) + len(dealt), *listed, *dealt], dtype=np.int64)
        done = kr.replay(st, code_array, value_array, draws, rows, _UNUSED[0], cx)
        if done == len(codes) or not _deals(start, st, cx, dealt):
            break
    if st[L.LOGN] > L.LOG_LEN or st[L.NBURIAL] > L.MAX_BURIAL:
        return None  # more arrivals than the kernel keeps in order
    if done < len(codes):
        return Fast(None, moves, done)
    log = st[L.LOG : L.LOG + st[L.LOGN]].tolist()
    if every_state:
        return Fast(Positions(start, rows, log, dealt, made={0: start}), moves)
    last = st[: L.LOG].reshape(1, L.LOG) if codes else None
    return Fast(Positions(start, last, log, dealt, made={} if codes else {0: start}), moves)


def _deals(start: ClassicState, st: Any, cx: Any, dealt: list[int]) -> bool:
    """A seeded game (F4 ``setup.seed``, not transcribed) whose replay stopped at a draw beyond
    the listed ones: that card dealt from the seed as `deck.draw` deals it (`deck.dealt_index`,
    from the deck as it stands at that draw, which the refused move left as it was), so the
    replay can run again with it. False for any other stop."""
    if start._seed is None or start._transcribed or not cx[L.CX_ERR] & L.ERR_SHORT or len(dealt) > 64:
        return False
    deck = st[L.DECK : L.DECK + 12].tolist()
    dealt.append(card_at(deck, dealt_index(start._seed, int(st[L.NDRAWN]), int(st[L.NDECK]))))
    return True


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
