"""The games list: a game opens from its game's name as well as its date, and a variation
("Play on from here") is marked as one, with its parent, wherever it is listed."""

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


def test_a_variation_being_played_is_marked_with_its_parent(alice):
    game = store(random_record(21), alice)
    variation = play_on_from(game, 7, user=alice)
    body = Client().get("/games/").content.decode()
    card = body[body.index('id="in-progress"'):body.index("</section>", body.index('id="in-progress"'))]
    assert 'class="card variation"' in card
    assert f'A variation of <a href="/games/{game.pk}/">game {game.pk}</a> after move 7' in card
    assert f'href="/games/{variation.pk}/" class="game-link"' in card


def test_a_variation_row_says_whose_variation_it_is(alice):
    game = store(random_record(21), alice)
    play_on_from(game, 7, user=alice)
    body = Client().get("/games/?status=in_progress").content.decode()
    assert f"variation of game {game.pk} after move 7" in body
