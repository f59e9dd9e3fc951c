"""Base-game moves: one frozen dataclass per F4 move (formats.md F4), python-chess style.

Construction checks the *shape* of a move (ship 1–4, slot 1–4, known site and card ids,
list lengths, rules_engine/classic/movefields.py) and raises `IllegalMoveError`; whether it is
legal in a position is `game.apply_move`'s business. `moveparse.parse_move` reads the F4 JSON
form, `Move.to_json` writes it.

Choices made while a move is carried out travel on the move as lists, each consumed in the
order the choices arise (docs/rulings.md, "Base game (classic)"):
- ``take``: per stone unloaded at the market, in unload order, the card its owner takes
  (a card id; on Market B also ``{"pair": "<kept id>"}``; ``null`` when the market is empty);
- ``pyramids``: per stone put on Pyramids B, the pyramid (1–3) its owner chooses;
- ``bonus_places``: per "place a stone" bonus of Pyramids B, ``{"ship", "slot"}`` or ``null``
  (declined);
- ``temple``: per visible stone on a "1 point or 2 stones" space of Temple B at the end of the
  round, ``"point"`` or ``"stones"``.
Empty lists are left out of the JSON and compare equal to absent ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_engine.classic.movefields import (
    MAX_SLOT,
    Spot,
    TakeEntry,
    check_choices,
    check_list,
    check_ship,
    check_site,
    check_slot,
    check_spot,
    choices_json,
    refuse,
)
from rules_engine.messages import msg
from rules_engine.moves import BareMove
from rules_engine.scores import Json


@dataclass(frozen=True, slots=True)
class GetStones(BareMove):
    """C4.1: up to 3 stones from the quarry to the sled."""

    kind: ClassVar[str] = "get-stones"


@dataclass(frozen=True, slots=True)
class Place:
    """C4.2: one stone from the sled to an empty slot of a ship that has not sailed."""

    ship: int
    slot: int
    kind: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        check_ship(self.ship, "place")
        check_slot(self.slot, "place")

    def to_json(self) -> dict[str, Json]:
        return {"type": "place", "ship": self.ship, "slot": self.slot}


@dataclass(frozen=True, slots=True)
class Sail:
    """C4.3: sail a ship to a free site and unload it bow to stern."""

    ship: int
    site: str
    take: tuple[TakeEntry, ...] = ()
    pyramids: tuple[int, ...] = ()
    bonus_places: tuple[Spot | None, ...] = ()
    temple: tuple[str, ...] = ()
    kind: ClassVar[str] = "sail"

    def __post_init__(self) -> None:
        check_ship(self.ship, "sail")
        check_site(self.site, "sail")
        check_choices(self)

    def to_json(self) -> dict[str, Json]:
        return choices_json(self, {"type": "sail", "ship": self.ship, "site": self.site})


@dataclass(frozen=True, slots=True)
class PlayLever:
    """C7 lever: sail a ship, unloading its stones in the order given (slots)."""

    ship: int
    site: str
    order: tuple[int, ...]
    take: tuple[TakeEntry, ...] = ()
    pyramids: tuple[int, ...] = ()
    bonus_places: tuple[Spot | None, ...] = ()
    temple: tuple[str, ...] = ()
    kind: ClassVar[str] = "play"
    card: ClassVar[str] = "lever"

    def __post_init__(self) -> None:
        check_ship(self.ship, "lever")
        check_site(self.site, "lever")
        order = check_list(self.order, "lever order", MAX_SLOT)
        if not order:
            refuse(msg("lever order must list the ship's occupied slots in unload order"))
        object.__setattr__(self, "order", tuple(check_slot(s, "lever order") for s in order))
        if len(set(self.order)) != len(self.order):
            refuse(msg("lever order {order} names a slot twice", order=str(list(self.order))), "C7")
        check_choices(self)

    def to_json(self) -> dict[str, Json]:
        return choices_json(
            self, {"type": "play", "card": "lever", "ship": self.ship, "site": self.site, "order": list(self.order)}
        )


@dataclass(frozen=True, slots=True)
class PlayHammer:
    """C7 hammer: get stones (up to 3), then place one on a ship."""

    ship: int
    slot: int
    kind: ClassVar[str] = "play"
    card: ClassVar[str] = "hammer"

    def __post_init__(self) -> None:
        check_ship(self.ship, "hammer")
        check_slot(self.slot, "hammer")

    def to_json(self) -> dict[str, Json]:
        return {"type": "play", "card": "hammer", "ship": self.ship, "slot": self.slot}


@dataclass(frozen=True, slots=True)
class PlaySail:
    """C7 sail: place one stone on a ship, then sail that ship."""

    ship: int
    slot: int
    site: str
    take: tuple[TakeEntry, ...] = ()
    pyramids: tuple[int, ...] = ()
    bonus_places: tuple[Spot | None, ...] = ()
    temple: tuple[str, ...] = ()
    kind: ClassVar[str] = "play"
    card: ClassVar[str] = "sail"

    def __post_init__(self) -> None:
        check_ship(self.ship, "sail card")
        check_slot(self.slot, "sail card")
        check_site(self.site, "sail card")
        check_choices(self)

    def to_json(self) -> dict[str, Json]:
        return choices_json(
            self, {"type": "play", "card": "sail", "ship": self.ship, "slot": self.slot, "site": self.site}
        )


@dataclass(frozen=True, slots=True)
class PlayChisel:
    """C7 chisel: place two stones, on one ship or one on each of two. The two places are kept
    sorted, so the same two slots in either order are the same move."""

    places: tuple[Spot, Spot]
    kind: ClassVar[str] = "play"
    card: ClassVar[str] = "chisel"

    def __post_init__(self) -> None:
        places = check_list(self.places, "chisel places", 2)
        if len(places) != 2:
            refuse(msg("chisel places must list 2 places, got {n}", n=len(places)))
        spots = sorted(check_spot(p, f"chisel places[{i}]") for i, p in enumerate(places))
        if spots[0] == spots[1]:
            reason = msg(
                "chisel places name ship {ship} slot {slot} twice; two stones need two empty slots (C7)",
                ship=spots[0][0],
                slot=spots[0][1],
            )
            refuse(reason, "C7")
        object.__setattr__(self, "places", tuple(spots))

    def to_json(self) -> dict[str, Json]:
        return {"type": "play", "card": "chisel", "places": [{"ship": s, "slot": t} for s, t in self.places]}


@dataclass(frozen=True, slots=True)
class Pass:
    """C3 ruling: only when no other action is legal. A pass that ends the round (all players
    passed in succession) may carry the round end's Temple B choices."""

    take: tuple[TakeEntry, ...] = ()
    pyramids: tuple[int, ...] = ()
    bonus_places: tuple[Spot | None, ...] = ()
    temple: tuple[str, ...] = ()
    kind: ClassVar[str] = "pass"

    def __post_init__(self) -> None:
        check_choices(self)

    def to_json(self) -> dict[str, Json]:
        return choices_json(self, {"type": "pass"})


Move = GetStones | Place | Sail | PlayLever | PlayHammer | PlaySail | PlayChisel | Pass
MOVE_CLASSES = (GetStones, Place, Sail, PlayLever, PlayHammer, PlaySail, PlayChisel, Pass)
# The moves that may carry choices (`check_choices`).
WithChoices = Sail | PlayLever | PlaySail | Pass
