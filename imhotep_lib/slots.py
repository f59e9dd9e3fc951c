"""Concurrency limits across every worker process and server: a named pool of slots in the
shared cache (Django's ``cache`` API only: Redis, or the cache every process of the machine
shares).

A slot is one cache key taken with ``cache.add`` (atomic in Redis and in the shared file cache:
only one caller creates a missing key) and kept for at most ``hold`` seconds, so a worker that
dies while holding one frees it when the key expires. Taking a slot never waits: when every slot
of the pool is taken the caller is told at once (`Busy`), and answers 429 with Retry-After.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from django.core.cache import cache


class Busy(Exception):
    """Every slot of a pool is taken: answered 429 with ``Retry-After: retry_after``."""

    def __init__(self, message: str, *, retry_after: int):
        super().__init__(message)
        self.message = message  # for people: a message (rules_engine.messages), said in the reader's language
        self.retry_after = retry_after


@contextmanager
def slot(pool: str, size: int, *, hold: int) -> Iterator[bool]:
    """Hold one of the ``size`` slots of ``pool`` for the block (at most ``hold`` seconds).
    Yields False, holding nothing, when every slot is taken."""
    token = uuid.uuid4().hex
    for i in range(size):
        key = f"slot:{pool}:{i}"
        if cache.add(key, token, hold):
            try:
                yield True
            finally:
                # Not ours any more if it expired and someone else took it meanwhile.
                if cache.get(key) == token:
                    cache.delete(key)
            return
    yield False


@contextmanager
def slots(pools: list[tuple[str, int]], *, hold: int) -> Iterator[bool]:
    """One slot of each of ``pools`` (name, size), or none at all: yields False when any pool
    is full (the slots already taken are given back at once)."""
    with ExitStack() as stack:
        for pool, size in pools:
            if not stack.enter_context(slot(pool, size, hold=hold)):
                stack.close()
                yield False
                return
        yield True
