"""A cache that was out while the history was written serves nothing cached before the write
once it answers again (issue #52). The history's version is kept in the database and moved in
the write's own transaction (games/services/history_version.py): the write's "the history
changed" cannot be lost with the cache, and the pages cached before it, still in the cache,
are kept under a version no request reads any more.

Each test runs the service's guarded cache (imhotep_site/cache_guard.py) over a real backend: a
page is cached, the cache hangs (Redis: a port that takes the connection and never answers) or
fails (diskcache: a stand-in that raises) while a game is stored, the real cache comes back with
the old page still in it, and the next read shows the game."""

import datetime
import socket
import uuid

import pytest
from django.core.cache import cache
from django.core.cache.backends.base import BaseCache

from games.services.recording import import_board
from tests.games.conftest import winning_board
from tests.services import redis_up

pytestmark = pytest.mark.django_db
DAY = datetime.date(2025, 3, 1)


class Unreachable(BaseCache):
    """A cache backend whose every call fails, as a cache whose files cannot be opened."""

    def __init__(self, location, params):
        super().__init__(params)

    def __getattribute__(self, name):
        if name in ("get", "set", "add", "incr", "decr", "delete", "get_many", "set_many", "has_key", "touch"):
            raise ConnectionError("the cache does not answer")
        return super().__getattribute__(name)


@pytest.fixture
def silent_port():
    """A port that takes connections and never answers: a hung Redis (the kernel accepts into
    the backlog; nothing ever reads or replies)."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        yield listener.getsockname()[1]


def guarded(inner: str, location: str, **options) -> dict:
    return {"BACKEND": "imhotep_site.cache_guard.GuardedCache", "INNER": inner, "LOCATION": location, **options}


@pytest.fixture(params=["redis", "diskcache"])
def real_and_out(request, tmp_path, silent_port):
    """The real cache and the same cache out, as two ``default`` cache settings."""
    if request.param == "redis":
        if not redis_up():
            pytest.skip("needs Redis on 127.0.0.1:6379")
        prefix = f"imhotep-test-caches-{uuid.uuid4().hex}"
        options = {"KEY_PREFIX": prefix, "OPTIONS": {"socket_connect_timeout": 0.3, "socket_timeout": 0.3}}
        real = guarded("django.core.cache.backends.redis.RedisCache", "redis://127.0.0.1:6379/0", **options)
        out = guarded("django.core.cache.backends.redis.RedisCache", f"redis://127.0.0.1:{silent_port}/0", **options)
        yield real, out
        import redis

        client = redis.Redis(host="127.0.0.1", port=6379)
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)
    else:
        real = guarded("imhotep_site.diskcache_backend.DiskCache", str(tmp_path / "cache"))
        out = guarded(f"{__name__}.Unreachable", "")
        yield real, out


def use(settings, config: dict) -> None:
    settings.CACHES = {**settings.CACHES, "default": config}  # a new cache object: the old one's state goes


def cached_entries() -> int:
    inner = cache.inner()
    if hasattr(inner, "_cache") and hasattr(inner._cache, "__len__"):  # diskcache
        return len(inner._cache)
    client = inner._cache.get_client()
    return sum(1 for _ in client.scan_iter(f"{inner.key_prefix}:*"))


@pytest.mark.parametrize("url", ["/games/", "/games/standings?game=duel"])
def test_a_game_stored_while_the_cache_was_out_shows_once_it_answers_again(client, settings, real_and_out, url):
    settings.IMHOTEP_MIN_RANKED_GAMES = 1
    real, out = real_and_out
    use(settings, real)
    import_board(winning_board("Ana", "Ben", DAY))
    assert "Cleo" not in client.get(url).content.decode()  # the tables cached without Cleo
    stale = cached_entries()
    assert stale > 0

    use(settings, out)
    import_board(winning_board("Cleo", "Dan", DAY + datetime.timedelta(days=1)))

    use(settings, real)
    assert cached_entries() >= stale  # the pages cached before the write are still there
    page = client.get(url).content.decode()
    assert "Cleo" in page and "Ana" in page

