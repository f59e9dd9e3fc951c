"""GET /api/v1/explorer: the explorer's answer as JSON, documented in the OpenAPI schema."""

import pytest
from rest_framework.test import APIClient

from tests.games.test_explorer import _player, duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def history():
    for k in range(12):
        duel(k < 8)
    duel(False, opening=("a1",), players=("Cy", "Ana"))


def test_the_explorer_answers_counts_rates_and_intervals(api_client, history):
    answer = api_client.get("/api/v1/explorer?game=duel").json()
    assert (answer["game"], answer["games"], answer["small_sample"], answer["confidence"]) == ("duel", 13, 10, 0.95)
    seats = next(s for s in answer["sections"] if s["id"] == "seats")
    first = seats["rows"][0]
    assert (first["key"], first["games"], first["wins"], first["label"]) == ("2-1", 13, 8, "seat 1")
    assert first["low"] < first["rate"] < first["high"]


def test_the_explorer_tree_names_moves_in_words_and_json(api_client, history):
    tree = api_client.get("/api/v1/explorer?game=duel").json()["tree"]
    assert tree[0]["move"] == {"type": "place", "cell": "b2"}
    assert tree[0]["label"] == "player 1 places a meeple on b2"
    assert tree[0]["children"][0]["children"][0]["games"] == 12


def test_the_explorer_filters_by_players(api_client, history):
    answer = api_client.get(f"/api/v1/explorer?game=duel&player={_player('Cy').pk}").json()
    assert answer["games"] == 1


def test_the_explorer_refuses_a_bad_filter_naming_it(api_client, history):
    response = api_client.get("/api/v1/explorer?game=duel&player=999999")
    assert response.status_code == 400
    assert "player" in response.json()


def test_the_explorer_words_follow_accept_language(api_client, history):
    answer = api_client.get("/api/v1/explorer?game=duel", HTTP_ACCEPT_LANGUAGE="de").json()
    assert answer["sections"][0]["title"] == "Siegquote nach Platz"
    assert answer["sections"][0]["id"] == "seats"


def test_openapi_schema_documents_the_explorer():
    schema = APIClient().get("/api/v1/schema", HTTP_ACCEPT="application/json").json()
    get = schema["paths"]["/api/v1/explorer"]["get"]
    assert {"200", "400"} <= set(get["responses"])
    assert {p["name"] for p in get["parameters"]} >= {"game", "player", "date_from", "date_to"}
