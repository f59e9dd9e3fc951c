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
