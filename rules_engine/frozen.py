"""The base of every engine's immutable position (`DuelState`, `ClassicState`): slots that the
engine fills once (with ``object.__setattr__``, in ``Work.freeze``), no assignment after,
the accessors every position has (player to move, over, ply), equality and hash by value,
and pickling by value, so a replay can be kept in a shared cache
(Redis or the database) and read back by another worker."""

from __future__ import annotations

from typing import Any


class FrozenState:
    """Subclasses set ``__slots__`` and ``_KEY`` (the slots that make two positions equal)."""

    __slots__: tuple[str, ...] = ()
    _KEY: tuple[str, ...] = ()

    # Every game's position has these three; its own slots hold them.
    _to_move: int
    _over: bool
    _ply: int

    @property
    def to_move(self) -> int:
        """Index of the player whose turn it is (after the end: who would have been next)."""
        return self._to_move

    @property
    def over(self) -> bool:
        return self._over

    @property
    def ply(self) -> int:
        """Moves applied since setup."""
        return self._ply

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; use apply_move to get a new state")

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self._KEY)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (type(self), tuple(getattr(self, f) for f in type(self).__slots__))


def _restore(cls: type[FrozenState], values: tuple[Any, ...]) -> FrozenState:
    state = object.__new__(cls)
    for name, value in zip(cls.__slots__, values, strict=True):
        object.__setattr__(state, name, value)
    return state
