"""GET /api/v1/ratings-check: the ratings check as JSON, in the OpenAPI schema."""

import datetime

import pytest
from rest_framework.test import APIClient

from games.services.recording import import_board
from tests.factories import finished_game
from tests.games.conftest import winning_board

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 5, 1)
WINS = [("Ana", "Ben"), ("Ana", "Cleo"), ("Ben", "Cleo"), ("Ana", "Ben"), ("Cleo", "Ana"), ("Ana", "Cleo")]


@pytest.fixture
def six_games():
    for n, (winner, loser) in enumerate(WINS):
        import_board(winning_board(winner, loser, DAY + datetime.timedelta(days=n)))


def test_the_answer_gives_each_system_with_its_sample_size(api_client, six_games):
    body = api_client.get("/api/v1/ratings-check?game=duel").json()
    assert (body["game"], body["games"], body["scored"], body["shared_wins"]) == ("duel", 6, 6, 0)
    assert {s["key"]: s["games"] for s in body["systems"]} == {"openskill": 6, "elo": 6, "wins": 6, "equal": 6}


def test_systems_come_best_first(api_client, six_games):
    systems = api_client.get("/api/v1/ratings-check?game=duel").json()["systems"]
    assert [s["rank"] for s in systems] == [1, 2, 3, 4]
    assert [s["log_loss"] for s in systems] == sorted(s["log_loss"] for s in systems)


def test_the_win_count_figure_is_the_hand_computed_one(api_client, six_games):
    # The same history as tests/games/test_ratings_check.py: mean −ln P = 0.726971.
    systems = api_client.get("/api/v1/ratings-check?game=duel").json()["systems"]
    wins = next(s for s in systems if s["key"] == "wins")
    assert wins["log_loss"] == pytest.approx(0.726971, abs=1e-6)
    assert wins["accuracy"] == pytest.approx(4 / 6)


def test_six_games_are_too_few_to_tell_the_ratings_from_chance(api_client, six_games):
    body = api_client.get("/api/v1/ratings-check?game=duel").json()
    assert body["ratings_against_chance"] == "unclear"


def test_the_default_game_is_the_most_played(api_client):
    finished_game(names=("Ana", "Ben", "Cleo"), totals=(50, 40, 30), played_on=DAY, game_type="classic")
    assert api_client.get("/api/v1/ratings-check").json()["game"] == "classic"


def test_without_games_there_are_no_figures(api_client):
    body = api_client.get("/api/v1/ratings-check?game=duel").json()
    assert body["games"] == 0
    assert all(s["log_loss"] is None and s["rank"] is None for s in body["systems"])


def test_an_unknown_game_type_is_refused_naming_the_parameter(api_client):
    response = api_client.get("/api/v1/ratings-check?game=chess")
    assert response.status_code == 400
    assert "duel" in response.json()["game"][0]


def test_names_follow_the_readers_language(api_client, six_games):
    systems = api_client.get("/api/v1/ratings-check?game=duel", HTTP_ACCEPT_LANGUAGE="de").json()["systems"]
    equal = next(s for s in systems if s["key"] == "equal")
    assert equal["name"] != "Equal chances (yardstick)"


def test_the_schema_documents_the_endpoint():
    schema = APIClient().get("/api/v1/schema", HTTP_ACCEPT="application/json").json()
    get = schema["paths"]["/api/v1/ratings-check"]["get"]
    assert {"200", "400"} <= set(get["responses"])
    assert [p["name"] for p in get["parameters"]] == ["game"]
