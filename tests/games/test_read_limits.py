"""The explorer and the ratings check bounded like hints (issue 38; games/read_limits.py):
callers not signed in are throttled and given a slot; the explorer's facts are filled by one
process at a time, and a fill keeps the other tables' caches; the ratings check is worked out
by one process while the others answer the check before."""

from __future__ import annotations

import datetime
import random
import threading

import pytest
from django.core.cache import cache
from django.db import connection

from games import read_limits
from games.models import GameFacts
from games.services import explorer, explorer_facts, generated, history_version, ratings_check, recording
from games.services.explorer import Filters
from imhotep_lib.slots import Busy, slot
from rules_engine.registry import default_registry
from tests.games.conftest import winning_board

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 5, 1)
ANON = read_limits.Caller("address:203.0.113.9", anonymous=True)


def _record(seed: int) -> dict:
    record = default_registry().game("duel").random_record(random.Random(seed))
    record["players"] = ["Ana", "Ben"]
    return record


@pytest.fixture
def three_games():
    return [recording.import_record(_record(seed)).game for seed in range(3)]


@pytest.fixture
def slow_rates(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "explorer_anon": "2/min", "ratings_check_anon": "2/min"}}


def _hold(pool: str, size: int):
    """Every slot of ``pool`` taken, as by other workers answering meanwhile."""
    held = [slot(pool, size, hold=60) for _ in range(size)]
    for taken in held:
        assert taken.__enter__()
    return held


def _release(held) -> None:
    for taken in held:
        taken.__exit__(None, None, None)


# --------------------------------------------------------------------------- throttles


@pytest.mark.parametrize("url", ["/games/explorer?game=duel", "/api/v1/explorer?game=duel",
                                 "/games/ratings-check?game=duel", "/api/v1/ratings-check?game=duel"])
def test_a_caller_not_signed_in_over_the_rate_is_answered_429(client, three_games, slow_rates, url):
    assert [client.get(url).status_code for _ in range(2)] == [200, 200]
    response = client.get(url)
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    assert "too many requests from you" in response.content.decode().lower()


@pytest.mark.parametrize("url", ["/games/explorer?game=duel", "/api/v1/ratings-check?game=duel"])
def test_a_signed_in_member_is_not_counted(client, alice, three_games, slow_rates, url):
    client.force_login(alice)
    assert {client.get(url).status_code for _ in range(4)} == {200}


# --------------------------------------------------------------------------- slots


def test_an_explorer_answer_not_kept_waits_for_no_slot_it_is_refused_429(client, three_games):
    held = _hold("explorer-anonymous", 1)
    try:
        response = client.get("/api/v1/explorer?game=duel")
    finally:
        _release(held)
    assert response.status_code == 429
    assert response["Retry-After"] == str(read_limits.RETRY_SECONDS)
    assert "being worked out for other readers" in response.json()["detail"]


def test_an_explorer_answer_kept_is_served_while_every_slot_is_taken(client, three_games):
    assert client.get("/api/v1/explorer?game=duel").status_code == 200
    held = _hold("explorer", 2)
    try:
        response = client.get("/api/v1/explorer?game=duel")
    finally:
        _release(held)
    assert response.status_code == 200
    assert response.json()["games"] == 3


def test_a_member_is_not_held_back_by_the_anonymous_pool(client, alice, three_games):
    client.force_login(alice)
    held = _hold("explorer-anonymous", 1)
    try:
        assert client.get("/games/explorer?game=duel").status_code == 200
    finally:
        _release(held)


# --------------------------------------------------------------------------- facts


def test_facts_are_worked_out_when_generated_games_are_stored():
    generated.generate(5, 3)
    assert explorer.uncounted("duel").count() == 0
    assert GameFacts.objects.count() == 5


def test_a_fill_keeps_the_history_version_and_the_tables_cached_under_it(client, three_games):
    assert client.get("/games/standings?game=duel").status_code == 200
    ratings_check.cached_check("duel")
    GameFacts.objects.all().delete()  # as a restore leaves them
    version = history_version.current()
    assert explorer.fill("duel") == 3
    assert history_version.current() == version
    assert cache.get(f"imhotep:ratings-check:{version}:duel") is not None


def test_a_fill_moves_the_explorers_own_version():
    recording.import_record(_record(1))
    GameFacts.objects.all().delete()
    before = explorer.facts_version()
    explorer.fill("duel")
    assert explorer.facts_version() != before


def test_a_reader_counts_what_is_known_while_another_process_fills(three_games):
    GameFacts.objects.filter(game=three_games[0]).delete()
    held = _hold("explorer-fill", 1)
    try:
        answer = explorer.explore(Filters("duel"), ANON)
    finally:
        _release(held)
    assert (answer.games, answer.uncounted) == (2, 1)
    assert not GameFacts.objects.filter(game=three_games[0]).exists()


def test_the_command_takes_its_turn_after_the_reader_filling(three_games):
    GameFacts.objects.all().delete()
    held = _hold("explorer-fill", 1)
    try:
        assert explorer.fill("duel", wait=False) == 0
        assert explorer.fill("duel") == 3  # the command waits (on PostgreSQL, for the lock)
    finally:
        _release(held)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_fills_on_postgresql_neither_deadlock_nor_duplicate():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://…); SQLite serialises writers")
    for seed in range(12):
        recording.import_record(_record(seed))
    GameFacts.objects.all().delete()
    barrier = threading.Barrier(4, timeout=60)
    errors: list[BaseException] = []
    done: list[int] = []

    def reader() -> None:
        try:
            barrier.wait()
            cache.delete("slot:explorer-fill:0")  # as on nodes that share no cache: the lock alone
            done.append(explorer_facts.fill("duel", 5, batch=2, wait=False))
        except BaseException as exc:  # reported on the test thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=reader) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    assert GameFacts.objects.count() == sum(done)
    assert explorer_facts.fill("duel") == 12 - sum(done)
    assert GameFacts.objects.count() == 12


# --------------------------------------------------------------------------- the ratings check


@pytest.fixture
def six_games():
    pairs = [("Ana", "Ben"), ("Ana", "Cleo"), ("Ben", "Cleo"), ("Ana", "Ben"), ("Cleo", "Ana"), ("Ana", "Cleo")]
    return [recording.import_board(winning_board(a, b, DAY + datetime.timedelta(days=n))).game
            for n, (a, b) in enumerate(pairs)]


def test_while_another_process_works_the_check_out_a_reader_gets_the_check_before(six_games):
    before = ratings_check.cached_check("duel")
    recording.import_board(winning_board("Ben", "Ana", DAY + datetime.timedelta(days=30)))
    held = _hold("ratings-check-flight:duel", 1)
    try:
        answer = ratings_check.cached_check("duel", ANON)
    finally:
        _release(held)
    assert answer.games == before.games == 6
    assert ratings_check.cached_check("duel", ANON).games == 7  # the flight free again: worked out


def test_with_no_check_before_a_reader_waits_briefly_then_is_busy(six_games, monkeypatch):
    monkeypatch.setattr(ratings_check, "WAIT_SECONDS", 0)
    held = _hold("ratings-check-flight:duel", 1)
    try:
        with pytest.raises(Busy):
            ratings_check.cached_check("duel", ANON)
    finally:
        _release(held)
