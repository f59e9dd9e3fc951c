"""The base game's invariants: stone, card and round bookkeeping that no sequence of legal
moves can break. `check_invariants` is the random-game tests' per-ply check, as the Duel's
(rules_engine/duel/invariants.py) is; a broken one is an AssertionError, raised rather than
asserted, so that ``python -O`` keeps the checks."""

from __future__ import annotations

from collections import Counter

from rules_engine.classic.components import (
    DECK,
    DECORATION_SITE,
    MARKET_A_FACE_UP,
    MARKET_B_FACE_UP,
    MARKET_B_PAIR,
    RED,
    ROUNDS,
    SITES,
    SLED_CAPACITY,
    STONES_PER_COLOUR,
)
from rules_engine.classic.deck import CARD_COLOUR
from rules_engine.classic.state import (
    BURIAL,
    CARD_IDS,
    CARD_INDEX,
    MARKET,
    NO_SITE,
    OBELISKS,
    PYRAMIDS,
    TEMPLE,
    ClassicState,
)

_DECORATION_CARD = {site: card for card, site in DECORATION_SITE.items()}


def _fail(invariant: str, detail: str) -> None:
    raise AssertionError(f"classic invariant {invariant}: {detail}")


def _ship_stones(state: ClassicState) -> Counter[int]:
    return Counter(p for p in state._slots if p is not None)


def site_stones(state: ClassicState, p: int) -> dict[int, int]:
    """Player ``p``'s stones on each building site."""
    return {
        PYRAMIDS: state._pyr.count(p) + sum(pyr.count(p) for pyr in state._pyrb),
        TEMPLE: state._temple.count(p),
        BURIAL: state._burial.count(p),
        OBELISKS: state._obel[p] + 3 * state._towers.count(p),
    }


def check_stones(state: ClassicState) -> None:
    """C1: 30 stones per colour across quarry, sled, ships and sites; sleds hold at most 5."""
    on_ships = _ship_stones(state)
    for p in range(state.players):
        sites = site_stones(state, p)
        total = state._quarry[p] + state._sled[p] + on_ships[p] + sum(sites.values())
        if total != STONES_PER_COLOUR:
            _fail(
                "stone conservation",
                f"{state.colours[p]} has {total} stones: quarry {state._quarry[p]}, sled "
                f"{state._sled[p]}, ships {on_ships[p]}, sites {sites}",
            )
        if not 0 <= state._sled[p] <= SLED_CAPACITY or state._quarry[p] < 0:
            _fail("sled", f"{state.colours[p]} has {state._sled[p]} on the sled, {state._quarry[p]} in the quarry")
        bits = sum(1 << site for site, n in sites.items() if n)
        if bits != state._reached[p]:
            _fail(
                "reached sites (C9)",
                f"{state.colours[p]} has stones on sites {bits:b} but reached {state._reached[p]:b}",
            )


def check_cards(state: ClassicState) -> None:
    """C7: the 34 market cards are each in exactly one place; red cards never stay in a hand."""
    seen: Counter[str] = Counter()
    for i, c in enumerate(CARD_IDS):
        seen[c] += state._deck[i] + state._discard[i]
    seen.update(state._market)
    seen.update(state._pair)
    for p in range(state.players):
        seen.update(state._blue[p])
        seen.update(_DECORATION_CARD[s] for s in state._green[p])
        seen["statue"] += state._purple[p]
        if any(CARD_COLOUR[CARD_INDEX[c]] == RED for c in state._blue[p]):
            _fail("card colours", f"{state.colours[p]} holds a red card")
    if seen != DECK:
        _fail("card conservation", f"too many {dict(seen - DECK)}, missing {dict(DECK - seen)}")
    if state._ndeck != sum(state._deck) or state._ndiscard != sum(state._discard):
        _fail("card counts", "deck/discard counts disagree with their contents")
    if not 0 <= state._ndrawn <= len(state._draws):
        _fail("market draws", f"{state._ndrawn} draws used of {len(state._draws)}")
    if state._sides[MARKET] == "A":
        if len(state._market) > MARKET_A_FACE_UP or state._pair:
            _fail("market", f"Market A shows {list(state._market)} and pair {list(state._pair)}")
    elif len(state._market) > MARKET_B_FACE_UP or len(state._pair) not in (0, 1, MARKET_B_PAIR):
        _fail("market", f"Market B shows {list(state._market)} and pair {list(state._pair)}")


def check_round(state: ClassicState) -> None:
    """C3: 6 rounds; the round's ships as its card says; one ship per site; sailed ships empty."""
    r = state._round
    if not 0 <= r <= ROUNDS or state._over != (r == ROUNDS):
        _fail("rounds", f"round index {r}, over {state._over}")
    if not 0 <= state._to_move < state.players or not 0 <= state._passes < state.players:
        _fail("turn", f"to_move {state._to_move}, passes {state._passes}")
    if state._over:
        if any(p is not None for p in state._slots) or state._market or state._pair:
            _fail("end of game", "stones on ships or cards on the market after round 6")
        return
    if state._caps != tuple(state._cards[r]):
        _fail("ships", f"round {r + 1} has ships {state._caps}, its card says {state._cards[r]}")
    docked = [site for site in state._sailed if site != NO_SITE]
    if len(set(docked)) != len(docked) or state._nsailed != len(docked) or len(docked) >= 4:
        _fail("docks", f"ships sailed to {[SITES[s] for s in docked]}, count {state._nsailed}")
    for s in range(4):
        cap = state._caps[s]
        for k in range(4):
            p = state._slots[s * 4 + k]
            if p is not None and (k >= cap or state._sailed[s] != NO_SITE):
                _fail(
                    "ship cargo",
                    f"ship {s + 1} slot {k + 1} holds a stone (capacity {cap}, sailed {state._sailed[s] != NO_SITE})",
                )


def check_invariants(state: ClassicState) -> None:
    """All of the above (replay determinism is checked by the property tests)."""
    check_stones(state)
    check_cards(state)
    check_round(state)
