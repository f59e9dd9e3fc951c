"""Which moves are legal (duel.md D4), without trying them.

Legality depends on little: which cells hold meeples (``occ``), which boats are in play
(``live``), whether the supply is empty, the mover's meeples and action tokens, and, for
take-token and swap-unload only, what lies on the boats. So the legal moves of a position
are a few *menus*, one per move kind, most of them cached table entries; their sizes give
the number of legal moves without building a single `Move`.

Order of `legal_moves` (the contract `move_at` and the random playout rely on): place by
cell, unload by boat, take-token by boat and slot, place-meeples (pairs, then triples),
place-unload by cell then first boat (single unload before its pairs), swap-unload by
boat, slot pair, then unloaded boat. `Pass` only when the list would be empty (D4.4).
"""

from __future__ import annotations

from typing import Any

from rules_engine.duel.harbor import (
    BITS,
    BOATS,
    CELLS,
    EMPTY,
    POPCOUNT,
    SLOT_PAIRS,
    UNLOADABLE,
    place_meeples_menu,
    place_unload_menu,
)
from rules_engine.duel.moves import (
    Move,
    Pass,
    Place,
    PlaceMeeples,
    PlaceUnload,
    SwapUnload,
    TakeToken,
    Unload,
)
from rules_engine.duel.state import Work
from rules_engine.duel.tokens import (
    ACTION_SET,
    PLACE_MEEPLES,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE_TOKEN,
    TOKEN_IDS,
)

#: Tokens take-token may take (D4.3: anything but an action token).
TAKEABLE = frozenset(t for t in TOKEN_IDS if t not in ACTION_SET)

# Category numbers, in `legal_moves` order.
PLACE, UNLOAD, TAKE, PLACE_MEEPLES_K, PLACE_UNLOAD_K, SWAP = range(6)

# Menus that depend only on masks are built once per key and kept (a few thousand keys
# at most in practice; each entry is a tuple of small ints or of cell tuples).
_PM_CACHE: dict[int, tuple[Any, ...]] = {}
_PU_CACHE: dict[int, tuple[Any, ...]] = {}


def menus(w: Work) -> tuple[Any, ...]:
    """(place cells, unload boats, take slot indices, place-meeples cell tuples,
    place-unload packed ints, swap (boat, slot0, slot1) triples) for the player to move.
    Swap-unload moves are every swap triple combined with every unload boat."""
    pw = w.players[w.to_move]
    occ, live, meeples = w.occ, w.live, pw.meeples
    place = EMPTY[occ] if meeples else ()  # D4.1 (8 meeples never fill 9 cells)
    unl = BITS[UNLOADABLE[occ] & live]  # D4.2
    acts = pw.actions
    if not acts:
        return place, unl, (), (), (), ()
    take: tuple[int, ...]
    pm: tuple[tuple[int, ...], ...] | None
    pu: tuple[int, ...] | None
    swaps: tuple[tuple[int, int, int], ...]
    take = pm = pu = swaps = ()
    if TAKE_TOKEN in acts:
        take = tuple(i for i, t in enumerate(w.slots) if t in TAKEABLE)
    if PLACE_MEEPLES in acts and meeples >= 2:
        most = 3 if meeples >= 3 else 2
        key = occ << 2 | most
        pm = _PM_CACHE.get(key)
        if pm is None:
            pm = _PM_CACHE[key] = place_meeples_menu(occ, most)
    if PLACE_UNLOAD in acts and meeples:
        # D4.2 step 5: with the supply empty and two boats left, the first unload ends it all.
        first_ends = w.scount == 0 and POPCOUNT[live] == 2
        key = occ | live << 9 | first_ends << 15
        pu = _PU_CACHE.get(key)
        if pu is None:
            pu = _PU_CACHE[key] = place_unload_menu(occ, live, first_ends)
    if SWAP_UNLOAD in acts and unl:
        slots = w.slots
        swaps = tuple((b, x, y) for b in BITS[live] for x, y in SLOT_PAIRS
                      if slots[b * 3 + x] is not None and slots[b * 3 + y] is not None)
    return place, unl, take, pm, pu, swaps


def count(m: tuple[Any, ...]) -> int:
    """Number of legal moves other than pass, from `menus`."""
    place, unl, take, pm, pu, swaps = m
    return len(place) + len(unl) + len(take) + len(pm) + len(pu) + len(swaps) * len(unl)


def locate(m: tuple[Any, ...], r: int) -> tuple[int, object]:
    """The ``r``-th legal move (0 <= r < count(m)) as (category, menu item); for SWAP the
    item is ((boat, slot0, slot1), unload boat)."""
    for cat in range(5):
        n = len(m[cat])
        if r < n:
            return cat, m[cat][r]
        r -= n
    unl = m[UNLOAD]
    q, u = divmod(r, len(unl))
    return SWAP, (m[SWAP][q], unl[u])


def build(cat: int, item: Any) -> Move:
    """The `Move` for a menu item."""
    if cat == PLACE:
        return Place(CELLS[item])
    if cat == UNLOAD:
        return Unload(BOATS[item])
    if cat == TAKE:
        return TakeToken(BOATS[item // 3], item % 3 + 1)
    if cat == PLACE_MEEPLES_K:
        return PlaceMeeples(tuple(CELLS[c] for c in item))
    if cat == PLACE_UNLOAD_K:
        return PlaceUnload(CELLS[item & 15], unpack_boats(item))
    (b, x, y), u = item
    return SwapUnload(BOATS[b], (x + 1, y + 1), BOATS[u])


def unpack_boats(packed: int) -> tuple[str, ...]:
    b1, b2 = packed >> 4 & 7, (packed >> 7) - 1
    return (BOATS[b1],) if b2 < 0 else (BOATS[b1], BOATS[b2])


def move_at(w: Work, r: int) -> Move:
    """``legal_moves_of(w)[r]`` without building the whole list."""
    m = menus(w)
    n = count(m)
    if n == 0 and r == 0:
        return Pass()
    if not 0 <= r < n:
        raise IndexError(f"move index {r} out of range 0..{n - 1}")
    return build(*locate(m, r))


def legal_moves_of(w: Work) -> list[Move]:
    if w.over:
        return []
    place, unl, take, pm, pu, swaps = menus(w)
    out: list[Move] = [Place(CELLS[c]) for c in place]
    out += [Unload(BOATS[b]) for b in unl]
    out += [build(TAKE, i) for i in take]
    out += [build(PLACE_MEEPLES_K, c) for c in pm]
    out += [build(PLACE_UNLOAD_K, x) for x in pu]
    out += [build(SWAP, (s, u)) for s in swaps for u in unl]
    return out or [Pass()]


def first_legal(w: Work) -> Move | None:
    """Some legal move other than pass, or None (then the player must pass, D4.4)."""
    m = menus(w)
    return build(*locate(m, 0)) if count(m) else None
