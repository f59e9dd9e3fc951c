"""POST /api/v1/replay with base-game records (formats.md F4): the documented example replays,
an illegal move is refused with its index, and the OpenAPI docs show both games' records."""

import copy
import random

import pytest
import yaml
from django.core.management import call_command

from rules_engine.classic.apidocs import CLASSIC_ILLEGAL_RECORD, CLASSIC_ILLEGAL_RECORD_ERROR, CLASSIC_RECORD
from rules_engine.classic.playout import random_record
from rules_engine.registry import default_registry as registry

URL = "/api/v1/replay"


@pytest.fixture
def record():
    return copy.deepcopy(CLASSIC_RECORD)


def post(client, body, query=""):
    return client.post(URL + query, body, format="json")


def test_f4_documented_example_is_a_whole_game_that_replays(api_client, record):
    response = post(api_client, record)
    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"finished", "plies", "score"}
    assert (data["finished"], data["plies"]) == (True, len(record["moves"]))
    assert data["score"] == registry().replay(record).score().to_json()
    assert [p["name"] for p in data["score"]["players"]] == ["Ana", "Ben", "Cy"]


def test_f4_documented_example_ends_in_a_tie_the_sled_breaks(api_client, record):
    score = post(api_client, record).json()["score"]
    assert score["tie_broken_by_sled"] is True and len(score["winners"]) == 1


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_f4_random_games_of_each_player_count_replay(api_client, players, seed):
    rec = random_record(random.Random(seed), players=players)
    data = post(api_client, rec).json()
    assert data["finished"] is True and len(data["score"]["players"]) == players


def test_f4_unfinished_game_replays_as_not_finished(api_client, record):
    record["moves"] = record["moves"][:10]
    data = post(api_client, record).json()
    assert (data["finished"], data["plies"]) == (False, 10)


def test_f4_states_have_one_state_per_ply_and_the_start(api_client, record):
    data = post(api_client, record, "?states=1").json()
    assert len(data["states"]) == data["plies"] + 1
    assert [s["ply"] for s in data["states"]] == list(range(data["plies"] + 1))
    assert data["states"][0]["over"] is False and data["states"][-1]["over"] is True
    assert {"game", "round", "to_move", "ships", "sites", "players"} <= set(data["states"][5])


def test_f4_variants_of_the_record_are_scored(api_client, record):
    record["variants"] = ["pharaohs-wrath"]
    score = post(api_client, record).json()["score"]
    assert score["variants"] == ["pharaohs-wrath"]
    assert all("pharaohs_wrath" in p["breakdown"] for p in score["players"])


def test_f4_illegal_move_gives_its_index_and_reason(api_client):
    response = post(api_client, CLASSIC_ILLEGAL_RECORD)
    assert response.status_code == 400
    assert response.json() == CLASSIC_ILLEGAL_RECORD_ERROR


def test_c6_record_on_a_b_side_without_board_data_is_refused_plainly(api_client, record):
    record["sides"]["temple"] = "B"
    response = post(api_client, record)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["move"] is None and "cannot be played or scored yet" in error["reason"]


@pytest.fixture(scope="module")
def schema(tmp_path_factory):
    path = tmp_path_factory.mktemp("schema") / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(path))
    return yaml.safe_load(path.read_text())


def test_schema_replay_body_is_a_duel_or_a_base_game_record(schema):
    body = schema["paths"]["/api/v1/replay"]["post"]["requestBody"]["content"]["application/json"]
    name = body["schema"]["$ref"].rsplit("/", 1)[1]
    refs = [r["$ref"].rsplit("/", 1)[1] for r in schema["components"]["schemas"][name]["oneOf"]]
    assert {"DuelRecord", "ClassicRecord"} <= set(refs)
    values = [e["value"] for e in body["examples"].values()]
    assert CLASSIC_RECORD in values and CLASSIC_ILLEGAL_RECORD in values
