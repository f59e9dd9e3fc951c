"""Base-game moves: one frozen dataclass per F4 move (formats.md F4), python-chess style.

Construction checks the *shape* of a move (ship 1–4, slot 1–4, known site and card ids,
list lengths) and raises `IllegalMoveError`; whether it is legal in a position is
`game.apply_move`'s business. `parse_move` reads the F4 JSON form, `Move.to_json` writes it.

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
from typing import Any, ClassVar, NoReturn

from rules_engine.classic.components import BLUE_CARDS, CARDS, SITES
from rules_engine.errors import IllegalMoveError
from rules_engine.messages import Message, msg
from rules_engine.moves import BareMove, refuse_json_move
from rules_engine.moves import described as _show

MAX_SLOT = 4  # the largest ship (C1)
SHIPS = 4  # per round (C3.1)
TEMPLE_CHOICES = ("point", "stones")  # C6.3
PAIR = "pair"

TakeEntry = str | tuple[str, str] | None  # card id, ("pair", kept id), or None (empty market)
Spot = tuple[int, int]  # (ship, slot), both 1-based


def _raise(reason: Message, rule: str = "F4") -> NoReturn:
    raise IllegalMoveError(reason, rule)


def _int(value: object, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        _raise(
            msg(
                "{what} must be a whole number {low}–{high}, got {value}",
                what=what,
                low=low,
                high=high,
                value=_show(value),
            )
        )
    return value


def _ship(value: object, what: str) -> int:
    return _int(value, f"{what}: ship", 1, SHIPS)


def _slot(value: object, what: str) -> int:
    return _int(value, f"{what}: slot", 1, MAX_SLOT)


def _site(value: object, what: str) -> str:
    if isinstance(value, str) and value in SITES:
        return value
    return _raise(
        msg("{what}: unknown site {value}; sites are {sites} (C1)", what=what, value=_show(value), sites=SITES)
    )


def _card(value: object, what: str) -> str:
    if isinstance(value, str) and value in CARDS:
        return value
    return _raise(
        msg(
            "{what}: unknown market card {value}; cards are {cards} (C7)",
            what=what,
            value=_show(value),
            cards=tuple(CARDS),
        )
    )


def _list(value: object, what: str, max_len: int = 40) -> tuple[Any, ...]:
    if value is None:
        return ()
    if not isinstance(value, (list, tuple)):
        _raise(msg("{what} must be a list, got {value}", what=what, value=_show(value)))
    if len(value) > max_len:
        _raise(
            msg("{what} lists {n} entries; at most {most} can ever be needed", what=what, n=len(value), most=max_len)
        )
    return tuple(value)


def _spot(value: object, what: str) -> Spot:
    if isinstance(value, tuple) and len(value) == 2:
        ship, slot = value
    elif isinstance(value, dict):
        extra = [k for k in value if k not in ("ship", "slot")]
        if extra or "ship" not in value or "slot" not in value:
            _raise(_not_a_spot(value, what))
        ship, slot = value["ship"], value["slot"]
    else:
        return _raise(_not_a_spot(value, what))
    return _ship(ship, what), _slot(slot, what)


def _not_a_spot(value: object, what: str) -> Message:
    return msg("{what} must be {shape}, got {value}", what=what, shape='{"ship": 1-4, "slot": 1-4}', value=_show(value))


def _take_entry(value: object, what: str) -> TakeEntry:
    if value is None:
        return None
    if isinstance(value, tuple) and len(value) == 2 and value[0] == PAIR:
        return PAIR, _card(value[1], what)
    if isinstance(value, dict):
        if list(value) != [PAIR]:
            _raise(
                msg(
                    "{what} must be a card id or {shape} (C6.1), got {value}",
                    what=what,
                    shape='{"pair": "<kept card id>"}',
                    value=_show(value),
                )
            )
        return PAIR, _card(value[PAIR], what)
    return _card(value, what)


def _choices(self: WithChoices) -> None:
    """Normalise the optional choice lists (shared by the moves that may carry them)."""
    put = object.__setattr__
    what = self.kind
    put(self, "take", tuple(_take_entry(v, f"{what} take[{i}]") for i, v in enumerate(_list(self.take, "take"))))
    put(
        self,
        "pyramids",
        tuple(_int(v, f"{what} pyramids[{i}]", 1, 3) for i, v in enumerate(_list(self.pyramids, "pyramids"))),
    )
    put(
        self,
        "bonus_places",
        tuple(
            None if v is None else _spot(v, f"{what} bonus_places[{i}]")
            for i, v in enumerate(_list(self.bonus_places, "bonus_places"))
        ),
    )
    temple = _list(self.temple, "temple")
    for i, v in enumerate(temple):
        if v not in TEMPLE_CHOICES:
            _raise(
                msg(
                    "{what} temple[{i}] must be {point} or {stones} (C6.3), got {value}",
                    what=what,
                    i=i,
                    point='"point"',
                    stones='"stones"',
                    value=_show(v),
                )
            )
    put(self, "temple", temple)


def _choices_json(self: WithChoices, out: dict[str, Any]) -> dict[str, Any]:
    if self.take:
        out["take"] = [{PAIR: t[1]} if isinstance(t, tuple) else t for t in self.take]
    if self.pyramids:
        out["pyramids"] = list(self.pyramids)
    if self.bonus_places:
        out["bonus_places"] = [None if s is None else {"ship": s[0], "slot": s[1]} for s in self.bonus_places]
    if self.temple:
        out["temple"] = list(self.temple)
    return out


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
        _ship(self.ship, "place")
        _slot(self.slot, "place")

    def to_json(self) -> dict[str, Any]:
        return {"type": "place", "ship": self.ship, "slot": self.slot}


@dataclass(frozen=True, slots=True)
class Sail:
    """C4.3: sail a ship to a free site and unload it bow to stern."""

    ship: int
    site: str
    take: tuple[Any, ...] = ()
    pyramids: tuple[Any, ...] = ()
    bonus_places: tuple[Any, ...] = ()
    temple: tuple[Any, ...] = ()
    kind: ClassVar[str] = "sail"

    def __post_init__(self) -> None:
        _ship(self.ship, "sail")
        _site(self.site, "sail")
        _choices(self)

    def to_json(self) -> dict[str, Any]:
        return _choices_json(self, {"type": "sail", "ship": self.ship, "site": self.site})


@dataclass(frozen=True, slots=True)
class PlayLever:
    """C7 lever: sail a ship, unloading its stones in the order given (slots)."""

    ship: int
    site: str
    order: tuple[int, ...]
    take: tuple[Any, ...] = ()
    pyramids: tuple[Any, ...] = ()
    bonus_places: tuple[Any, ...] = ()
    temple: tuple[Any, ...] = ()
    kind: ClassVar[str] = "play"
    card: ClassVar[str] = "lever"

    def __post_init__(self) -> None:
        _ship(self.ship, "lever")
        _site(self.site, "lever")
        order = _list(self.order, "lever order", MAX_SLOT)
        if not order:
            _raise(msg("lever order must list the ship's occupied slots in unload order"))
        object.__setattr__(self, "order", tuple(_slot(s, "lever order") for s in order))
        if len(set(self.order)) != len(self.order):
            _raise(msg("lever order {order} names a slot twice", order=str(list(self.order))), "C7")
        _choices(self)

    def to_json(self) -> dict[str, Any]:
        return _choices_json(
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
        _ship(self.ship, "hammer")
        _slot(self.slot, "hammer")

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": "hammer", "ship": self.ship, "slot": self.slot}


@dataclass(frozen=True, slots=True)
class PlaySail:
    """C7 sail: place one stone on a ship, then sail that ship."""

    ship: int
    slot: int
    site: str
    take: tuple[Any, ...] = ()
    pyramids: tuple[Any, ...] = ()
    bonus_places: tuple[Any, ...] = ()
    temple: tuple[Any, ...] = ()
    kind: ClassVar[str] = "play"
    card: ClassVar[str] = "sail"

    def __post_init__(self) -> None:
        _ship(self.ship, "sail card")
        _slot(self.slot, "sail card")
        _site(self.site, "sail card")
        _choices(self)

    def to_json(self) -> dict[str, Any]:
        return _choices_json(
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
        places = _list(self.places, "chisel places", 2)
        if len(places) != 2:
            _raise(msg("chisel places must list 2 places, got {n}", n=len(places)))
        spots = sorted(_spot(p, f"chisel places[{i}]") for i, p in enumerate(places))
        if spots[0] == spots[1]:
            reason = msg(
                "chisel places name ship {ship} slot {slot} twice; two stones need two empty slots (C7)",
                ship=spots[0][0],
                slot=spots[0][1],
            )
            _raise(reason, "C7")
        object.__setattr__(self, "places", tuple(spots))

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": "chisel", "places": [{"ship": s, "slot": t} for s, t in self.places]}


@dataclass(frozen=True, slots=True)
class Pass:
    """C3 ruling: only when no other action is legal. A pass that ends the round (all players
    passed in succession) may carry the round end's Temple B choices."""

    take: tuple[Any, ...] = ()
    pyramids: tuple[Any, ...] = ()
    bonus_places: tuple[Any, ...] = ()
    temple: tuple[Any, ...] = ()
    kind: ClassVar[str] = "pass"

    def __post_init__(self) -> None:
        _choices(self)

    def to_json(self) -> dict[str, Any]:
        return _choices_json(self, {"type": "pass"})


Move = GetStones | Place | Sail | PlayLever | PlayHammer | PlaySail | PlayChisel | Pass
MOVE_CLASSES = (GetStones, Place, Sail, PlayLever, PlayHammer, PlaySail, PlayChisel, Pass)
# The moves that may carry choices (`_choices`).
WithChoices = Sail | PlayLever | PlaySail | Pass

_CHOICE_KEYS = ("take", "pyramids", "bonus_places", "temple")
# F4 fields per move type (or per card of "play"): (class, required, optional).
_SHAPES: dict[str, tuple[type[Move], tuple[str, ...], tuple[str, ...]]] = {
    "get-stones": (GetStones, (), ()),
    "place": (Place, ("ship", "slot"), ()),
    "sail": (Sail, ("ship", "site"), _CHOICE_KEYS),
    "pass": (Pass, (), _CHOICE_KEYS),
}
_CARD_SHAPES: dict[str, tuple[type[Move], tuple[str, ...], tuple[str, ...]]] = {
    "lever": (PlayLever, ("ship", "site", "order"), _CHOICE_KEYS),
    "hammer": (PlayHammer, ("ship", "slot"), ()),
    "sail": (PlaySail, ("ship", "slot", "site"), _CHOICE_KEYS),
    "chisel": (PlayChisel, ("places",), ()),
}
assert set(_CARD_SHAPES) == set(BLUE_CARDS)
TYPES = (*_SHAPES, "play")


def _unknown_type(value: str) -> Message:
    return msg("unknown move type {value}; F4 types are {types}", value=value, types=TYPES)


def parse_move(data: object) -> Move:
    """An F4 move dict -> Move. Raises `IllegalMoveError` (rule "F4") naming what is wrong."""
    if isinstance(data, MOVE_CLASSES):
        return data
    if not (isinstance(data, dict) and isinstance(kind := data.get("type"), str) and kind in TYPES):
        refuse_json_move(data, _unknown_type, "F4")
    skip: tuple[str, ...] = ("type",)
    if kind == "play":
        card = data.get("card")
        if not isinstance(card, str) or card not in _CARD_SHAPES:
            _raise(
                msg(
                    "play: card must be one of the blue cards {cards} (C4.4), got {value}",
                    cards=BLUE_CARDS,
                    value=_show(card),
                )
            )
        cls, required, optional = _CARD_SHAPES[card]
        skip = ("type", "card")
        name = f"play {card}"
    else:
        cls, required, optional = _SHAPES[kind]
        name = kind
    for key in data:
        if key not in skip and key not in required and key not in optional:
            allowed = (*skip, *required, *optional)
            _raise(
                msg(
                    "{name} move has unknown field {value}; its fields are {fields}",
                    name=name,
                    value=_show(key),
                    fields=allowed,
                )
            )
    missing = [k for k in required if k not in data]
    if missing:
        _raise(msg("{name} move needs field {field}", name=name, field=repr(missing[0])))
    try:
        return cls(**{k: data[k] for k in required + optional if k in data})
    except TypeError as exc:  # e.g. an unhashable value reaching a lookup
        raise IllegalMoveError(msg("{name} move is malformed: {problem}", name=name, problem=str(exc)), "F4") from None
