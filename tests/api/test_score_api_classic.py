"""POST /api/v1/score with base-game boards (formats.md F3): the documented examples, every
problem a 400 naming the field, B sides without board data refused plainly (classic.md C6 ⚠),
and the OpenAPI docs showing both games' shapes."""

import copy

import pytest
import yaml
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.classic.apidocs import (
    CLASSIC_B_SIDE_BOARD,
    CLASSIC_B_SIDE_ERRORS,
    CLASSIC_BOARD,
    CLASSIC_INVALID_BOARD,
    CLASSIC_INVALID_BOARD_ERRORS,
    CLASSIC_RESULT,
)

URL = "/api/v1/score"


@pytest.fixture
def board():
    """The documented F3 example (three players, Pharaoh's wrath), free to change."""
    return copy.deepcopy(CLASSIC_BOARD)


def post(client, body):
    return client.post(URL, body, format="json")


def errors_of(response):
    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/json"
    errors = response.json()["errors"]
    assert all(set(e) == {"field", "message"} for e in errors)
    return errors


# --------------------------------------------------------------------------- scoring


def test_f3_documented_example_scores_as_documented(api_client, board):
    response = post(api_client, board)
    assert response.status_code == 200
    assert response.json() == CLASSIC_RESULT


def test_f3_every_point_is_explained_by_the_lines(api_client, board):
    for player in post(api_client, board).json()["players"]:
        assert sum(line["points"] for line in player["lines"]) == player["total"]
        assert sum(player["breakdown"].values()) == player["total"]


def test_c6_1_market_side_b_needs_no_board_data(api_client, board):
    board["sides"]["market"] = "B"
    response = post(api_client, board)
    assert response.status_code == 200
    assert [p["total"] for p in response.json()["players"]] == [68, 46, 41]


def test_f3_sides_may_be_left_out_and_mean_all_a(api_client, board):
    del board["sides"]
    assert post(api_client, board).json() == CLASSIC_RESULT


def test_c8_tie_on_points_is_broken_by_the_sled(api_client, board):
    board["variants"] = []
    board["players"][1]["track"] = 60  # Ben 68 with 0 on the sled, Ana 68 with 2
    data = post(api_client, board).json()
    assert (data["winners"], data["tie_broken_by_sled"]) == ([0], True)
    assert [p["rank"] for p in data["players"]] == [1, 2, 3]


def test_c8_tie_the_sled_does_not_break_is_a_shared_win(api_client, board):
    board["variants"] = []
    board["players"][1].update(track=60, sled=2)
    data = post(api_client, board).json()
    assert (data["winners"], data["tie_broken_by_sled"]) == ([0, 1], False)
    assert [p["rank"] for p in data["players"]] == [1, 1, 3]


# --------------------------------------------------------------------------- F3 validation


def test_f3_every_problem_is_listed_at_once(api_client):
    assert errors_of(post(api_client, CLASSIC_INVALID_BOARD)) == CLASSIC_INVALID_BOARD_ERRORS["errors"]


def test_c6_b_side_without_board_data_is_a_400_saying_it_cannot_be_scored_yet(api_client):
    assert errors_of(post(api_client, CLASSIC_B_SIDE_BOARD)) == CLASSIC_B_SIDE_ERRORS["errors"]


def test_c6_4_burial_chamber_b_without_data_names_its_side(api_client, board):
    board["sides"]["burial-chamber"] = "B"
    errors = errors_of(post(api_client, board))
    assert [e["field"] for e in errors] == ["sides.burial-chamber"]
    assert "cannot be played or scored yet" in errors[0]["message"]


@pytest.mark.parametrize("site", ["pyramids", "temple", "obelisks"])
def test_c8_b_sides_scored_during_play_are_scored_without_data(api_client, board, site):
    board["sides"][site] = "B"
    assert post(api_client, board).status_code == 200


def _set(path, value):
    def change(board):
        *parents, last = path.split(".")
        target = board
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[int(last) if isinstance(target, list) else last] = value

    return change


F3_VALIDATION = [
    # (id, change, field path, words of the message)
    ("one_player", lambda b: b.update(players=b["players"][:1]), "players", "players"),
    ("five_players", lambda b: b["players"].extend([{**b["players"][0], "colour": "grey"}] * 2), "players", "players"),
    ("colour_twice", _set("players.1.colour", "black"), "players[1].colour", "already another player's colour"),
    ("colour_unknown", _set("players.2.colour", "red"), "players[2].colour", "black, white, brown, grey"),
    ("sled_6", _set("players.0.sled", 6), "players[0].sled", "between 0 and 5"),
    ("statues_together_above_10", _set("players.1.statues", 8), "players[1].statues", "11 statues together"),
    ("blue_cards_together_above_10", _set("players.2.blue_cards", 10), "players[2].blue_cards", "blue cards together"),
    (
        "third_decoration_of_a_kind",
        _set("players.1.decorations", ["pyramids", "pyramids"]),
        "players[1].decorations",
        "more than 2 pyramids decorations",
    ),
    ("decoration_of_the_market", _set("players.0.decorations", ["market"]), "players[0].decorations", "must be one of"),
    (
        "chamber_gap",
        _set("burial_chamber", [["black", None, "white"]]),
        "burial_chamber[0][2]",
        "fills column by column",
    ),
    ("chamber_colour_not_playing", _set("burial_chamber", [["grey"]]), "burial_chamber[0][0]",
     "grey is no player's colour in this game"),
    ("site_stones_missing_for_a_decoration", lambda b: b.pop("site_stones"), "site_stones.pyramids", "is required"),
    ("unknown_variant", _set("variants", ["sandstorm"]), "variants[0]", "unknown variant"),
    ("side_c", _set("sides.temple", "C"), "sides.temple", "'A' or 'B'"),
    ("track_as_text", _set("players.0.track", "41"), "players[0].track", "whole number"),
]


@pytest.mark.parametrize(
    ("change", "field", "words"), [c[1:] for c in F3_VALIDATION], ids=[f"f3_{c[0]}_is_400" for c in F3_VALIDATION]
)
def test_f3_validation_rule_gives_400_naming_the_field(api_client, board, change, field, words):
    change(board)
    errors = errors_of(post(api_client, board))
    assert any(e["field"] == field and words in e["message"] for e in errors), errors


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 50)
    | st.text(max_size=6)
    | st.sampled_from(["black", "white", "pyramids", "temple", "A", "B"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=10,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    player=st.integers(0, 2),
    key=st.sampled_from(
        ["colour", "track", "sled", "obelisk_stones", "statues", "decorations", "blue_cards", "reached", "name"]
    ),
    value=_json,
)
def test_f3_any_field_value_gets_200_or_400_never_500(api_client, player, key, value):
    board = copy.deepcopy(CLASSIC_BOARD)
    board["players"][player][key] = value
    response = post(api_client, board)
    assert response.status_code in (200, 400), response.content


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["sides", "variants", "players", "burial_chamber", "site_stones"]), value=_json)
def test_f3_any_top_level_value_gets_200_or_400_never_500(api_client, key, value):
    board = copy.deepcopy(CLASSIC_BOARD)
    board[key] = value
    response = post(api_client, board)
    assert response.status_code in (200, 400), response.content


# --------------------------------------------------------------------------- games-types and docs


def test_games_types_lists_the_base_game(api_client):
    games = {g["id"]: g for g in api_client.get("/api/v1/games-types").json()}
    classic = games["classic"]
    assert classic["players"] == {"min": 2, "max": 4}
    assert classic["sides"] == {s: ["A", "B"] for s in ("market", "pyramids", "temple", "burial-chamber", "obelisks")}
    assert [v["id"] for v in classic["variants"]] == ["pharaohs-wrath"]


@pytest.fixture(scope="module")
def schema(tmp_path_factory):
    path = tmp_path_factory.mktemp("schema") / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(path))
    return yaml.safe_load(path.read_text())


def _one_of(schema, ref):
    name = ref["$ref"].rsplit("/", 1)[1]
    return [r["$ref"].rsplit("/", 1)[1] for r in schema["components"]["schemas"][name]["oneOf"]]


def test_schema_score_body_is_a_duel_or_a_base_game_board(schema):
    body = schema["paths"]["/api/v1/score"]["post"]["requestBody"]["content"]["application/json"]
    assert {"DuelBoard", "ClassicBoard"} <= set(_one_of(schema, body["schema"]))
    answer = schema["paths"]["/api/v1/score"]["post"]["responses"]["200"]["content"]["application/json"]
    assert {"DuelScore", "ClassicScore"} <= set(_one_of(schema, answer["schema"]))


def test_schema_documents_the_f3_examples(schema):
    post_ = schema["paths"]["/api/v1/score"]["post"]
    requests = [e["value"] for e in post_["requestBody"]["content"]["application/json"]["examples"].values()]
    assert CLASSIC_BOARD in requests and CLASSIC_B_SIDE_BOARD in requests
    answers = [e["value"] for e in post_["responses"]["200"]["content"]["application/json"]["examples"].values()]
    assert CLASSIC_RESULT in answers
    refusals = [e["value"] for e in post_["responses"]["400"]["content"]["application/json"]["examples"].values()]
    assert CLASSIC_B_SIDE_ERRORS in refusals and CLASSIC_INVALID_BOARD_ERRORS in refusals


def test_schema_f3_board_names_the_sites_with_their_dashes(schema):
    sides = schema["components"]["schemas"]["ClassicBoard"]["properties"]["sides"]["properties"]
    assert list(sides) == ["market", "pyramids", "temple", "burial-chamber", "obelisks"]
