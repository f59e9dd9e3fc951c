"""The embedded shared cache (no REDIS_URL): diskcache's Django backend, left open between
requests.

Django closes every cache it has used when a request ends (``request_finished``), and
``DjangoCache.close`` closes its SQLite connections: the next request then opens them again,
which cost 29 ms per request where the throttle's read and increment cost under 0.1 ms
(`bench/caches.py`, 2026-11-26, a 2-core machine at load 23). diskcache's author advises leaving its connections
open (every operation is atomic; each thread has its own connection), so closing waits for the
process's end.
"""

from diskcache import DjangoCache


class DiskCache(DjangoCache):
    def close(self, **kwargs) -> None:
        """Nothing: the connections stay open for the next request (see the module's doc)."""
