"""The scoring API answers with DRF's JSON renderer: compact UTF-8 JSON, indented when the
client asks for it in its Accept header."""

from __future__ import annotations

import json

from rules_engine.duel.apidocs import D9_1_BOARD


def test_a_score_answer_is_compact_json(api_client):
    response = api_client.post("/api/v1/score", D9_1_BOARD, format="json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert b"\n" not in response.content and json.loads(response.content) == response.data


def test_an_indent_asked_for_in_accept_is_written(api_client):
    response = api_client.post("/api/v1/score", D9_1_BOARD, format="json",
                               headers={"Accept": "application/json; indent=2"})
    assert response.status_code == 200
    assert response.content.startswith(b'{\n  "')
