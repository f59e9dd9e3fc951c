"""The embedded shared cache culls on one write in 100 (imhotep_site/filecache.py)."""

from imhotep_site.filecache import CULL_EVERY, FileCache


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
