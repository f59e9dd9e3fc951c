"""POST /api/v1/score: F1 boards in, F1 score results out; every F1 validation rule a 400
naming the field (formats.md F1)."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.duel.apidocs import D9_1_BOARD, D9_1_RESULT, D9_2_BOARD, INVALID_BOARD, INVALID_BOARD_ERRORS

URL = "/api/v1/score"
BOARDS = Path(__file__).resolve().parents[1] / "data" / "duel" / "boards"
GOLDEN = sorted(p for p in BOARDS.glob("*.json") if not p.name.endswith(".score.json"))


def post(client, body):
    return client.post(URL, body, format="json")


def post_raw(client, text, content_type="application/json"):
    return client.post(URL, text, content_type=content_type)


# --------------------------------------------------------------------------- scoring


def test_d9_1_example_scores_69_with_every_point_explained(api_client, board):
    response = post(api_client, board)
    assert response.status_code == 200
    assert response.json() == D9_1_RESULT
    black = response.json()["players"][0]
    assert sum(line["points"] for line in black["lines"]) == black["total"] == 69


def test_d9_2_example_scores_43_on_the_b_sides(api_client):
    response = post(api_client, D9_2_BOARD)
    assert response.status_code == 200
    assert response.json()["players"][0]["total"] == 43
    assert {line["side"] for line in response.json()["players"][0]["lines"]} == {"B", None}


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_f1_golden_boards_score_as_the_golden_results(api_client, path):
    expected = json.loads(path.with_suffix(".score.json").read_text())
    response = post(api_client, json.loads(path.read_text()))
    assert response.status_code == 200
    assert response.json() == expected


def test_f1_sides_may_be_left_out_and_mean_all_a(api_client, board):
    del board["sides"]
    assert post(api_client, board).json() == D9_1_RESULT


def test_f1_score_answers_json(api_client, board):
    response = post(api_client, board)
    assert response["Content-Type"] == "application/json"


def test_score_needs_no_login(api_client, board):
    # AllowAny: no session, no token.
    assert post(api_client, board).status_code == 200


def test_score_refuses_get(api_client):
    assert api_client.get(URL).status_code == 405


# --------------------------------------------------------------------------- F1 validation


def _set(*changes):
    """A board change: (path, value) pairs, path like "players.0.tomb"; value DELETE removes it."""

    def change(board):
        for path, value in changes:
            *parents, last = path.split(".")
            target = board
            for key in parents:
                target = target[int(key)] if isinstance(target, list) else target[key]
            key = int(last) if isinstance(target, list) else last
            if value is DELETE:
                del target[key]
            else:
                target[key] = value

    return change


DELETE = object()
SIDE_B = ("sides.obelisk", "B")

F1_VALIDATION = [
    # (test id, change, field path expected, words the message must contain)
    ("f1_one_player_is_400", lambda b: b["players"].pop(), "players", "exactly 2 players"),
    ("f1_three_players_is_400", lambda b: b["players"].append(dict(b["players"][1])), "players",
     "exactly 2 players"),
    ("f1_players_not_a_list_is_400", _set(("players", {"name": "Ana"})), "players", "must be a list"),
    ("f1_players_missing_is_400", _set(("players", DELETE)), "players", "is required"),
    ("f1_obelisk_13_is_400", _set(("players.0.obelisk", 13)), "players[0].obelisk", "between 0 and 12"),
    ("f1_obelisk_negative_is_400", _set(("players.1.obelisk", -1)), "players[1].obelisk", "between 0 and 12"),
    ("f1_obelisks_together_above_12_is_400", _set(("players.0.obelisk", 7)), "players[1].obelisk",
     "13 obelisk tokens together"),
    ("f1_temple_value_5_is_400", _set(("players.0.temple", [1, 5])), "players[0].temple",
     "entry 2 must be a temple value 1–4"),
    ("f1_temple_value_0_is_400", _set(("players.1.temple", [0])), "players[1].temple", "temple value 1–4"),
    ("f1_temple_value_4_times_for_one_player_is_400", _set(("players.0.temple", [2, 2, 2, 2])),
     "players[0].temple", "temple 2 appears 4 times"),
    ("f1_temple_value_4_times_across_players_is_400", _set(("players.0.temple", [1, 3, 3])),
     "players[1].temple", "temple 3 appears 4 times across both players"),
    ("f1_pyramid_light_7_is_400", _set(("players.0.pyramid.light", 7)), "players[0].pyramid.light",
     "between 0 and 6"),
    ("f1_pyramid_dark_negative_is_400", _set(("players.1.pyramid.dark", -1)), "players[1].pyramid.dark",
     "between 0 and 6"),
    ("f1_pyramid_colour_missing_is_400", _set(("players.0.pyramid", {"light": 1})), "players[0].pyramid.dark",
     "is required"),
    ("f1_pyramid_colour_together_above_6_is_400", _set(("players.1.pyramid.light", 3)),
     "players[1].pyramid.light", "7 light pyramid tokens together"),
    ("f1_tomb_number_13_is_400", _set(("players.1.tomb", [13])), "players[1].tomb", "tomb number 1–12"),
    ("f1_tomb_number_0_is_400", _set(("players.1.tomb", [0])), "players[1].tomb", "tomb number 1–12"),
    ("f1_tomb_number_twice_for_one_player_is_400", _set(("players.1.tomb", [8, 8])), "players[1].tomb",
     "tomb 8 is listed 2 times"),
    ("f1_tomb_number_twice_is_400", _set(("players.1.tomb", [7, 11])), "players[1].tomb",
     "tomb 11 is held by both players"),
    ("f1_action_tokens_13_is_400", _set(("players.0.action_tokens", 13)), "players[0].action_tokens",
     "between 0 and 12"),
    ("f1_action_tokens_together_above_12_is_400", _set(("players.0.action_tokens", 10)),
     "players[1].action_tokens", "13 action tokens together"),
    ("f1_meeples_5_is_400", _set(("players.1.meeples_on_harbor", 5)), "players[1].meeples_on_harbor",
     "between 0 and 4"),
    ("f1_meeples_negative_is_400", _set(("players.0.meeples_on_harbor", -1)), "players[0].meeples_on_harbor",
     "between 0 and 4"),
    ("f1_first_to_five_neither_with_both_at_5_is_400",
     _set(SIDE_B, ("players.0.obelisk", 5), ("players.1.obelisk", 5)),
     "players[1].obelisk_first_to_five", "neither is"),
    ("f1_first_to_five_both_with_both_at_5_is_400",
     _set(SIDE_B, ("players.0.obelisk", 5), ("players.1.obelisk", 6),
          ("players.0.obelisk_first_to_five", True), ("players.1.obelisk_first_to_five", True)),
     "players[1].obelisk_first_to_five", "both are"),
    ("f1_first_to_five_with_fewer_than_5_is_400", _set(SIDE_B, ("players.0.obelisk_first_to_five", True)),
     "players[0].obelisk_first_to_five", "needs at least 5"),
    ("f1_first_to_five_not_a_boolean_is_400", _set(("players.0.obelisk_first_to_five", "yes")),
     "players[0].obelisk_first_to_five", "true or false"),
    ("f1_side_c_is_400", _set(("sides.temple", "C")), "sides.temple", "'A' or 'B'"),
    ("f1_unknown_monument_is_400", _set(("sides.tower", "A")), "sides.tower", "unknown monument"),
    ("f1_starting_player_2_is_400", _set(("starting_player", 2)), "starting_player", "0 or 1"),
    ("f1_unknown_game_is_400", _set(("game", "chess")), "game", "unknown game 'chess'"),
    ("f1_required_field_missing_is_400", _set(("players.0.tomb", DELETE)), "players[0].tomb", "is required"),
    ("f1_number_as_text_is_400", _set(("players.0.obelisk", "2")), "players[0].obelisk", "whole number"),
    ("f1_number_with_decimal_point_is_400", _set(("players.0.obelisk", 2.0)), "players[0].obelisk",
     "without a decimal point"),
    ("f1_unknown_field_names_the_typo_is_400", _set(("players.0.tombs", [12])), "players[0].tombs",
     "did you mean 'tomb'"),
]


@pytest.mark.parametrize(("change", "field", "words"), [c[1:] for c in F1_VALIDATION],
                         ids=[c[0] for c in F1_VALIDATION])
def test_f1_validation_rule_gives_400_naming_the_field(api_client, board, change, field, words):
    change(board)
    response = post(api_client, board)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    errors = response.json()["errors"]
    assert all(set(e) == {"field", "message"} for e in errors)
    assert any(e["field"] == field and words in e["message"] for e in errors), errors


def test_f1_every_problem_is_listed_at_once(api_client):
    # The documented 400 example: a 13th obelisk and tomb-7 on both sides.
    response = post(api_client, INVALID_BOARD)
    assert response.status_code == 400
    assert response.json() == INVALID_BOARD_ERRORS


# --------------------------------------------------------------------------- malformed bodies


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"players": [', "not valid JSON"),
        ("{'players': []}", "not valid JSON"),
        ('{"players": NaN}', "not valid JSON"),
        ("[" * 50_000, "nested too deeply"),
        ("", "the request body is empty"),
        ("[1, 2]", "got a list"),
        ('"board"', "got a string"),
        ("12", "got a number"),
        ("null", "got null"),
    ],
    ids=["truncated", "single-quotes", "nan", "deeply-nested", "empty", "list", "string", "number", "null"],
)
def test_f1_malformed_or_non_object_body_is_400_with_a_clear_message(api_client, text, words):
    response = post_raw(api_client, text)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    [error] = response.json()["errors"]
    assert error["field"] == ""
    assert words in error["message"]


def test_score_refuses_a_body_that_is_not_json_with_415(api_client):
    response = post_raw(api_client, "obelisk=3", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert response["Content-Type"] == "application/json"


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from(["game", "sides", "players", "obelisk", "tomb", "temple", "pyramid",
                                       "light", "dark", "action_tokens", "meeples_on_harbor",
                                       "starting_player", "obelisk_first_to_five", "name", "x"]),
                      children, max_size=4),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=_json)
def test_f1_any_json_body_gets_200_or_400_never_500(api_client, body):
    response = post(api_client, body)
    assert response.status_code in (200, 400), response.content


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(player=st.integers(0, 1),
       key=st.sampled_from(["obelisk", "temple", "pyramid", "tomb", "action_tokens", "meeples_on_harbor",
                            "obelisk_first_to_five", "name"]),
       value=_json)
def test_f1_any_field_value_gets_200_or_400_never_500(api_client, player, key, value):
    board = copy.deepcopy(D9_1_BOARD)
    board["players"][player][key] = value
    response = post(api_client, board)
    assert response.status_code in (200, 400), response.content
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


@pytest.mark.parametrize("accept", [None, "*/*", "application/json", "application/json; indent=2"])
def test_any_client_accepting_json_gets_json(api_client, accept):
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    response = api_client.post(URL, D9_1_BOARD, format="json", **headers)
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    assert response.json()["players"][0]["total"] == 69


def test_a_client_accepting_only_html_is_told_406(api_client):
    assert api_client.post(URL, D9_1_BOARD, format="json", HTTP_ACCEPT="text/html").status_code == 406
