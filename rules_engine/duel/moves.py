"""Duel moves: one frozen dataclass per F2 move type (formats.md F2), python-chess style.

Construction checks the *shape* of a move (known cell, boat and token names, slot numbers,
list lengths) and raises `IllegalMoveError`; whether the move is legal in a position is
`game.apply_move`'s business. `parse_move` reads the F2 JSON form, `Move.to_json` writes it.

Transcription form (F2 "Recording a physical game"): `Unload.refill`, `TakeToken.reveal`
and, as this project's extension (docs/rulings.md, "F2 refills inside action tokens"),
`PlaceUnload.refills` (one entry per unloaded boat) and `SwapUnload.refill`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules_engine.duel.harbor import BOAT_INDEX, CELL_INDEX
from rules_engine.duel.tokens import (
    CANONICAL,
    PLACE_MEEPLES,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE_TOKEN,
    describe_unknown_token,
)
from rules_engine.errors import IllegalMoveError, shown

Refill = tuple[str, str, str]


def _bad(reason: str) -> IllegalMoveError:
    return IllegalMoveError(reason, "F2")


def _show(value: object) -> str:
    return f"{type(value).__name__} {shown(value)}"


def _cell(value: object, what: str) -> str:
    if isinstance(value, str) and value in CELL_INDEX:
        return value
    return _raise(f"{what}: unknown cell {_show(value)}; cells are a1 … c3 (D2)")


def _boat(value: object, what: str) -> str:
    if isinstance(value, str) and value in BOAT_INDEX:
        return value
    return _raise(f"{what}: unknown boat {_show(value)}; boats are row-1, row-2, row-3, "
                  f"col-a, col-b, col-c (D2)")


def _token(value: object, what: str) -> str:
    if isinstance(value, str) and value in CANONICAL:
        return CANONICAL[value]
    return _raise(f"{what}: {describe_unknown_token(value)}")


def _list(value: object, what: str, lengths: tuple[int, ...]) -> tuple:
    if not isinstance(value, (list, tuple)):
        _raise(f"{what} must be a list, got {_show(value)}")
    if len(value) not in lengths:
        want = " or ".join(map(str, lengths))
        _raise(f"{what} must list {want} entries, got {len(value)}")
    return tuple(value)


def _refill(value: object, what: str) -> Refill | None:
    if value is None:
        return None
    items = _list(value, what, (3,))
    return tuple(_token(t, f"{what}[{i}]") for i, t in enumerate(items))  # type: ignore[return-value]


def _raise(reason: str):
    raise _bad(reason)


@dataclass(frozen=True, slots=True)
class Place:
    """D4.1: put one of your meeples on an empty cell."""

    cell: str
    kind: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        _cell(self.cell, "place")

    def to_json(self) -> dict:
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

    def to_json(self) -> dict:
        out: dict = {"type": "unload", "boat": self.boat}
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
            _raise(f"take-token: slot must be 1, 2 or 3, got {_show(self.slot)}")
        if self.reveal is not None:
            object.__setattr__(self, "reveal", _token(self.reveal, "take-token reveal"))

    def to_json(self) -> dict:
        out: dict = {"type": "take-token", "boat": self.boat, "slot": self.slot}
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
            _cell(c, f"place-meeples cells[{i}]")
        if len(set(cells)) != len(cells):
            twice = next(c for c in cells if cells.count(c) > 1)
            raise IllegalMoveError(f"place-meeples lists cell {twice} twice; one meeple per cell "
                                   f"(D4.1)", "D4.1")
        object.__setattr__(self, "cells", cells)

    def to_json(self) -> dict:
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
            _boat(b, f"place-unload boats[{i}]")
        object.__setattr__(self, "boats", boats)
        if self.refills is not None:
            refills = _list(self.refills, "place-unload refills (one per boat)", (len(boats),))
            refills = tuple(_refill(r, f"place-unload refills[{i}]") for i, r in enumerate(refills))
            object.__setattr__(self, "refills", refills)

    def to_json(self) -> dict:
        out: dict = {"type": "place-unload", "cell": self.cell, "boats": list(self.boats)}
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
                _raise(f"swap-unload: slots must be 1, 2 or 3, got {_show(s)}")
        if slots[0] == slots[1]:
            raise IllegalMoveError(f"swap-unload: swapping slot {slots[0]} with itself; two "
                                   f"different slots are exchanged (D4.3)", "D4.3")
        object.__setattr__(self, "slots", slots)
        _boat(self.unload, "swap-unload unload")
        object.__setattr__(self, "refill", _refill(self.refill, "swap-unload refill"))

    def to_json(self) -> dict:
        out: dict = {"type": "swap-unload", "boat": self.boat, "slots": list(self.slots),
                     "unload": self.unload}
        if self.refill is not None:
            out["refill"] = list(self.refill)
        return out


@dataclass(frozen=True, slots=True)
class Pass:
    """D4.4: only when no other action is legal."""

    kind: ClassVar[str] = "pass"

    def to_json(self) -> dict:
        return {"type": "pass"}


Move = Place | Unload | TakeToken | PlaceMeeples | PlaceUnload | SwapUnload | Pass
MOVE_CLASSES = (Place, Unload, TakeToken, PlaceMeeples, PlaceUnload, SwapUnload, Pass)

# F2 field names per move type: (class, required, optional); the JSON name is the field name.
_SHAPES: dict[str, tuple[type, tuple[str, ...], tuple[str, ...]]] = {
    "place": (Place, ("cell",), ()),
    "unload": (Unload, ("boat",), ("refill",)),
    "take-token": (TakeToken, ("boat", "slot"), ("reveal",)),
    "place-meeples": (PlaceMeeples, ("cells",), ()),
    "place-unload": (PlaceUnload, ("cell", "boats"), ("refills",)),
    "swap-unload": (SwapUnload, ("boat", "slots", "unload"), ("refill",)),
    "pass": (Pass, (), ()),
}


def parse_move(data: object) -> Move:
    """An F2 move dict -> Move. Raises `IllegalMoveError` (rule "F2") naming what is wrong."""
    if isinstance(data, MOVE_CLASSES):
        return data  # type: ignore[return-value]
    if not isinstance(data, dict):
        _raise(f"a move must be a JSON object, got {_show(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _SHAPES:
        _raise(f"unknown move type {_show(kind)}; F2 types are {', '.join(_SHAPES)}")
    cls, required, optional = _SHAPES[kind]
    for key in data:
        if key != "type" and key not in required and key not in optional:
            allowed = ", ".join(("type", *required, *optional))
            _raise(f"{kind} move has unknown field {_show(key)}; its fields are {allowed}")
    missing = [k for k in required if k not in data]
    if missing:
        _raise(f"{kind} move needs field {missing[0]!r}")
    try:
        return cls(**{k: data[k] for k in required + optional if k in data})
    except TypeError as exc:  # e.g. an unhashable value reaching a dict lookup
        raise _bad(f"{kind} move is malformed: {exc}") from None
