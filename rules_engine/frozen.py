"""The base of every engine's immutable position (`DuelState`, `ClassicState`): slots that the
engine fills once (``Work.freeze``, through the open twin of `builder`), no assignment after,
the accessors every position has (player to move, over, ply), equality and hash by value,
and pickling by value, so a replay can be kept in a shared cache
(Redis or the database) and read back by another worker."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, Never, Self, TypeVar, cast, overload

_T = TypeVar("_T")
_F = TypeVar("_F", bound="FrozenState")


class SlotView(property, Generic[_T]):
    """A read-only public name for one private slot: ``players = SlotView[int]("_n")`` reads
    ``self._n`` and is typed ``int``. A property whose getter is an `operator.attrgetter`, so
    reading it runs no Python-level function (no slower than a ``def`` property)."""

    def __init__(self, slot: str, doc: str | None = None) -> None:
        super().__init__(attrgetter(slot), None, None, doc or f"The position's ``{slot}`` (read-only).")

    if TYPE_CHECKING:  # what reading it gives, for the type checker (property's own says Any)

        @overload
        def __get__(self, instance: None, owner: type | None = None, /) -> Self: ...
        @overload
        def __get__(self, instance: object, owner: type | None = None, /) -> _T: ...
        def __get__(self, instance: object, owner: type | None = None, /) -> Any: ...

        # Read-only: assigning to it is a type error (``property`` lets anything be set).
        def __set__(self, instance: object, value: Never, /) -> None: ...


class FrozenState:
    """Subclasses set ``__slots__`` and ``_KEY`` (the slots that make two positions equal)."""

    __slots__: tuple[str, ...] = ()
    _KEY: tuple[str, ...] = ()

    # Every game's position has these three; its own slots hold them.
    _to_move: int
    _over: bool
    _ply: int

    if TYPE_CHECKING:  # as properties: mypy checks a type variable's bound (EngineState) before descriptors
        @property
        def to_move(self) -> int: ...

        @property
        def over(self) -> bool: ...
    else:
        to_move = SlotView[int]("_to_move", "Index of the player whose turn it is (after the end: who would be next).")
        over = SlotView[bool]("_over", "Whether the game has ended.")
    ply = SlotView[int]("_ply", "Moves applied since setup.")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; use apply_move to get a new state")

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, f) for f in self._KEY)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, ...]:
        return _restore, (type(self), tuple(getattr(self, f) for f in type(self).__slots__))


def builder(cls: type[_F]) -> type[_F]:
    """An open twin of the position class ``cls``: the same slots, plain attribute assignment.
    ``Work.freeze`` fills a new twin (``twin()``) with ``s._field = value`` (a store, not a call of
    ``object.__setattr__`` per slot: half the cost of a frozen position, #40) and then turns
    it into a ``cls`` by ``s.__class__ = cls`` (allowed: the two classes have the same layout)."""
    return cast("type[_F]", type(f"_Open{cls.__name__}", (FrozenState,),
                                 {"__slots__": cls.__slots__, "__setattr__": object.__setattr__}))


def _restore(cls: type[FrozenState], values: tuple[object, ...]) -> FrozenState:
    state = object.__new__(cls)
    for name, value in zip(cls.__slots__, values, strict=True):
        object.__setattr__(state, name, value)
    return state
