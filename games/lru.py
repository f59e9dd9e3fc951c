"""What a process keeps in memory in front of the shared cache: the entries used last, within a
number of entries or a total size (``LRU``), read and written together with the shared cache
(``read``, ``write``). Safe to share between threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from django.core.cache import cache

V = TypeVar("V")


class LRU(Generic[V]):
    def __init__(self, *, entries: int | None = None, size: int | None = None,
                 measure: Callable[[V], int] = len):  # type: ignore[assignment]
        self.entries, self.size, self.measure = entries, size, measure
        self.used = 0  # the measure of everything kept
        self._kept: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
            return value

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self.used -= self.measure(old)
            self._kept[key] = value
            self.used += self.measure(value)
            while self._kept and ((self.entries is not None and len(self._kept) > self.entries)
                                  or (self.size is not None and self.used > self.size)):
                self.used -= self.measure(self._kept.popitem(last=False)[1])

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.used = 0


def read(local: LRU[V], key: str) -> V | None:
    """``key`` from ``local``, else from the shared cache (then kept in ``local`` too)."""
    value = local.get(key)
    if value is None:
        value = cache.get(key)
        if value is not None:
            local.put(key, value)
    return value


def write(local: LRU[V], key: str, value: V, ttl: int) -> None:
    """``value`` into ``local`` and into the shared cache for ``ttl`` seconds."""
    local.put(key, value)
    cache.set(key, value, ttl)
