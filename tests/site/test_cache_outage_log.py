"""A cache outage in the log (issue #52, imhotep_site/cache_guard.py): "cache unreachable" once
when it starts and "cache back" once when it ends, per process whatever the threads (Django
makes a cache object per thread), without a traceback; a cache that half works (reads answer,
writes fail, as read-only files do) stays one outage instead of a line per request."""

from __future__ import annotations

import logging
import socket
import threading

import pytest
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.test import override_settings

from imhotep_site import cache_guard
from imhotep_site.cache_guard import GuardedCache

LOGGER = "imhotep_site.cache_guard"


class ReadOnlyCache(LocMemCache):
    """Reads answer, writes fail: the disk cache's files on a read-only file system."""

    def set(self, *args, **kwargs):
        raise OSError(30, "Read-only file system")


@pytest.fixture(autouse=True)
def _no_outage_yet():
    cache_guard._outages.clear()
    yield
    cache_guard._outages.clear()


def dead_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again: nothing listens there


def dead_redis_settings() -> dict:
    return {"default": {"BACKEND": "imhotep_site.cache_guard.GuardedCache",
                        "INNER": "django.core.cache.backends.redis.RedisCache",
                        "LOCATION": f"redis://127.0.0.1:{dead_port()}/0",
                        "OPTIONS": {"socket_connect_timeout": 0.5}}}


def said(caplog) -> list[str]:
    return [r.getMessage().split(":")[0] for r in caplog.records if r.name == LOGGER]


def test_an_outage_seen_by_four_threads_is_logged_once_without_a_traceback(caplog):
    def requests():
        cache = caches["default"]  # this thread's own cache object, as in a threaded server
        for _ in range(10):
            cache._retry_at = 0  # as if the retry pause had passed: the dead port is asked again
            cache.get("k")
            cache.set("k", 1)

    with override_settings(CACHES=dead_redis_settings()), caplog.at_level(logging.INFO, logger=LOGGER):
        threads = [threading.Thread(target=requests) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert said(caplog) == ["cache unreachable"]
    assert "ConnectionError" in caplog.records[0].getMessage()
    assert caplog.records[0].exc_info is None


def test_the_end_of_an_outage_is_logged_once(caplog, monkeypatch):
    monkeypatch.setattr(cache_guard, "QUIET_SECONDS", 0.0)
    cache = GuardedCache(f"redis://127.0.0.1:{dead_port()}/0", {
        "INNER": "django.core.cache.backends.redis.RedisCache", "OPTIONS": {"socket_connect_timeout": 0.5}})
    with caplog.at_level(logging.INFO, logger=LOGGER):
        cache.get("k")
        cache._inner = LocMemCache("back", {})  # the cache answers again
        cache._retry_at = 0
        for _ in range(5):
            cache.set("k", 1)
            assert cache.get("k") == 1
    assert said(caplog) == ["cache unreachable", "cache back"]
    assert not cache.out


def test_a_cache_whose_writes_fail_and_reads_answer_is_one_outage(caplog, monkeypatch):
    monkeypatch.setattr(cache_guard, "QUIET_SECONDS", 30.0)
    cache = GuardedCache("read-only", {"INNER": "tests.site.test_cache_outage_log.ReadOnlyCache"})
    with caplog.at_level(logging.INFO, logger=LOGGER):
        for _ in range(20):
            cache._retry_at = 0
            cache.get("k")
            cache.set("k", 1)
    assert said(caplog) == ["cache unreachable"]
    assert cache.out
