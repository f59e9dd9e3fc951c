"""Reading base-game moves from their F4 JSON form (formats.md F4): `parse_move` checks a move
dict's type, card and fields and builds the `Move` (rules_engine/classic/moves.py), raising
`IllegalMoveError` (rule "F4") naming what is wrong; `Move.to_json` writes the form back.
"""

from __future__ import annotations

from rules_engine.classic import moves
from rules_engine.classic.components import BLUE_CARDS, SITES
from rules_engine.classic.movefields import MAX_SLOT, SHIPS, refuse
from rules_engine.classic.moves import MOVE_CLASSES, Move
from rules_engine.errors import IllegalMoveError
from rules_engine.messages import Message, msg
from rules_engine.moves import described as _show
from rules_engine.moves import memoized, refuse_json_move

_CHOICE_KEYS = ("take", "pyramids", "bonus_places", "temple")
# F4 fields per move type (or per card of "play"): (class, required, optional).
_SHAPES: dict[str, tuple[type[Move], tuple[str, ...], tuple[str, ...]]] = {
    "get-stones": (moves.GetStones, (), ()),
    "place": (moves.Place, ("ship", "slot"), ()),
    "sail": (moves.Sail, ("ship", "site"), _CHOICE_KEYS),
    "pass": (moves.Pass, (), _CHOICE_KEYS),
}
_CARD_SHAPES: dict[str, tuple[type[Move], tuple[str, ...], tuple[str, ...]]] = {
    "lever": (moves.PlayLever, ("ship", "site", "order"), _CHOICE_KEYS),
    "hammer": (moves.PlayHammer, ("ship", "slot"), ()),
    "sail": (moves.PlaySail, ("ship", "slot", "site"), _CHOICE_KEYS),
    "chisel": (moves.PlayChisel, ("places",), ()),
}
assert set(_CARD_SHAPES) == set(BLUE_CARDS)
TYPES = (*_SHAPES, "play")


def _unknown_type(value: str) -> Message:
    return msg("unknown move type {value}; F4 types are {types}", value=value, types=TYPES)


# The moves without choices, built once: a record's dicts of these shapes map to them without
# the checks of a new dataclass (moves are immutable, so one instance serves every ply, #40).
_SPOTS = [(s, k) for s in range(1, SHIPS + 1) for k in range(1, MAX_SLOT + 1)]
_PLACES = {spot: moves.Place(*spot) for spot in _SPOTS}
_HAMMERS = {spot: moves.PlayHammer(*spot) for spot in _SPOTS}
_SAILS = {(s, site): moves.Sail(s, site) for s in range(1, SHIPS + 1) for site in SITES}
_BARE: dict[str, Move] = {"get-stones": moves.GetStones(), "pass": moves.Pass()}


def _known(data: dict[object, object]) -> Move | None:
    """The prebuilt move of ``data`` when it is a plain get-stones, place, sail (no choices),
    hammer or pass, else None."""
    kind = data.get("type")
    n = len(data)
    if n == 1:
        return _BARE.get(kind) if type(kind) is str else None
    if kind == "place" and n == 3:
        ship, slot = data.get("ship"), data.get("slot")
        return _PLACES.get((ship, slot)) if type(ship) is int and type(slot) is int else None
    if kind == "sail" and n == 3:
        ship, site = data.get("ship"), data.get("site")
        return _SAILS.get((ship, site)) if type(ship) is int and type(site) is str else None
    if kind == "play" and n == 4 and data.get("card") == "hammer":
        ship, slot = data.get("ship"), data.get("slot")
        return _HAMMERS.get((ship, slot)) if type(ship) is int and type(slot) is int else None
    return None


def _parse_move(data: object) -> Move:
    """An F4 move dict -> Move. Raises `IllegalMoveError` (rule "F4") naming what is wrong."""
    if not (isinstance(data, dict) and isinstance(kind := data.get("type"), str) and kind in TYPES):
        refuse_json_move(data, _unknown_type, "F4")
    skip: tuple[str, ...] = ("type",)
    if kind == "play":
        card = data.get("card")
        if not isinstance(card, str) or card not in _CARD_SHAPES:
            refuse(
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
            refuse(
                msg(
                    "{name} move has unknown field {value}; its fields are {fields}",
                    name=name,
                    value=_show(key),
                    fields=allowed,
                )
            )
    missing = [k for k in required if k not in data]
    if missing:
        refuse(msg("{name} move needs field {field}", name=name, field=repr(missing[0])))
    try:
        return cls(**{k: data[k] for k in required + optional if k in data})
    except TypeError as exc:  # e.g. an unhashable value reaching a lookup
        raise IllegalMoveError(msg("{name} move is malformed: {problem}", name=name, problem=str(exc)), "F4") from None


parse_move = memoized(_parse_move, MOVE_CLASSES, _known)
