"""games/lru.py: what a process keeps in front of the shared cache."""

from games.lru import LRU


def test_the_entry_used_last_stays_when_the_count_is_reached():
    kept = LRU(entries=2)
    kept.put("a", "1")
    kept.put("b", "2")
    kept.get("a")
    kept.put("c", "3")
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == ("1", None, "3")


def test_a_size_budget_drops_the_oldest_until_it_fits():
    kept = LRU(size=10)
    for key in "abcd":
        kept.put(key, "x" * 4)
    assert len(kept) == 2 and kept.used == 8 and kept.get("a") is None


def test_putting_a_key_again_counts_its_size_once():
    kept = LRU(size=10)
    kept.put("a", "x" * 4)
    kept.put("a", "x" * 6)
    assert kept.used == 6 and len(kept) == 1
