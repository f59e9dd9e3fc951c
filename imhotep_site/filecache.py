"""The embedded shared cache (no REDIS_URL): Django's file cache, which every worker of one
machine shares, with a cheaper cull.

Django's ``FileBasedCache`` culls on every write, and its cull first lists the whole cache
directory: with the thousands of entries a club's replays and tables leave there, listing
costs several times the write itself, and the throttles write on every API request. This
cache culls on one write in ``CULL_EVERY`` per process instead, so the directory may hold up
to ``CULL_EVERY`` entries per worker more than ``MAX_ENTRIES`` between two culls.

``add`` and ``incr`` are atomic across the processes, as they are in Redis: ``add`` creates the
file only if no live one is there (a hard link cannot replace a file), and ``incr`` rewrites the
number in place under a file lock. Django's own ``add`` and ``incr`` read, then write a whole new
file, so two workers counting at once would lose counts.

The API throttles count every request (scoring/throttles.py): for them this cache also keeps
counters in a table every process maps (``count`` and ``counter``, imhotep_site/counters.py), at
a fraction of a file's cost (`bench/filecache.py`).
"""

from __future__ import annotations

import fcntl
import io
import itertools
import os
import pickle
import tempfile
import time
import zlib

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache

from imhotep_site.counters import CounterTable

CULL_EVERY = 100


class FileCache(FileBasedCache):
    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._writes = itertools.count()  # next() is atomic under the GIL: threads share it
        self._counters = CounterTable(dir)

    def count(self, key, delta, timeout, version=None) -> int:
        """Add ``delta`` to the counter ``key`` and return it; a missing or expired counter
        starts at ``delta`` and is kept ``timeout`` seconds. Counters are not cache entries:
        ``get`` does not see them, ``counter`` does."""
        return self._counters.count(self.make_key(key, version), delta, timeout)

    def counter(self, key, version=None) -> int:
        """The counter ``key`` (0 when missing or expired)."""
        return self._counters.value(self.make_key(key, version))

    def clear(self):
        super().clear()
        self._counters.clear()

    def _cull(self):
        if next(self._writes) % CULL_EVERY == 0:
            super()._cull()  # type: ignore[misc]  # private in django-stubs, real in Django

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        self._createdir()  # type: ignore[attr-defined]  # private in django-stubs, real in Django
        name = self._key_to_file(key, version)  # type: ignore[attr-defined]
        fd, staged = tempfile.mkstemp(dir=self._dir)  # type: ignore[attr-defined]
        try:
            with open(fd, "wb") as f:
                self._write_content(f, timeout, value)  # type: ignore[attr-defined]
            for _ in range(2):
                try:
                    os.link(staged, name)
                except FileExistsError:
                    if self.has_key(key, version):  # a live entry; an expired one is removed here
                        return False
                else:
                    self._cull()
                    return True
            return False
        finally:
            os.remove(staged)

    def incr(self, key, delta=1, version=None) -> int:
        name = self._key_to_file(key, version)  # type: ignore[attr-defined]
        try:
            fd = os.open(name, os.O_RDWR)
        except FileNotFoundError:
            raise ValueError(f"Key '{key}' not found") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # released when the file is closed
            content = b""
            while chunk := os.read(fd, 1 << 16):
                content += chunk
            stream = io.BytesIO(content)
            expiry = pickle.load(stream)  # the file: the expiry pickled, then the value pickled and compressed
            if expiry is not None and expiry < time.time():
                raise ValueError(f"Key '{key}' not found")  # expired: add() replaces it
            start = stream.tell()
            value = pickle.loads(zlib.decompress(content[start:])) + delta
            written = zlib.compress(pickle.dumps(value, self.pickle_protocol))
            os.pwrite(fd, written, start)
            if start + len(written) < len(content):
                os.ftruncate(fd, start + len(written))
            return value
        finally:
            os.close(fd)
