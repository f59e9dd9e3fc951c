"""duel.md D10: what must hold in every reachable position. Tests call `check_invariants`
after every ply of random games; it raises AssertionError naming the broken invariant
(explicit raises, so it also works under ``python -O``)."""

from __future__ import annotations

from collections import Counter
from typing import cast

from rules_engine.duel.harbor import BOATS, POPCOUNT
from rules_engine.duel.state import MEEPLES, DuelState
from rules_engine.duel.tokens import (
    FULL_COUNTER,
    OBELISK,
    PYRAMID_DARK,
    PYRAMID_LIGHT,
    TEMPLES,
    TOKEN_IDS,
    TOMBS,
)

MAX_UNLOADS = 18  # 13 refills + 5 removals


def _fail(invariant: str, detail: str) -> None:
    raise AssertionError(f"D10 {invariant}: {detail}")


def _seen_tokens(state: DuelState) -> Counter[str]:
    """Every token whose place is known: boats, monuments, action piles, box."""
    seen: Counter[str] = Counter(t for t in state._slots if t is not None)
    seen.update(state.box)
    for p in state.players:
        seen[OBELISK] += p.obelisk
        seen[PYRAMID_LIGHT] += p.pyramid_light
        seen[PYRAMID_DARK] += p.pyramid_dark
        seen.update(TEMPLES[v - 1] for v in p.temple)
        seen.update(TOMBS[n - 1] for n in p.tomb)
        seen.update(p.action_tokens)
    return seen


def check_tokens(state: DuelState) -> None:
    """Each of the 60 tokens is in exactly one place."""
    seen = _seen_tokens(state)
    if state.transcription:
        unseen = cast("tuple[int, ...]", state._unseen)  # counted in transcription form
        if sum(unseen) != state.supply_count + state.reserve_count:
            _fail("token conservation", f"{sum(unseen)} tokens unseen but supply {state.supply_count}"
                                        f" + reserve {state.reserve_count}")
        seen.update({t: n for t, n in zip(TOKEN_IDS, unseen, strict=True) if n})
    else:
        # Known in the full form.
        supply, reserve = cast("tuple[str, ...]", state.supply), cast("tuple[str, ...]", state.reserve)
        if len(supply) != state.supply_count or len(reserve) != state.reserve_count:
            _fail("token conservation", "supply/reserve length disagrees with the counts")
        seen.update(supply)
        seen.update(reserve)
    if seen != FULL_COUNTER:
        extra = seen - FULL_COUNTER
        missing = FULL_COUNTER - seen
        _fail("token conservation", f"too many {dict(extra)}, missing {dict(missing)}")


def check_meeples(state: DuelState) -> None:
    """Exactly 8 meeples: each in its owner's supply or on one cell."""
    on = Counter(p for p in state._cells if p is not None)
    for i, p in enumerate(state.players):
        if p.meeples_in_supply + on[i] != MEEPLES:
            _fail("meeples", f"player {i} has {p.meeples_in_supply} in supply and {on[i]} on the "
                             f"harbor, not {MEEPLES}")
    occ = sum(1 << c for c, p in enumerate(state._cells) if p is not None)
    if occ != state._occ:
        _fail("meeples", "occupancy mask disagrees with the cells")


def check_boats(state: DuelState) -> None:
    """Supply a multiple of 3, at most 18 unloads, boats full or removed, the end when due."""
    scount, live = state.supply_count, state._live
    if scount % 3 or not 0 <= scount <= 39:
        _fail("supply count", f"supply holds {scount}, not a multiple of 3 in 0..39")
    removed = 6 - POPCOUNT[live]
    if state.unloads > MAX_UNLOADS or state.unloads != (39 - scount) // 3 + removed:
        _fail("unload count", f"{state.unloads} unloads, {(39 - scount) // 3} refills and "
                              f"{removed} removals")
    if removed and scount:
        _fail("boat removal", "a boat was removed while the supply still holds tokens (D4.2 step 4)")
    for name, boat in state.boats.items():
        # Full, since take-token (3 tokens) can never empty the reserve (3 tokens).
        if boat is not None and None in boat:
            _fail("boat cargo", f"{name} is in play with an empty slot: {boat}")
    for b in range(6):
        if not live >> b & 1 and any(state._slots[b * 3:b * 3 + 3]):
            _fail("boat cargo", f"removed boat {BOATS[b]} still holds tokens")
    if removed >= 5 and not (state.over and state.end_reason == "last-boat"):
        _fail("end of game", "one boat left but the game is not over (D8)")
    if state.over and state.end_reason not in ("last-boat", "passes"):
        _fail("end of game", f"over with reason {state.end_reason!r}")
    if not state.over and state.end_reason is not None:
        _fail("end of game", "an end reason while the game runs")


def check_obelisk_order(state: DuelState) -> None:
    """first_to_five names a player with 5+ obelisks, and is set once anyone has 5."""
    counts = [p.obelisk for p in state.players]
    first = state.first_to_five
    if first is None and max(counts) >= 5:
        _fail("first to five", f"obelisk counts {counts} but nobody marked first to five")
    if first is not None and counts[first] < 5:
        _fail("first to five", f"player {first} marked first to five with {counts[first]} obelisks")


def check_invariants(state: DuelState) -> None:
    """All of D10 (replay determinism is checked by the property tests)."""
    check_tokens(state)
    check_meeples(state)
    check_boats(state)
    check_obelisk_order(state)
