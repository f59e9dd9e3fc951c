"""The games list: a game opens from its game's name as well as its date, and a variation
("Play on from here") is marked as one, with its parent, where it is being played, and is
listed under its game, not in the club's history nor among the games being played now."""

import pytest
from django.test import Client

from games.services.variations import play_on_from
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db


def test_a_games_name_opens_the_game(alice):
    game = store(random_record(21), alice)
    body = Client().get("/games/").content.decode()
    assert f'<a href="/games/{game.pk}/" class="game-link">Imhotep: The Duel</a>' in body


def _section(body: str, section_id: str) -> str:
    start = body.index(f'id="{section_id}"')
    return body[start:body.index("</section>", start)]


def test_a_variation_being_played_is_marked_with_its_parent(alice):
    game = store(random_record(21), alice)
    variation = play_on_from(game, 7, user=alice)
    body = Client().get("/games/").content.decode()
    card = _section(body, "variations-in-progress")
    assert 'class="card variation"' in card
    assert f'A variation of <a href="/games/{game.pk}/">game {game.pk}</a> after move 7' in card
    assert f'href="/games/{variation.pk}/" class="game-link"' in card


def test_a_variation_is_not_listed_under_being_played_now(alice):
    """Issue 50: a variation is no game being played; it has its own list beside those."""
    game = store(random_record(21), alice)
    live = store(random_record(11, moves=10), alice)
    variation = play_on_from(game, 7, user=alice)
    body = Client().get("/games/").content.decode()
    being_played = _section(body, "in-progress")
    assert f'href="/games/{live.pk}/"' in being_played
    assert f'href="/games/{variation.pk}/"' not in being_played


def test_a_variation_is_not_in_the_club_history_list_but_under_its_game(alice):
    """Issue 39: a variation is listed under its game, never as a game of the club's history."""
    game = store(random_record(21), alice)
    variation = play_on_from(game, 7, user=alice)
    client = Client()
    for query in ("", "?status=in_progress"):
        listed = client.get(f"/games/{query}").content.decode()
        assert f'href="/games/{variation.pk}/"' not in listed[listed.index('id="games-results"'):]
    listed = client.get("/games/").content.decode()
    assert f'href="/games/{game.pk}/"' in listed[listed.index('id="games-results"'):]
    detail = client.get(f"/games/{game.pk}/").content.decode()
    assert f'href="/games/{variation.pk}/"' in detail


def test_a_variations_page_says_where_it_branched_once(alice):
    """Issue 50: the page's own sentence, in the reader's language; the stored note not again."""
    game = store(random_record(21), alice)
    variation = play_on_from(game, 7, user=alice)
    detail = Client().get(f"/games/{variation.pk}/").content.decode()
    assert detail.count(f'A variation of <a href="/games/{game.pk}/">game {game.pk}</a> after move 7') == 1
    assert f"Variation of game {game.pk} after move 7." not in detail
