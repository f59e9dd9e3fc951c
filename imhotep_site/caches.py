"""The service's caches (settings.CACHES), one for every worker process: throttle counters (DRF)
must count a client once whatever worker answers, and the cached tables serve every worker
(docs/operations.md, "Caching"). Never a per-process memory cache."""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured


def caches(redis_url: str, cache_dir: str) -> dict[str, dict[str, object]]:
    """Redis at ``redis_url`` (redis://host:6379/0) for deployments of several machines; without
    it diskcache's Django backend (imhotep_site/diskcache_backend.py): SQLite files in
    ``cache_dir``, which every process on the machine shares, with atomic increments, apart from
    the database (a cache write never waits for the database's lock). Plus the "uncached" alias,
    a dummy cache for benchmarks (settings.IMHOTEP_UNCACHED). Every alias behind
    imhotep_site/cache_guard.py: a cache that fails (Redis down, its files read-only or full) is
    logged once and answers misses, so requests get slower, never fail; /healthz says so."""
    configs: dict[str, dict[str, object]]
    if redis_url:
        if not redis_url.startswith(("redis://", "rediss://", "unix://")):
            raise ImproperlyConfigured(f"REDIS_URL must be a redis:// URL, got {redis_url[:20]!r}")
        configs = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": redis_url,
                               # A Redis that went away costs a request at most this long (the guard).
                               "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2}}}
    else:
        configs = {
            "default": {
                "BACKEND": "imhotep_site.diskcache_backend.DiskCache",
                "LOCATION": cache_dir,
                # Eight SQLite files, so that workers writing at once seldom wait for one another.
                "SHARDS": 8,
                # 256 MB; the least recently stored entries go first. No memory-mapped reads: a cache
                # file that cannot be read (disk full, damaged) is then an error the guard answers
                # as a miss, where a mapped page killed the worker with SIGBUS.
                "OPTIONS": {"size_limit": 2**28, "sqlite_mmap_size": 0},
            }
        }
    configs["uncached"] = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    return {alias: {**config, "BACKEND": "imhotep_site.cache_guard.GuardedCache", "INNER": config["BACKEND"]}
            for alias, config in configs.items()}
