"""The example plugin's own game (the Obelisk race, examples/imhotep-house-rules) comes with
its own pages through the ``imhotep_game_ui`` hook: calculator, live entry and replay, with
no change to the service."""

import json

import pytest

pytest.importorskip("imhotep_house_rules", reason="installed by `make test` from examples/imhotep-house-rules")

from games.models import Game
from rules_engine.testing import check_random_games
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
GAME = "obelisk-race"


def test_the_game_plays_through_the_plugin_kit():
    from imhotep_house_rules.race import RACE

    check_random_games(RACE, games=5)


def test_its_calculator_page_scores_a_board(client, plugin_registry):
    page = client.get(f"/score/{GAME}", {"name0": "Ana", "name1": "Ben", "obelisk0": "5", "obelisk1": "4"})
    assert page.status_code == 200
    body = page.content.decode()
    assert 'id="race-form"' in body
    assert "Ana wins." in body
    assert '<td class="total">8</td>' in body  # 5 blocks + 3 for the taller obelisk


def test_its_calculator_answers_htmx_with_the_result_only(client, plugin_registry):
    query = {"obelisk0": "2", "obelisk1": "2"}
    body = client.get(f"/score/{GAME}", query, headers={"HX-Request": "true"}).content.decode()
    assert body.lstrip().startswith('<section id="result"')
    assert "Second player wins." in body  # equal totals: the player who did not start


def test_the_home_page_links_its_calculator(client, plugin_registry):
    assert f'href="/score/{GAME}"' in client.get("/").content.decode()


def test_no_calculator_without_the_plugin(client):
    assert client.get(f"/score/{GAME}").status_code == 404


def _play(client, moves):
    client.post("/games/new", {"game": GAME, "first": "Ana", "second": "Ben"})
    game = Game.objects.get(game_type=GAME)
    for ply, blocks in enumerate(moves):
        response = client.post(f"/games/{game.pk}/play", {"ply": ply, "move": json.dumps({"blocks": blocks})})
        assert response.status_code == 302, response.content
    return Game.objects.get(pk=game.pk)


def test_live_entry_records_it_to_the_end(client, plugin_registry):
    client.force_login(UserFactory())
    game = _play(client, [2, 2, 2, 2, 1])  # Ana 2+2+1 = 5, Ben 4
    assert game.status == Game.Status.FINISHED
    seats = list(game.seats.order_by("order").select_related("result"))
    assert [s.result.total for s in seats] == [8, 4]
    assert [s.colour for s in seats] == ["black", "white"]


def test_its_replay_shows_its_board_and_stories(client, plugin_registry):
    client.force_login(UserFactory())
    game = _play(client, [2, 1])
    body = client.get(f"/games/{game.pk}/replay", {"ply": 1}).content.decode()
    assert 'id="race-board"' in body
    assert "Move 1: Ana takes 2 blocks" in body
    assert '<strong id="quarry-count">7</strong>' in body
