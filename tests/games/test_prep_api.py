"""GET /api/v1/players/<pk>/prep (games/api/views/prep.py): the prep sheet the page shows, as
JSON, for a player and for a pair; bad parameters refused naming the field."""

import pytest
from rest_framework.test import APIClient

from games.models import Player
from tests.games.test_prep import duel, history  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db


def _ana_and_ben():
    return Player.objects.get(name="Ana").pk, Player.objects.get(name="Ben").pk


def test_a_players_sheet_gives_their_results_with_sample_and_interval(history):  # noqa: F811
    ana, _ = _ana_and_ben()
    body = APIClient().get(f"/api/v1/players/{ana}/prep?game=duel").json()
    assert (body["game"], body["player"], body["player_name"], body["against"], body["games"]) == (
        "duel", ana, "Ana", None, 9)
    (mine,) = body["results"]
    assert (mine["games"], mine["wins"], mine["label"]) == (9, 4, "Ana")
    assert round(mine["low"], 2) == 0.19 and round(mine["high"], 2) == 0.73
    assert [s["id"] for s in body["sections"]][:2] == ["seats", "sides"]


def test_a_pairs_sheet_counts_the_games_both_sat_at(history):  # noqa: F811
    ana, ben = _ana_and_ben()
    body = APIClient().get(f"/api/v1/players/{ana}/prep?game=duel&against={ben}").json()
    assert (body["against"], body["against_name"], body["games"]) == (ben, "Ben", 6)
    assert [(r["label"], r["wins"]) for r in body["results"]] == [("Ana", 4), ("Ben", 2)]


def test_the_player_themselves_as_the_other_is_refused_naming_against(history):  # noqa: F811
    ana, _ = _ana_and_ben()
    response = APIClient().get(f"/api/v1/players/{ana}/prep?against={ana}")
    assert response.status_code == 400
    assert "must not be the player themselves" in response.json()["against"][0]


def test_an_unknown_other_player_is_refused_naming_against(history):  # noqa: F811
    ana, _ = _ana_and_ben()
    response = APIClient().get(f"/api/v1/players/{ana}/prep?against=999999")
    assert response.status_code == 400 and "No player with this id." in response.json()["against"][0]


def test_an_unknown_game_type_is_refused_naming_game(history):  # noqa: F811
    ana, _ = _ana_and_ben()
    response = APIClient().get(f"/api/v1/players/{ana}/prep?game=chess")
    assert response.status_code == 400 and list(response.json()) == ["game"]


def test_an_unknown_player_is_not_found(history):  # noqa: F811
    assert APIClient().get("/api/v1/players/999999/prep").status_code == 404
