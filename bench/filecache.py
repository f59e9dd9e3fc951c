"""The embedded shared cache's write time with a full directory (imhotep_site/filecache.py):

    .venv/bin/python bench/filecache.py [--entries 15000]

Fills a throwaway cache directory with N entries, then times 500 small writes (a throttle's
history) with Django's FileBasedCache and with ours, which culls on one write in 100. Then a
throttle's counting, 2,000 increments of a counter: in a cache file (``incr``) and in the
counter table every process maps (``count``, imhotep_site/counters.py), which the throttles
use. Prints the load average first, then each median and their ratio."""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def median_write_ms(cls, entries: int) -> float:
    folder = tempfile.mkdtemp(prefix="imhotep-cache-bench-")
    try:
        cache = cls(folder, {"OPTIONS": {"MAX_ENTRIES": 20_000}})
        for i in range(entries):
            cache.set(f"fill{i}", i, 3600)
        times = []
        for i in range(500):
            start = time.perf_counter()
            cache.set(f"throttle{i % 5}", [time.time()] * 5, 60)
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def median_increment_us(count) -> float:
    return statistics.median(timeit.repeat(count, number=1, repeat=2000)) * 1e6


def increments(cls) -> tuple[float, float]:
    folder = tempfile.mkdtemp(prefix="imhotep-cache-bench-")
    try:
        cache = cls(folder, {})
        cache.add("hits", 0, 3600)
        return (median_increment_us(lambda: cache.incr("hits")),
                median_increment_us(lambda: cache.count("hits", 1, 3600)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=15_000)
    args = parser.parse_args()
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imhotep_site.settings")
    import django

    django.setup()
    from django.core.cache.backends.filebased import FileBasedCache

    from imhotep_site.filecache import FileCache

    django_ms = median_write_ms(FileBasedCache, args.entries)
    ours_ms = median_write_ms(FileCache, args.entries)
    print(f"{args.entries} entries: Django FileBasedCache {django_ms:.3f} ms a write, "
          f"imhotep FileCache {ours_ms:.3f} ms ({django_ms / ours_ms:.0f}× faster)")
    in_file, in_table = increments(FileCache)
    print(f"a counter's increment: in a cache file {in_file:.1f} µs, in the counter table {in_table:.1f} µs "
          f"({in_file / in_table:.1f}× faster)")


if __name__ == "__main__":
    main()
