"""A live move replays nothing it need not: the move is played on the position the page
showed (its replay cached), and the page after it is rendered from that result. Counted on
the engines' one replay loop (`rules_engine.gametype.replay_moves`), the one validator of records."""

import json

import pytest
from django.core.cache import cache
from django.test import Client

from games.models import Move
from games.play import appending
from games.ui import timeline
from rules_engine.classic import record as classic_record
from rules_engine.duel import record as duel_record
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def moves_replayed(monkeypatch):
    """How many moves the engines have played through their replay loop since the start."""
    played = []
    for module in (duel_record, classic_record):
        real = module.replay_moves

        def counting(state, raw_moves, *args, _real=real, **kwargs):
            raw_moves = list(raw_moves)
            played.append(len(raw_moves))
            return _real(state, raw_moves, *args, **kwargs)

        monkeypatch.setattr(module, "replay_moves", counting)
    return played


@pytest.fixture(autouse=True)
def _cold_caches():
    cache.clear()
    timeline.forget()


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("make", [lambda: random_record(11), lambda: random_record(5, players=4, game="classic")],
                         ids=["duel", "base game"])
def test_a_move_tapped_on_the_page_plays_one_move_and_replays_nothing(make, alice, moves_replayed):
    full = make()
    game = store({**full, "moves": full["moves"][:30]}, alice)
    client = _client(alice)
    assert client.get(f"/games/{game.pk}/play").status_code == 200  # the position the player sees
    moves_replayed.clear()
    response = client.post(f"/games/{game.pk}/play", {"ply": 30, "move": json.dumps(full["moves"][30])}, headers=HTMX)
    assert response.status_code == 200 and 'data-ply="31"' in response.content.decode()
    assert Move.objects.filter(game=game).count() == 31
    assert moves_replayed == [1]


def test_a_move_sent_without_the_page_replays_the_game_once(alice, moves_replayed, api_client):
    full = random_record(12)
    game = store({**full, "moves": full["moves"][:20]}, alice)
    cache.clear()
    timeline.forget()
    client = _client(alice)
    moves_replayed.clear()
    response = client.post(f"/games/{game.pk}/play", {"ply": 20, "move": json.dumps(full["moves"][20])}, headers=HTMX)
    assert response.status_code == 200
    # draws_needed reads the position once (a replay of 20 moves); the move itself is then
    # played on it, and the page is drawn from the result.
    assert moves_replayed == [20, 1]


def test_a_rejected_move_stores_nothing_and_names_the_move(alice):
    full = random_record(13)
    game = store({**full, "moves": full["moves"][:10]}, alice)
    client = _client(alice)
    client.get(f"/games/{game.pk}/play")
    response = client.post(f"/games/{game.pk}/play", {"ply": 10, "move": json.dumps({"type": "place", "cell": "z9"})},
                           headers=HTMX)
    assert "That move was not recorded" in response.content.decode()
    assert Move.objects.filter(game=game).count() == 10


@pytest.mark.parametrize(("game", "plies"), [("duel", 20), ("classic", 30)])
def test_a_tapped_live_move_builds_the_record_once_and_hashes_it_once(alice, monkeypatch, game, plies):
    """The record is built once (for the position the page showed) and hashed once (its key);
    the move is appended to that record, its key folded from the one before, and the page
    drawn from the state the append produced."""
    full = random_record(15, players=3, game=game) if game == "classic" else random_record(15)
    stored = store({**full, "moves": full["moves"][:plies]}, alice)
    client = _client(alice)
    client.get(f"/games/{stored.pk}/play")  # the page the player taps on
    builds, hashes = [], []
    for module in (timeline, appending):
        monkeypatch.setattr(module, "record_of", lambda g, _real=module.record_of: builds.append(g.pk) or _real(g))
    monkeypatch.setattr(timeline, "_key", lambda g, r, _real=timeline._key: hashes.append(g.pk) or _real(g, r))
    response = client.post(f"/games/{stored.pk}/play", {"ply": plies, "move": json.dumps(full["moves"][plies])},
                           headers=HTMX)
    assert response.status_code == 200 and Move.objects.filter(game=stored).count() == plies + 1
    assert (builds, hashes) == ([stored.pk], [stored.pk])


def test_an_appended_moves_timeline_is_found_by_the_longer_records_key(alice, moves_replayed):
    """The key folded from the position before is the key of the record read back afterwards."""
    full = random_record(16)
    game = store({**full, "moves": full["moves"][:12]}, alice)
    client = _client(alice)
    client.get(f"/games/{game.pk}/play")
    client.post(f"/games/{game.pk}/play", {"ply": 12, "move": json.dumps(full["moves"][12])}, headers=HTMX)
    cache.clear()  # only this process's timelines: the appended one must be found by its key
    moves_replayed.clear()
    assert timeline.load_timeline(game).plies == 13
    assert moves_replayed == []


def test_a_benchmark_keeps_no_replay(alice, settings):
    # bench/clubnight.py --uncached replays: the run that shows what keeping replays gains.
    settings.IMHOTEP_KEEP_REPLAYS = False
    game = store(random_record(11), alice)
    assert timeline.load_timeline(game) is not timeline.load_timeline(game)
