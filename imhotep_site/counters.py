"""Counters every process of one machine shares: a table of fixed size in a memory-mapped file
beside the embedded cache (imhotep_site/filecache.py).

The API throttles count every request (scoring/throttles.py). Counted in a cache file, each
request opens, locks, reads, unpickles, rewrites and closes that file; counted here, it is a
lock, a few bytes read and written in memory every process maps, and the unlock: four to eight
times faster (`bench/filecache.py`).

The table is ``BUCKETS`` buckets of ``WAYS`` slots. A slot holds a key's digest (8 bytes; 0 is
an empty slot), when the counter expires (seconds since the epoch) and its value. A key lives in
one of the slots of the bucket its digest names. When every slot of that bucket holds a live
counter, the one that expires first gives way: a throttle then forgets an old window early,
which lets a client through sooner, never later. Two keys with one digest would share a counter;
with 64-bit digests that is as likely as never.

All processes lock the whole file (``flock``) around a slot's read and write; threads of one
process also take a lock of their own, as ``flock`` does not tell them apart. The file's name
carries the layout, so a server of another release never maps it with another size; a file is
only ever grown (a process still mapping it could not read past its end otherwise).
"""

from __future__ import annotations

import fcntl
import hashlib
import mmap
import os
import struct
import threading
import time
from pathlib import Path

WAYS = 8
BUCKETS = 8192  # 65,536 counters: a throttle keeps two per client (this window and the one before)
_SLOT = struct.Struct("<Qdq")  # digest, expires, value
_HEADER = 64
_MAGIC = b"imhotep counters 1\n"
SIZE = _HEADER + BUCKETS * WAYS * _SLOT.size
FILE_NAME = f"counters-{WAYS}x{BUCKETS}.table"


def digest(key: str) -> int:
    """A key's 64-bit digest, the same in every process (``hash()`` is salted per process)."""
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little") or 1


def _bucket(found: int) -> range:
    """The offsets of the slots a digest may use."""
    first = _HEADER + found % BUCKETS * WAYS * _SLOT.size
    return range(first, first + WAYS * _SLOT.size, _SLOT.size)


class CounterTable:
    def __init__(self, folder: str | Path):
        self.path = Path(folder) / FILE_NAME
        self._lock = threading.Lock()
        self._pid: int | None = None
        self._fd = -1
        self._map: mmap.mmap | None = None

    def count(self, key: str, delta: int, timeout: float) -> int:
        """Add ``delta`` to ``key``'s counter and return it; a counter that is missing or has
        expired starts at ``delta`` and lives ``timeout`` seconds."""
        found = digest(key)
        now = time.time()
        with self._locked() as table:
            free = soonest = -1
            soonest_expiry = float("inf")
            for offset in _bucket(found):
                held, expires, value = _SLOT.unpack_from(table, offset)
                if expires <= now or not held:
                    if free < 0:
                        free = offset
                elif held == found:
                    _SLOT.pack_into(table, offset, held, expires, value + delta)
                    return value + delta
                elif expires < soonest_expiry:
                    soonest, soonest_expiry = offset, expires
            _SLOT.pack_into(table, free if free >= 0 else soonest, found, now + timeout, delta)
            return delta

    def value(self, key: str) -> int:
        """``key``'s counter, 0 when it is missing or has expired."""
        found = digest(key)
        now = time.time()
        with self._locked() as table:
            for offset in _bucket(found):
                held, expires, value = _SLOT.unpack_from(table, offset)
                if held == found and expires > now:
                    return value
        return 0

    def clear(self) -> None:
        with self._locked() as table:
            table[_HEADER:] = bytes(SIZE - _HEADER)

    def _locked(self) -> _Held:
        return _Held(self)

    def _open(self) -> None:
        """Map the file in this process: once, and again in a forked child (whose inherited
        descriptor would share the parent's lock instead of competing for it)."""
        if self._map is not None:
            self._map.close()
            os.close(self._fd)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            if os.fstat(fd).st_size < SIZE:  # new (or cut short): grown, never shrunk
                os.ftruncate(fd, SIZE)
                os.pwrite(fd, _MAGIC, 0)
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
        self._map = mmap.mmap(fd, SIZE)
        self._fd = fd
        self._pid = os.getpid()


class _Held:
    """The table, locked against this process's other threads and every other process."""

    def __init__(self, table: CounterTable):
        self.table = table

    def __enter__(self) -> mmap.mmap:
        table = self.table
        table._lock.acquire()
        try:
            if table._pid != os.getpid():
                table._open()
            fcntl.flock(table._fd, fcntl.LOCK_EX)
        except BaseException:
            table._lock.release()
            raise
        assert table._map is not None
        return table._map

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self.table._fd, fcntl.LOCK_UN)
        self.table._lock.release()
