"""What both engines' moves share: the move without fields (`BareMove`), the refusal of what
is no move in a record's JSON form (`refuse_json_move`), and the memo of moves already read
from that form (`memoized`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import ClassVar, NoReturn, TypeVar

from rules_engine.errors import IllegalMoveError, shown
from rules_engine.messages import Message, msg
from rules_engine.scores import Json


class BareMove:
    """A move that carries nothing but its type (the Duel's ``pass``, the base game's
    ``get-stones``): a subclass is a frozen, slotted dataclass without fields that sets
    ``kind``; its JSON form is ``{"type": kind}``."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_json(self) -> dict[str, Json]:
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


_M = TypeVar("_M")
# Exact types a memo key may hold: ``True`` and ``1.0`` equal ``1`` but are no ship or slot, so
# a value of any other type (bool, float, dict …) is never looked up, only parsed.
_ATOMS = frozenset((str, int, type(None)))
MEMO_LIMIT = 20_000  # keys kept per game; far above the distinct moves records use


def memo_key(data: Mapping[object, object]) -> Hashable | None:
    """A key that stands for the move dict ``data`` exactly (its fields in order, lists as
    tuples), or None when a value is not a str, int, None, or a list of them or of such lists
    (a Duel place-unload's refills)."""
    out = []
    for k, v in data.items():
        if type(v) in _ATOMS:
            pass
        elif type(v) is list:
            v = tuple(v) if _ATOMS.issuperset(map(type, v)) else _nested(v)
            if v is None:
                return None
        else:
            return None
        out.append((k, v))
    return tuple(out)


def _nested(values: list[object]) -> tuple[object, ...] | None:
    """A list of atoms and lists of atoms as tuples (never an atom's tuple: JSON has none), or
    None for anything else."""
    out: list[object] = []
    for x in values:
        if type(x) in _ATOMS:
            out.append(x)
        elif type(x) is list and _ATOMS.issuperset(map(type, x)):
            out.append(tuple(x))
        else:
            return None
    return tuple(out)


def memoized(parse: Callable[[object], _M], classes: tuple[type, ...],
             known: Callable[[dict[object, object]], _M | None]) -> Callable[[object], _M]:
    """``parse`` (a game's move dict -> move, raising for a bad one) made cheap for the moves a
    record repeats (#40): ``known`` answers the commonest plain shapes from prebuilt moves (a
    few dict reads); any other dict of plain values is parsed once per process and kept in a
    memo under `memo_key` (moves are immutable, and parsing an equal dict again gives an equal
    move). A dict that fails is parsed, and refused, every time; instances of ``classes`` are
    moves already."""
    memo: dict[Hashable, _M] = {}

    def parse_move(data: object) -> _M:
        if type(data) is not dict:
            return data if isinstance(data, classes) else parse(data)  # type: ignore[return-value]
        move = known(data)
        if move is not None:
            return move
        key = memo_key(data)
        if key is None:
            return parse(data)
        move = memo.get(key)
        if move is None:
            move = parse(data)
            if len(memo) < MEMO_LIMIT:
                memo[key] = move
        return move

    parse_move.__doc__ = parse.__doc__
    return parse_move
