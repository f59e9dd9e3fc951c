"""The cache guard (imhotep_site/cache_guard.py, issue 38): a real backend that fails answers as
an empty cache would and is logged once; a healthy one is untouched. tests/site/test_cache_outage.py
serves whole pages with Redis gone and with the cache files read-only."""

import logging

import pytest

from imhotep_lib.slots import slot
from imhotep_site import cache_guard
from imhotep_site.cache_guard import GuardedCache


@pytest.fixture(autouse=True)
def _no_outage_yet():
    """An outage is the process's (imhotep_site/cache_guard.py `_Outage`): each test starts without one."""
    cache_guard._outages.clear()
    yield
    cache_guard._outages.clear()


def dead_redis() -> GuardedCache:
    return GuardedCache("redis://127.0.0.1:9/0", {"INNER": "django.core.cache.backends.redis.RedisCache",
                                                   "OPTIONS": {"socket_connect_timeout": 0.5}})


def memory() -> GuardedCache:
    return GuardedCache("guard-test", {"INNER": "django.core.cache.backends.locmem.LocMemCache"})


def test_a_read_from_a_dead_cache_is_a_miss():
    assert dead_redis().get("k", "default") == "default"


def test_a_write_to_a_dead_cache_is_dropped_without_an_error():
    cache = dead_redis()
    cache.set("k", 1)
    cache.delete("k")
    assert cache.get_many(["k"]) == {}


def test_a_dead_cache_lets_a_throttle_count_a_first_request():
    assert dead_redis().incr("count", 1) == 1


def test_a_dead_cache_hands_out_a_slot(monkeypatch):
    import imhotep_lib.slots

    monkeypatch.setattr(imhotep_lib.slots, "cache", dead_redis())
    with slot("guard-test", 1, hold=5) as taken:
        assert taken


def test_an_outage_is_logged_once(caplog):
    cache = dead_redis()
    with caplog.at_level(logging.WARNING, logger="imhotep_site.cache_guard"):
        for _ in range(20):
            cache.get("k")
            cache._retry_at = 0  # as if the retry pause had passed: the backend is asked again
    assert len(caplog.records) == 1 and "serving without it" in caplog.records[0].getMessage()


def test_a_missing_key_still_refuses_an_increment():
    with pytest.raises(ValueError):
        memory().incr("missing")


def test_a_healthy_cache_stores_and_reads():
    cache = memory()
    assert cache.add("k", 1) and not cache.add("k", 2)
    assert cache.get("k") == 1 and cache.incr("k") == 2


def test_the_health_check_names_the_outage():
    assert "ConnectionError" in dead_redis().check() and memory().check() == "ok"
