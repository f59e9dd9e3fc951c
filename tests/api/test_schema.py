"""The OpenAPI schema (drf-spectacular) validates, documents the rulebook examples, and the
Swagger UI is served from our own static files."""

import pytest
import yaml
from django.core.management import call_command

from rules_engine.duel.apidocs import D9_1_BOARD, D9_2_BOARD


@pytest.fixture(scope="module")
def schema(tmp_path_factory):
    # --validate checks against the OpenAPI 3 JSON schema; --fail-on-warn turns any
    # drf-spectacular warning (an unannotated view, a clashing name) into an error.
    path = tmp_path_factory.mktemp("schema") / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(path))
    return yaml.safe_load(path.read_text())


def test_schema_validates_and_lists_the_scoring_endpoints(schema):
    assert {"/api/v1/score", "/api/v1/replay", "/api/v1/games-types"} <= set(schema["paths"])


def test_schema_score_examples_are_the_d9_boards(schema):
    body = schema["paths"]["/api/v1/score"]["post"]["requestBody"]["content"]["application/json"]
    examples = body["examples"]
    values = [e["value"] for e in examples.values()]
    assert D9_1_BOARD in values and D9_2_BOARD in values


def test_schema_documents_the_400_and_429_answers(schema):
    for path in ("/api/v1/score", "/api/v1/replay"):
        responses = schema["paths"][path]["post"]["responses"]
        assert {"200", "400", "429"} <= set(responses)
    bad_request = schema["paths"]["/api/v1/score"]["post"]["responses"]["400"]
    assert "examples" in bad_request["content"]["application/json"]


def test_schema_documents_the_states_parameter(schema):
    params = schema["paths"]["/api/v1/replay"]["post"]["parameters"]
    assert [p["name"] for p in params] == ["states"]


def test_schema_endpoint_answers(api_client):
    response = api_client.get("/api/v1/schema")
    assert response.status_code == 200
    assert "/api/v1/score" in response.content.decode()


def test_api_docs_page_answers_without_a_cdn(client):
    response = client.get("/api/docs")
    assert response.status_code == 200
    body = response.content.decode()
    assert "swagger-ui" in body
    assert "cdn.jsdelivr" not in body and "unpkg.com" not in body


def test_api_docs_page_links_back_to_the_site_and_to_the_schema(client):
    body = client.get("/api/docs").content.decode()
    assert 'href="/"' in body and 'href="/api/v1/schema"' in body


def test_schema_documents_every_game_as_one_of_its_board_shapes(schema):
    """Each registered game's board is a component of its own, from the game (GameType.board_schema),
    and the score endpoint takes any of them, told apart by "game"."""
    from rules_engine.registry import base_registry

    board = schema["components"]["schemas"]["Board"]
    assert set(board["discriminator"]["mapping"]) == set(base_registry().games)
    body = schema["paths"]["/api/v1/score"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"] == {"$ref": "#/components/schemas/Board"}


def test_schema_wraps_no_plain_enum_in_all_of(schema):
    """A client generator made an empty object model of a plain enum wrapped in allOf (issue #53)."""
    def wrapped(node):
        if isinstance(node, dict):
            here = [1 for s in node.get("allOf", []) if isinstance(s, dict) and "enum" in s]
            return len(here) + sum(wrapped(v) for v in node.values())
        if isinstance(node, list):
            return sum(wrapped(v) for v in node)
        return 0

    assert wrapped(schema) == 0


def test_schema_documents_the_live_moves_conflict(schema):
    """409 of POST /api/v1/games/<id>/moves: a stale ply, or another device's different move (`conflict`)."""
    answer = schema["paths"]["/api/v1/games/{id}/moves"]["post"]["responses"]["409"]
    ref = answer["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    properties = schema["components"]["schemas"][ref]["properties"]
    assert {"error", "ply", "conflict"} <= set(properties)
    conflict = schema["components"]["schemas"][properties["conflict"]["allOf"][0]["$ref"].rsplit("/", 1)[1]]
    assert set(conflict["properties"]) == {"ply", "theirs"}
