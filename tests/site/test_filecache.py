"""The embedded shared cache culls on one write in 100 (imhotep_site/filecache.py)."""

from imhotep_site.filecache import CULL_EVERY, FileCache
from tests.kit import in_processes


def _entries(folder) -> int:
    return len(list(folder.glob("*.djcache")))


def test_writes_between_two_culls_list_no_directory(tmp_path):
    cache = FileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})
    for i in range(CULL_EVERY - 1):
        cache.set(f"k{i}", i)
    assert _entries(tmp_path) == CULL_EVERY - 1  # over MAX_ENTRIES, not culled yet


def test_the_cull_still_comes_and_keeps_the_directory_bounded(tmp_path):
    cache = FileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})
    for i in range(5 * CULL_EVERY):
        cache.set(f"k{i}", i)
    assert _entries(tmp_path) < 2 * CULL_EVERY
    assert cache.get(f"k{5 * CULL_EVERY - 1}") == 5 * CULL_EVERY - 1


def _count(folder: str, times: int) -> None:
    cache = FileCache(folder, {})
    for _ in range(times):
        try:
            cache.incr("hits")
        except ValueError:
            if not cache.add("hits", 1):
                cache.incr("hits")


def test_workers_counting_at_once_lose_no_count(tmp_path):
    in_processes(_count, str(tmp_path), 300)
    assert FileCache(str(tmp_path), {}).get("hits") == 4 * 300


def test_add_keeps_a_live_entry_and_replaces_an_expired_one(tmp_path):
    cache = FileCache(str(tmp_path), {})
    assert cache.add("k", 1, timeout=60) and not cache.add("k", 2, timeout=60)
    cache.set("old", 1, timeout=-1)
    assert cache.add("old", 5, timeout=60)
    assert (cache.get("k"), cache.get("old")) == (1, 5)


def test_incr_of_a_missing_or_expired_key_says_so(tmp_path):
    import pytest

    cache = FileCache(str(tmp_path), {})
    cache.set("old", 1, timeout=-1)
    for key in ("missing", "old"):
        with pytest.raises(ValueError, match="not found"):
            cache.incr(key)
