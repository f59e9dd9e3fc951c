"""Base-game moves picked on the board (issue 39, classic.md C4.3, C5.1, C7): which board
places a move's taps go to, in order, for static/js/board-pick.js.

A move's steps are groups of keys: the keys of a group may be tapped in any order, the groups
one after the other. Keys name places of the board (ui/classic/board.html; board-pick.js finds them):
``ship:N`` a ship, ``slot:N:K`` slot K of ship N, ``site:ID`` a site, ``card:ID`` a face-up
market card. The page highlights the next keys its legal moves allow; a move whose steps are
None (a Market B pair, kept from cards face down) stays in the list only.

- sail (C4.3): the ship, the site, then the market cards in the order their owners take them (C5.1);
- lever (C7): the ship, the site, the slots in the order they are unloaded, then the cards;
- hammer (C7): the slot the stone goes to (the stones are taken from the quarry first);
- sail card (C7): the slot, then the site, then the cards;
- chisel (C7): its two slots, in either order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Steps = list[list[str]]


def _takes(move: Mapping[str, Any]) -> Steps | None:
    takes = move.get("take") or []
    if any(not isinstance(card, str) for card in takes):
        return None  # Market B's face-down pair: its kept card is not on the board
    return [[f"card:{card}"] for card in takes]


def _slot(ship: Any, slot: Any) -> str:
    return f"slot:{int(ship)}:{int(slot)}"


def pick_kind(move: Mapping[str, Any]) -> str | None:
    """The bar button a move is picked from: ``sail``, or ``card-<blue card>``."""
    if move.get("type") == "sail":
        return "sail"
    if move.get("type") == "play" and move.get("card") in ("lever", "hammer", "sail", "chisel"):
        return f"card-{move['card']}"
    return None


def pick_steps(move: Mapping[str, Any]) -> Steps | None:
    """The board taps that pick ``move`` after its bar button (None: not picked on the board)."""
    kind = pick_kind(move)
    takes = _takes(move)
    if kind is None or takes is None:
        return None
    card = move.get("card")
    if kind == "sail":
        return [[f"ship:{int(move['ship'])}"], [f"site:{move['site']}"], *takes]
    if card == "lever":
        order = [[_slot(move["ship"], n)] for n in move.get("order") or []]
        return [[f"ship:{int(move['ship'])}"], [f"site:{move['site']}"], *order, *takes]
    if card == "hammer":
        return [[_slot(move["ship"], move["slot"])]]
    if card == "sail":
        return [[_slot(move["ship"], move["slot"])], [f"site:{move['site']}"], *takes]
    places = move.get("places") or []
    return [[_slot(p["ship"], p["slot"]) for p in places]] if places else None
