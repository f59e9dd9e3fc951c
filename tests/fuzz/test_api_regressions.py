"""What the fuzzers found in the API, pinned: each case once answered a 500 or an answer
outside the OpenAPI schema."""

from __future__ import annotations

import json

import pytest

from rules_engine.duel.apidocs import D9_1_BOARD
from tests.kit import random_record

JSON_ENDPOINTS = ["/api/v1/score", "/api/v1/replay", "/api/v1/games", "/api/v1/games/{live}/moves"]


@pytest.fixture
def staff_client(api_client, staff_token, fast_throttles):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {staff_token}")
    return api_client


def url_of(template: str, live_game) -> str:
    return template.format(live=live_game.pk)


def post_raw(client, url: str, body: str):
    return client.generic("POST", url, body.encode("utf-8"), content_type="application/json")


@pytest.mark.django_db
@pytest.mark.parametrize("template", JSON_ENDPOINTS)
@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "x\\udbff"])
def test_a_lone_surrogate_escape_is_a_400_not_a_500(staff_client, live_game, template, escape):
    # A lone surrogate parses into text that cannot be encoded: echoing it (names in a score),
    # storing it (PostgreSQL) or printing it raised UnicodeEncodeError.
    record = {**random_record(11), "players": ["Ana", "Ben"]}
    body = json.dumps(record).replace('"Ana"', f'"{escape}"', 1)
    if template.endswith("/moves"):
        body = '{"ply": 0, "move": {"type": "' + escape + '"}}'
    response = post_raw(staff_client, url_of(template, live_game), body)
    assert response.status_code == 400
    assert "surrogate" in response.content.decode()


@pytest.mark.django_db
def test_a_proper_surrogate_pair_is_an_ordinary_character(staff_client):
    body = json.dumps({**random_record(11), "players": ["Ana \U0001f600", "Ben"]}, ensure_ascii=True)
    assert "\\ud83d\\ude00" in body
    assert post_raw(staff_client, "/api/v1/replay", body).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("template", JSON_ENDPOINTS)
@pytest.mark.parametrize("depth", [100, 950, 980, 1000, 100_000])
def test_deeply_nested_bodies_are_refused_cleanly(staff_client, live_game, template, depth):
    nested = "[" * depth + "]" * depth
    body = '{"game": "duel", "players": ["A", "B"], "moves": [' + nested + "]}"
    if template.endswith("/moves"):
        body = '{"ply": 0, "move": ' + nested + "}"
    response = post_raw(staff_client, url_of(template, live_game), body)
    assert response.status_code in (400, 413)
    assert response["Content-Type"] == "application/json"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/api/v1/games/null,null", "/api/v1/players/abc", "/api/v1/games/1/nothing", "/api/v1/nothing"]
)
def test_an_api_url_that_matches_no_route_answers_json_404(api_client, path):
    response = api_client.get(path)
    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}


@pytest.mark.django_db
def test_a_page_url_that_matches_no_route_still_answers_the_html_404(client):
    response = client.get("/games/abc/nothing")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.django_db
def test_a_move_body_that_is_not_json_is_answered_in_the_documented_shape(staff_client, live_game):
    response = post_raw(staff_client, url_of("/api/v1/games/{live}/moves", live_game), "5\x00{")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["move"] is None and "not valid JSON" in error["reason"]


@pytest.mark.django_db
def test_game_and_player_links_are_documented_as_relative_references(api_client):
    schema = api_client.get("/api/v1/schema", HTTP_ACCEPT="application/json").json()
    game = schema["components"]["schemas"]["Game"]["properties"]
    assert game["page"]["format"] == game["export"]["format"] == "uri-reference"


def _nul_documents():
    record = {**random_record(11), "players": ["Ana\u0000", "Ben"]}
    noted = {**random_record(12), "players": ["Ana", "Ben"], "history": {"notes": "a\u0000b"}}
    return {"player name": record, "history notes": noted}


@pytest.mark.django_db
@pytest.mark.parametrize("what", ["player name", "history notes"])
def test_a_nul_character_is_refused_before_it_reaches_the_database(staff_client, what):
    # PostgreSQL cannot store NUL in text: the import raised ValueError there (a 500).
    response = staff_client.post("/api/v1/games", _nul_documents()[what], format="json")
    assert response.status_code == 400
    assert "NUL" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/v1/standings", "/api/v1/games", "/api/v1/results"])
def test_a_nul_in_the_game_filter_is_a_400_not_a_database_error(api_client, path):
    # PostgreSQL refuses NUL in a compared text: GET /api/v1/standings?game=%00 was a 500 there.
    response = api_client.get(path, {"game": "duel\x00"})
    assert response.status_code == 400
    assert "game" in response.json()


@pytest.mark.parametrize("charset", ["utf-16", "latin-1"])
def test_a_lone_surrogate_escape_in_another_charset_is_a_400_as_well(api_client, charset):
    # The parser looks for the escape in the raw bytes only when the body is UTF-8.
    body = json.dumps({**D9_1_BOARD, "players": [{**D9_1_BOARD["players"][0], "name": "x"},
                                                  D9_1_BOARD["players"][1]]}).replace('"x"', '"\\ud800"')
    response = api_client.generic("POST", "/api/v1/score", body.encode(charset),
                                  content_type=f"application/json; charset={charset}")
    assert response.status_code == 400
    assert "surrogate" in response.content.decode()


@pytest.mark.django_db
def test_a_game_without_its_creator_is_answered_as_the_schema_says(live_game, fast_throttles, keep_connections):
    # created_by is null for a game stored without a user (a restored backup, a deleted
    # account); the schema said a string, so schemathesis' response_schema_conformance failed.
    from games.models import Game
    from tests.fuzz.test_schemathesis import schema

    Game.objects.filter(pk=live_game.pk).update(created_by=None)
    case = schema["/api/v1/games/{id}"]["GET"].Case(path_parameters={"id": live_game.pk})
    response = case.call_and_validate()
    assert response.json()["created_by"] is None
