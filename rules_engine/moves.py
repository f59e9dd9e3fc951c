"""What both engines' moves share: the move without fields (`BareMove`) and the refusal
of what is no move in a record's JSON form (`refuse_json_move`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, NoReturn

from rules_engine.errors import IllegalMoveError, shown
from rules_engine.messages import Message, msg


class BareMove:
    """A move that carries nothing but its type (the Duel's ``pass``, the base game's
    ``get-stones``): a subclass is a frozen, slotted dataclass without fields that sets
    ``kind``; its JSON form is ``{"type": kind}``."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind}


def described(value: object) -> str:
    """A value found in a move, for a refusal: its JSON-ish type and a bounded rendering
    (safe on hostile values)."""
    return f"{type(value).__name__} {shown(value)}"


def refuse_json_move(data: object, unknown_type: Callable[[str], Message], rule: str) -> NoReturn:
    """Why ``data`` is no move of a record (the caller found it is not a JSON object whose
    ``type`` is one of its format's): `IllegalMoveError` (rule ``rule``), saying it is not an
    object, or ``unknown_type(the type found)``."""
    if not isinstance(data, dict):
        raise IllegalMoveError(msg("a move must be a JSON object, got {value}", value=described(data)), rule)
    raise IllegalMoveError(unknown_type(described(data.get("type"))), rule)
