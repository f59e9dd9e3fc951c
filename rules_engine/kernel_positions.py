"""The positions of a compiled replay (issue #40), shared by the engines: `KernelPositions`, the
sequence a `Replay.states` is when an engine's kernel replayed the record. It holds the kernel's
rows and makes an engine position of one the first time it is looked at (most callers look at
one or two of a record's positions); each engine says how (`_maker`)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from typing import Any, Generic, Protocol, TypeVar, overload

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


class Maker(Protocol[S_co]):
    """Makes the positions of one replay from its rows (lists), best in order (each from the last)."""

    def make(self, row: list[int]) -> S_co: ...


class KernelPositions(Sequence[S], Generic[S]):
    """A compiled replay's positions: ``start``, and one per kernel row (``rows``; None: only
    ``start``), then ``tail``, positions added after the rows (`Replay.extended`)."""

    __slots__ = ("_made", "_rows", "_start", "_tail")

    def __init__(self, start: S, rows: Any, tail: Sequence[S] = (), made: dict[int, S] | None = None) -> None:
        self._start = start
        self._rows = rows
        self._tail = tuple(tail)
        self._made: dict[int, S] = {} if made is None else made

    @abstractmethod
    def _maker(self) -> Maker[S]:
        """A maker of this replay's positions (the engine's)."""

    @abstractmethod
    def _with_tail(self, tail: Sequence[S]) -> KernelPositions[S]:
        """These rows with ``tail`` after them, the positions made so far shared."""

    def __len__(self) -> int:
        return (1 if self._rows is None else len(self._rows)) + len(self._tail)

    @overload
    def __getitem__(self, i: int) -> S: ...

    @overload
    def __getitem__(self, i: slice) -> list[S]: ...

    def __getitem__(self, i: int | slice) -> S | list[S]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        j = i + n if i < 0 else i
        if not 0 <= j < n:
            raise IndexError("position index out of range")
        kept = 1 if self._rows is None else len(self._rows)
        if j >= kept:
            return self._tail[j - kept]
        if self._rows is None:
            return self._start
        made = self._made.get(j)
        if made is None:
            made = self._made[j] = self._maker().make(self._rows[j].tolist())
        return made

    def __iter__(self) -> Iterator[S]:
        if self._rows is None or len(self._made) == len(self._rows):
            return (self[j] for j in range(len(self)))
        return self._all()

    def _all(self) -> Iterator[S]:
        """Every position in order, each made from the last, the made ones kept."""
        maker, made = self._maker(), self._made
        for j, row in enumerate(self._rows):
            state = maker.make(row.tolist())
            yield made.setdefault(j, state)
        yield from self._tail

    def __add__(self, other: Sequence[S]) -> KernelPositions[S]:
        """These positions and then ``other``'s, the rows not turned into positions."""
        return self._with_tail((*self._tail, *other))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, tuple, KernelPositions)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # a sequence that compares by content

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self)} positions>"
