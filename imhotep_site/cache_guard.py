"""A cache outage makes requests slower, never failing (issue 38; docs/operations.md "When the
cache fails", docs/decisions.md).

Every alias of ``CACHES`` is a `GuardedCache` around the real backend (``INNER``: Redis,
diskcache's files, …). An error of the real backend — Redis down or unreachable, the cache files
read-only, full or damaged — is logged once, and the operation answers as an empty cache would:
``get`` a miss, ``set``/``delete`` nothing done. The callers compute what they wanted instead.
Throttles and slots (imhotep_lib/throttles.py, imhotep_lib/slots.py) allow while the cache is out:
``add`` answers True (the slot is taken), ``incr`` the delta (a first request of its window).
A ``ValueError`` of ``incr`` is no outage (the key is missing) and still reaches the caller.

After an error the real backend is left alone for ``RETRY_SECONDS``, so a dead Redis costs one
refused connection a second per process, not one per cache call (a page makes dozens);
`check` (the health check) always asks it.

The log says an outage twice per process (issue #52): "cache unreachable" when it starts (the
error's type and words, no traceback) and "cache back" when it ends, whatever the threads
(Django makes a cache object per thread: the state is the process's, `_Outage`, one per real
backend). It ends only after ``QUIET_SECONDS`` without an error: a cache that half works (files
read-only: reads answer, writes fail) stays out instead of saying "back" and "unreachable" in turn
at every request, as it did with 47 lines and 102 tracebacks a minute.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)

RETRY_SECONDS = 1.0
QUIET_SECONDS = 30.0  # without an error, after an outage, before the cache is said to be back
_MISSING = object()


class _Outage:
    """One real backend's outage in this process (every thread's cache object shares it)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.down_since: float | None = None  # monotonic time of the first error, while out
        self.retry_at = 0.0
        self.last_error = 0.0

    def failed(self, backend: str, operation: str, exc: Exception) -> None:
        now = time.monotonic()
        with self.lock:
            self.retry_at, self.last_error = now + RETRY_SECONDS, now
            if self.down_since is not None:
                return
            self.down_since = now
        logger.warning("cache unreachable: %s failed (%s: %s: %s); serving without it until it answers again",
                       backend, operation, type(exc).__name__, str(exc)[:200])

    def answered(self, backend: str) -> None:
        now = time.monotonic()
        with self.lock:
            if self.down_since is None or now - self.last_error < QUIET_SECONDS:
                return
            since, self.down_since = self.down_since, None
        logger.warning("cache back: %s answers again after %.0f s out", backend, now - since)


_outages: dict[tuple[str, str], _Outage] = {}
_outages_lock = threading.Lock()


def _outage_of(backend: str, location: str) -> _Outage:
    with _outages_lock:
        return _outages.setdefault((backend, location), _Outage())


class GuardedCache(BaseCache):
    def __init__(self, location: str, params: dict[str, Any]):
        params = dict(params)
        self.inner_path = params.pop("INNER")
        super().__init__(params)
        self._location, self._params = location, params
        self._inner: BaseCache | None = None
        self._lock = threading.Lock()
        self._outage = _outage_of(self.inner_path, str(location))

    @property
    def _retry_at(self) -> float:
        return self._outage.retry_at

    @_retry_at.setter
    def _retry_at(self, value: float) -> None:
        self._outage.retry_at = value

    # -- the real backend ---------------------------------------------------------------
    def inner(self) -> BaseCache:
        """The real backend, made on first use: diskcache opens its files when it is made, and
        a read-only directory must not fail the request that first touches the cache."""
        if self._inner is None:
            with self._lock:
                if self._inner is None:
                    self._inner = import_string(self.inner_path)(self._location, self._params)
        return self._inner

    def _call(self, name: str, fallback: Any, *args: Any, **kwargs: Any) -> Any:
        outage = self._outage
        if outage.down_since is not None and time.monotonic() < outage.retry_at:
            return fallback
        try:
            result = getattr(self.inner(), name)(*args, **kwargs)
        except ValueError as exc:
            if name in ("incr", "decr"):
                raise  # a missing key, as Django's API says: the caller's business
            outage.failed(self.inner_path, name, exc)
            return fallback
        except Exception as exc:
            outage.failed(self.inner_path, name, exc)
            return fallback
        if outage.down_since is not None:
            outage.answered(self.inner_path)
        return result

    def check(self) -> str:
        """"ok", or why the real backend cannot store and read back a value (the health check)."""
        try:
            inner = self.inner()
            inner.set("imhotep:healthz", 1, 10)
            if inner.get("imhotep:healthz") != 1:
                return "a value stored is not read back"
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"[:300]
        return "ok"

    @property
    def out(self) -> bool:
        return self._outage.down_since is not None

    # -- Django's cache API ---------------------------------------------------------------
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("add", True, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._call("get", default, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set", None, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("touch", False, key, timeout, version)

    def delete(self, key, version=None):
        return self._call("delete", False, key, version)

    def get_many(self, keys, version=None):
        return self._call("get_many", {}, keys, version)

    def has_key(self, key, version=None):
        return self._call("has_key", False, key, version)

    def incr(self, key, delta=1, version=None):
        return self._call("incr", delta, key, delta, version)

    def decr(self, key, delta=1, version=None):
        return self._call("decr", -delta, key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._call("set_many", list(data), data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._call("delete_many", None, keys, version)

    def clear(self):
        return self._call("clear", None)

    def close(self, **kwargs):
        if self._inner is not None:
            self._call("close", None, **kwargs)

    def forget(self) -> None:
        """Close the real backend's connections and make it anew at the next use (gunicorn's
        master before it forks: imhotep_site/warm.py). diskcache's Django backend is closed
        through its `FanoutCache` (imhotep_site/diskcache_backend.py keeps it open otherwise)."""
        inner, self._inner = self._inner, None
        fanout = getattr(inner, "_cache", None)
        try:
            if fanout is not None and hasattr(fanout, "close"):
                fanout.close()
            elif inner is not None:
                inner.close()
        except Exception:  # closing a cache that is out: nothing to keep
            pass
