"""POST /api/v1/replay: F2 records replayed move by move (formats.md F2)."""

import copy

import pytest

from rules_engine.duel.apidocs import ILLEGAL_RECORD, ILLEGAL_RECORD_ERROR
from rules_engine.registry import default_registry as registry

URL = "/api/v1/replay"


def post(client, body, query=""):
    return client.post(URL + query, body, format="json")


def test_f2_finished_game_replays_with_plies_and_score(api_client, finished_record):
    response = post(api_client, finished_record)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    data = response.json()
    assert set(data) == {"finished", "plies", "score"}
    assert data["finished"] is True
    assert data["plies"] == len(finished_record["moves"])
    assert data["score"] == registry().replay(finished_record).score().to_json()
    assert data["score"]["players"][0]["name"] == finished_record["players"][0]


def test_f2_unfinished_game_replays_as_not_finished(api_client, finished_record):
    finished_record["moves"] = finished_record["moves"][:10]
    data = post(api_client, finished_record).json()
    assert (data["finished"], data["plies"]) == (False, 10)


@pytest.mark.parametrize("query", ["?states=1", "?states=true"])
def test_f2_states_has_one_state_per_ply_and_the_start(api_client, finished_record, query):
    data = post(api_client, finished_record, query).json()
    assert len(data["states"]) == data["plies"] + 1
    assert [s["ply"] for s in data["states"]] == list(range(data["plies"] + 1))
    assert data["states"][0]["over"] is False and data["states"][-1]["over"] is True


def test_f2_states_are_the_documented_state_json(api_client, finished_record):
    data = post(api_client, finished_record, "?states=1").json()
    game = registry().game("duel")
    replay = registry().replay(finished_record)
    assert data["states"] == [game.state_to_json(s, finished_record) for s in replay.states]
    assert {"ply", "to_move", "over", "boats", "harbor", "players", "leader"} <= set(data["states"][5])


@pytest.mark.parametrize("query", ["", "?states=0", "?states=no"])
def test_f2_states_only_when_asked(api_client, finished_record, query):
    assert "states" not in post(api_client, finished_record, query).json()


def test_f2_states_running_score_uses_the_record_sides(api_client, finished_record):
    finished_record["sides"] = {"obelisk": "B", "temple": "B", "pyramid": "B", "tomb": "B"}
    data = post(api_client, finished_record, "?states=1").json()
    final = [p["total"] for p in data["score"]["players"]]
    assert [p["score"]["total"] for p in data["states"][-1]["players"]] == final


def test_f2_illegal_move_gives_its_index_and_reason(api_client):
    # The documented example: the third move unloads row 3, which holds no meeple (D4.2).
    response = post(api_client, ILLEGAL_RECORD)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json() == ILLEGAL_RECORD_ERROR


@pytest.mark.parametrize("index", [0, 17, 40])
def test_f2_bad_move_anywhere_is_reported_at_its_index(api_client, finished_record, index):
    finished_record["moves"][index] = {"type": "fly", "boat": "row-1"}
    response = post(api_client, finished_record)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["move"] == index
    assert error["reason"]


def test_f2_move_after_the_end_is_rejected(api_client, finished_record):
    finished_record["moves"].append({"type": "pass"})
    error = post(api_client, finished_record).json()["error"]
    assert error["move"] == len(finished_record["moves"]) - 1


def test_f2_header_problem_has_no_move_index(api_client, finished_record):
    finished_record["players"] = ["Ana"]
    response = post(api_client, finished_record)
    assert response.status_code == 400
    assert response.json()["error"]["move"] is None
    assert "players" in response.json()["error"]["reason"]


def test_f2_unknown_game_is_400(api_client, finished_record):
    finished_record["game"] = "chess"
    error = post(api_client, finished_record).json()["error"]
    assert error["move"] is None
    assert "unknown game 'chess'" in error["reason"]


@pytest.mark.parametrize(
    ("text", "words"),
    [("{", "not valid JSON"), ("[]", "got a list"), ("", "the request body is empty")],
    ids=["truncated", "list", "empty"],
)
def test_f2_malformed_body_is_400_with_the_error_shape(api_client, text, words):
    response = api_client.post(URL, text, content_type="application/json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["move"] is None
    assert words in error["reason"]


def test_f2_replay_does_not_change_with_the_request(api_client, finished_record):
    # D10: replaying the same record always gives the same result.
    first = post(api_client, copy.deepcopy(finished_record)).json()
    assert post(api_client, finished_record).json() == first
