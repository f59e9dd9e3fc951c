"""The counters every process of a machine shares (imhotep_site/counters.py): the embedded
cache's counters, which the API throttles count requests in."""

from __future__ import annotations

from imhotep_site.counters import BUCKETS, SIZE, WAYS, CounterTable, digest
from imhotep_site.filecache import FileCache
from tests.kit import in_processes


def _count(folder: str, times: int) -> None:
    table = CounterTable(folder)
    for _ in range(times):
        table.count("hits", 1, 60)


def test_processes_counting_at_once_lose_no_count(tmp_path):
    in_processes(_count, str(tmp_path), 300)
    assert CounterTable(tmp_path).value("hits") == 4 * 300


def test_a_counter_starts_at_its_first_delta_and_adds_the_next(tmp_path):
    table = CounterTable(tmp_path)
    assert [table.count("k", 1, 60), table.count("k", 1, 60), table.count("k", -1, 60)] == [1, 2, 1]
    assert table.value("k") == 1


def test_a_missing_counter_is_zero(tmp_path):
    assert CounterTable(tmp_path).value("never counted") == 0


def test_an_expired_counter_starts_again(tmp_path):
    table = CounterTable(tmp_path)
    table.count("k", 5, -1)  # expired as soon as it is written
    assert table.value("k") == 0
    assert table.count("k", 1, 60) == 1


def _same_bucket(n: int) -> list[str]:
    keys: list[str] = []
    bucket = digest("k0") % BUCKETS
    i = 0
    while len(keys) < n:
        if digest(f"k{i}") % BUCKETS == bucket:
            keys.append(f"k{i}")
        i += 1
    return keys


def test_a_full_bucket_gives_way_to_the_counter_that_expires_first(tmp_path):
    table = CounterTable(tmp_path)
    first, *others = _same_bucket(WAYS + 1)
    table.count(first, 7, 10)  # expires first
    for key in others[:-1]:
        table.count(key, 7, 100)
    table.count(others[-1], 1, 100)  # one more than the bucket holds
    assert table.value(first) == 0
    assert [table.value(key) for key in others] == [7] * (WAYS - 1) + [1]


def test_clear_forgets_every_counter(tmp_path):
    table = CounterTable(tmp_path)
    table.count("k", 3, 60)
    table.clear()
    assert table.value("k") == 0


def test_a_short_file_is_grown_to_the_table(tmp_path):
    table = CounterTable(tmp_path)
    table.path.write_bytes(b"cut short")
    table.count("k", 1, 60)
    assert table.path.stat().st_size == SIZE


def test_the_file_cache_counts_beside_its_entries(tmp_path):
    cache = FileCache(str(tmp_path), {})
    cache.set("k", "an entry")
    assert [cache.count("k", 1, 60), cache.count("k", 1, 60)] == [1, 2]
    assert (cache.get("k"), cache.counter("k")) == ("an entry", 2)
    cache.clear()
    assert (cache.get("k"), cache.counter("k")) == (None, 0)
