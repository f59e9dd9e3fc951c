"""Duel moves: one frozen dataclass per F2 move type (formats.md F2), python-chess style.

Construction checks the *shape* of a move (known cell, boat and token names, slot numbers,
list lengths) and raises `IllegalMoveError`; whether the move is legal in a position is
`game.apply_move`'s business. `parse_move` reads the F2 JSON form, `Move.to_json` writes it.

Transcription form (F2 "Recording a physical game"): `Unload.refill`, `TakeToken.reveal`
and, as this project's extension (docs/rulings.md, "F2 refills inside action tokens"),
`PlaceUnload.refills` (one entry per unloaded boat) and `SwapUnload.refill`.

The reasons are translatable messages (docs/i18n.md). They speak of the F2 JSON a client
sent, so they name its fields, move types, cells, boats and token ids as written there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NoReturn

from rules_engine.duel.harbor import BOAT_INDEX, CELL_INDEX
from rules_engine.duel.tokens import (
    CANONICAL,
    PLACE_MEEPLES,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE_TOKEN,
    describe_unknown_token,
)
from rules_engine.errors import IllegalMoveError
from rules_engine.messages import Message, msg, plural
from rules_engine.moves import BareMove, memoized, refuse_json_move
from rules_engine.moves import described as _show
from rules_engine.scores import Json

Refill = tuple[str, str, str]
_BOAT_IDS = ", ".join(BOAT_INDEX)  # as a record writes them
# Translators: a move's JSON field: the list of refills, one for each boat unloaded.
_PU_REFILLS = msg("place-unload refills (one per boat)")


def _bad(reason: str) -> IllegalMoveError:
    return IllegalMoveError(reason, "F2")


def _cell(value: object, what: str) -> str:
    if isinstance(value, str) and value in CELL_INDEX:
        return value
    # Translators: {what} names a move's JSON field, e.g. "place" or "place-meeples cells[1]"; keep "a1 … c3".
    return _raise(msg("{what}: unknown cell {value}; cells are a1 … c3 (D2)", what=what, value=_show(value)))


def _boat(value: object, what: str) -> str:
    if isinstance(value, str) and value in BOAT_INDEX:
        return value
    # Translators: {what} names a move's JSON field, e.g. "unload"; {boats} are the record's boat ids.
    return _raise(msg("{what}: unknown boat {value}; boats are {boats} (D2)", what=what, value=_show(value),
                      boats=_BOAT_IDS))


def _token(value: object, what: str) -> str:
    if isinstance(value, str) and value in CANONICAL:
        return CANONICAL[value]
    return _raise(at(what, describe_unknown_token(value)))


def at(where: str, problem: str) -> Message:
    """``problem`` said of ``where`` (a move, an action token, a move's field): "where: problem"."""
    # Translators: {where} names a move, an action token or a move's JSON field, e.g. "unload refill[2]".
    return msg("{where}: {problem}", where=where, problem=problem)


def _list(value: object, what: str, lengths: tuple[int, ...]) -> tuple[Any, ...]:
    if not isinstance(value, (list, tuple)):
        # Translators: {what} names a move's JSON field; {value} what was found, e.g. "dict {...}".
        _raise(msg("{what} must be a list, got {value}", what=what, value=_show(value)))
    if len(value) not in lengths:
        if len(lengths) == 1:
            # Translators: {what} names a move's JSON field, e.g. "swap-unload slots".
            _raise(plural("{what} must list {n} entries, got {got}", "{what} must list {n} entries, got {got}",
                          what=what, n=lengths[0], got=len(value)))
        # Translators: {what} names a move's JSON field, e.g. "place-meeples cells".
        _raise(msg("{what} must list {low} or {high} entries, got {got}", what=what, low=lengths[0],
                   high=lengths[1], got=len(value)))
    return tuple(value)


def _refill(value: object, what: str) -> Refill | None:
    if value is None:
        return None
    items = _list(value, what, (3,))
    return tuple(_token(t, f"{what}[{i}]") for i, t in enumerate(items))  # type: ignore[return-value]


def _raise(reason: str) -> NoReturn:
    raise _bad(reason)


@dataclass(frozen=True, slots=True)
class Place:
    """D4.1: put one of your meeples on an empty cell."""

    cell: str
    kind: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        _cell(self.cell, "place")

    def to_json(self) -> dict[str, Json]:
        return {"type": "place", "cell": self.cell}


@dataclass(frozen=True, slots=True)
class Unload:
    """D4.2: unload a boat whose line holds at least 2 meeples."""

    boat: str
    refill: Refill | None = None
    kind: ClassVar[str] = "unload"

    def __post_init__(self) -> None:
        _boat(self.boat, "unload")
        object.__setattr__(self, "refill", _refill(self.refill, "unload refill"))

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"type": "unload", "boat": self.boat}
        if self.refill is not None:
            out["refill"] = list(self.refill)
        return out


@dataclass(frozen=True, slots=True)
class TakeToken:
    """D4.3 take-token: take one non-action token from a boat; the reserve refills the slot."""

    boat: str
    slot: int
    reveal: str | None = None
    kind: ClassVar[str] = "take-token"
    token: ClassVar[str] = TAKE_TOKEN

    def __post_init__(self) -> None:
        _boat(self.boat, "take-token")
        if type(self.slot) is not int or not 1 <= self.slot <= 3:
            _raise(msg("take-token: slot must be 1, 2 or 3, got {value}", value=_show(self.slot)))
        if self.reveal is not None:
            object.__setattr__(self, "reveal", _token(self.reveal, "take-token reveal"))

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"type": "take-token", "boat": self.boat, "slot": self.slot}
        if self.reveal is not None:
            out["reveal"] = self.reveal
        return out


@dataclass(frozen=True, slots=True)
class PlaceMeeples:
    """D4.3 place-meeples: D4.1 two or three times."""

    cells: tuple[str, ...]
    kind: ClassVar[str] = "place-meeples"
    token: ClassVar[str] = PLACE_MEEPLES

    def __post_init__(self) -> None:
        cells = _list(self.cells, "place-meeples cells", (2, 3))
        for i, c in enumerate(cells):
            if not (type(c) is str and c in CELL_INDEX):  # the field's name only for a refusal (#40)
                _cell(c, f"place-meeples cells[{i}]")
        if len(set(cells)) != len(cells):
            twice = next(c for c in cells if cells.count(c) > 1)
            raise IllegalMoveError(msg("place-meeples lists cell {cell} twice; one meeple per cell (D4.1)",
                                       cell=twice), "D4.1")
        object.__setattr__(self, "cells", cells)

    def to_json(self) -> dict[str, Json]:
        return {"type": "place-meeples", "cells": list(self.cells)}


@dataclass(frozen=True, slots=True)
class PlaceUnload:
    """D4.3 place-unload: D4.1 once, then D4.2 once or twice, in the order listed."""

    cell: str
    boats: tuple[str, ...]
    refills: tuple[Refill | None, ...] | None = None
    kind: ClassVar[str] = "place-unload"
    token: ClassVar[str] = PLACE_UNLOAD

    def __post_init__(self) -> None:
        _cell(self.cell, "place-unload")
        boats = _list(self.boats, "place-unload boats", (1, 2))
        for i, b in enumerate(boats):
            if not (type(b) is str and b in BOAT_INDEX):
                _boat(b, f"place-unload boats[{i}]")
        object.__setattr__(self, "boats", boats)
        if self.refills is not None:
            refills = _list(self.refills, _PU_REFILLS, (len(boats),))
            refills = tuple(_refill(r, f"place-unload refills[{i}]") for i, r in enumerate(refills))
            object.__setattr__(self, "refills", refills)

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"type": "place-unload", "cell": self.cell, "boats": list(self.boats)}
        if self.refills is not None:
            out["refills"] = [None if r is None else list(r) for r in self.refills]
        return out


@dataclass(frozen=True, slots=True)
class SwapUnload:
    """D4.3 swap-unload: exchange two tokens on one boat, then D4.2 on any boat."""

    boat: str
    slots: tuple[int, int]
    unload: str
    refill: Refill | None = None
    kind: ClassVar[str] = "swap-unload"
    token: ClassVar[str] = SWAP_UNLOAD

    def __post_init__(self) -> None:
        _boat(self.boat, "swap-unload")
        slots = _list(self.slots, "swap-unload slots", (2,))
        for s in slots:
            if type(s) is not int or not 1 <= s <= 3:
                _raise(msg("swap-unload: slots must be 1, 2 or 3, got {value}", value=_show(s)))
        if slots[0] == slots[1]:
            raise IllegalMoveError(msg("swap-unload: swapping slot {slot} with itself; two different slots are "
                                       "exchanged (D4.3)", slot=slots[0]), "D4.3")
        object.__setattr__(self, "slots", slots)
        _boat(self.unload, "swap-unload unload")
        object.__setattr__(self, "refill", _refill(self.refill, "swap-unload refill"))

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"type": "swap-unload", "boat": self.boat, "slots": list(self.slots),
                     "unload": self.unload}
        if self.refill is not None:
            out["refill"] = list(self.refill)
        return out


@dataclass(frozen=True, slots=True)
class Pass(BareMove):
    """D4.4: only when no other action is legal."""

    kind: ClassVar[str] = "pass"


Move = Place | Unload | TakeToken | PlaceMeeples | PlaceUnload | SwapUnload | Pass
MOVE_CLASSES = (Place, Unload, TakeToken, PlaceMeeples, PlaceUnload, SwapUnload, Pass)

# F2 field names per move type: (class, required, optional); the JSON name is the field name.
_SHAPES: dict[str, tuple[type[Move], tuple[str, ...], tuple[str, ...]]] = {
    "place": (Place, ("cell",), ()),
    "unload": (Unload, ("boat",), ("refill",)),
    "take-token": (TakeToken, ("boat", "slot"), ("reveal",)),
    "place-meeples": (PlaceMeeples, ("cells",), ()),
    "place-unload": (PlaceUnload, ("cell", "boats"), ("refills",)),
    "swap-unload": (SwapUnload, ("boat", "slots", "unload"), ("refill",)),
    "pass": (Pass, (), ()),
}


def _unknown_type(value: str) -> Message:
    # Translators: {types} are the move types of the record format (kept as they are).
    return msg("unknown move type {value}; F2 types are {types}", value=value, types=tuple(_SHAPES))


# The moves without a list, built once: a record's dicts of these shapes map to them without
# the checks of a new dataclass (moves are immutable, so one instance serves every ply, #40).
_PLACES = {c: Place(c) for c in CELL_INDEX}
_UNLOADS = {b: Unload(b) for b in BOAT_INDEX}
_TAKES = {(b, k): TakeToken(b, k) for b in BOAT_INDEX for k in (1, 2, 3)}
_PASS = Pass()


def _known(data: dict[object, object]) -> Move | None:
    """The prebuilt move of ``data`` when it is a plain place, unload, take-token or pass, else None."""
    kind = data.get("type")
    if kind == "place":
        cell = data.get("cell")
        return _PLACES.get(cell) if len(data) == 2 and type(cell) is str else None
    if kind == "unload":
        boat = data.get("boat")
        return _UNLOADS.get(boat) if len(data) == 2 and type(boat) is str else None
    if kind == "take-token":
        boat, slot = data.get("boat"), data.get("slot")
        return _TAKES.get((boat, slot)) if len(data) == 3 and type(boat) is str and type(slot) is int else None
    if kind == "pass":
        return _PASS if len(data) == 1 else None
    return None


def _parse_move(data: object) -> Move:
    """An F2 move dict -> Move. Raises `IllegalMoveError` (rule "F2") naming what is wrong."""
    if not (isinstance(data, dict) and isinstance(kind := data.get("type"), str) and kind in _SHAPES):
        refuse_json_move(data, _unknown_type, "F2")
    cls, required, optional = _SHAPES[kind]
    for key in data:
        if key != "type" and key not in required and key not in optional:
            # Translators: {kind} is a move type, e.g. "place"; {fields} are its JSON fields (kept as they are).
            _raise(msg("{kind} move has unknown field {value}; its fields are {fields}", kind=kind, value=_show(key),
                       fields=("type", *required, *optional)))
    missing = [k for k in required if k not in data]
    if missing:
        # Translators: {kind} is a move type, e.g. "place"; {field} a JSON field, e.g. 'cell'.
        _raise(msg("{kind} move needs field {field}", kind=kind, field=repr(missing[0])))
    try:
        return cls(**{k: data[k] for k in required + optional if k in data})
    except TypeError as exc:  # e.g. an unhashable value reaching a dict lookup
        # Translators: {kind} is a move type; {problem} is Python's own words (English).
        raise _bad(msg("{kind} move is malformed: {problem}", kind=kind, problem=str(exc))) from None


parse_move = memoized(_parse_move, MOVE_CLASSES, _known)
