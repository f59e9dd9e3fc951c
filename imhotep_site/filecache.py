"""The embedded shared cache (no REDIS_URL): Django's file cache, which every worker of one
machine shares, with a cheaper cull.

Django's ``FileBasedCache`` culls on every write, and its cull first lists the whole cache
directory: with the thousands of entries a club's replays and tables leave there, listing
costs several times the write itself, and the throttles write on every API request. This
cache culls on one write in ``CULL_EVERY`` per process instead, so the directory may hold up
to ``CULL_EVERY`` entries per worker more than ``MAX_ENTRIES`` between two culls.
"""

from __future__ import annotations

import itertools

from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY = 100


class FileCache(FileBasedCache):
    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._writes = itertools.count()  # next() is atomic under the GIL: threads share it

    def _cull(self):
        if next(self._writes) % CULL_EVERY == 0:
            super()._cull()  # type: ignore[misc]  # private in django-stubs, real in Django
