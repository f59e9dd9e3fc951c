"""F1 end-game board validation (formats.md F1, limits from duel.md D1): every problem is a
BoardError naming the field path; nothing else ever escapes `parse_board`. Valid boards, the
top level, sides and players; the monuments are in test_board_validation_monuments.py."""

from __future__ import annotations

import copy

import pytest

from rules_engine.duel.board import PlayerBoard, parse_board
from rules_engine.duel.board_limits import MONUMENTS
from tests.engine.board_validation_helpers import F1_EXAMPLE, board_errors, error_paths, make_board, make_player

# --------------------------------------------------------------------------- valid boards


def test_f1_example_parses():
    board = parse_board(F1_EXAMPLE)
    assert board.sides == {"obelisk": "A", "temple": "B", "pyramid": "A", "tomb": "A"}
    assert board.starting_player == 0
    ana, ben = board.players
    assert ana == PlayerBoard(name="Ana", obelisk=2, obelisk_first_to_five=False, temple=(1, 2, 4),
                              pyramid_light=4, pyramid_dark=6, tomb=(1, 2, 3, 4, 5, 6, 11),
                              action_tokens=2, meeples_on_harbor=1)
    assert ben.obelisk == 6 and ben.obelisk_first_to_five is True


def test_f1_to_json_is_canonical_and_round_trips():
    data = make_board(make_player(temple=[4, 1, 4], tomb=[9, 2]), sides={"tomb": "B"})
    board = parse_board(data)
    out = board.to_json()
    assert out == {
        "game": "duel",
        "sides": {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "B"},
        "starting_player": 0,
        "players": [
            {"name": None, "obelisk": 0, "obelisk_first_to_five": False, "temple": [1, 4, 4],
             "pyramid": {"light": 0, "dark": 0}, "tomb": [2, 9], "action_tokens": 0, "meeples_on_harbor": 0},
            {"name": None, "obelisk": 0, "obelisk_first_to_five": False, "temple": [],
             "pyramid": {"light": 0, "dark": 0}, "tomb": [], "action_tokens": 0, "meeples_on_harbor": 0},
        ],
    }
    assert parse_board(out) == board


def test_f1_parse_does_not_change_its_input():
    data = copy.deepcopy(F1_EXAMPLE)
    parse_board(data)
    assert data == F1_EXAMPLE


def test_f1_game_may_be_omitted():
    data = {k: v for k, v in F1_EXAMPLE.items() if k != "game"}
    assert parse_board(data) == parse_board(F1_EXAMPLE)


def test_f1_sides_omitted_means_all_a():
    assert parse_board(make_board()).sides == dict.fromkeys(MONUMENTS, "A")


def test_f1_monument_omitted_from_sides_is_a():
    assert parse_board(make_board(sides={"pyramid": "B"})).sides == {
        "obelisk": "A", "temple": "A", "pyramid": "B", "tomb": "A"}


def test_f1_starting_player_defaults_to_0():
    assert parse_board(make_board()).starting_player == 0


def test_f1_name_is_optional_and_may_be_null():
    board = parse_board(make_board(make_player(name=None), make_player(name="Ben")))
    assert [p.name for p in board.players] == [None, "Ben"]


def test_f1_obelisk_first_to_five_defaults_to_false():
    assert parse_board(make_board()).players[0].obelisk_first_to_five is False


# --------------------------------------------------------------------------- top level


@pytest.mark.parametrize("data", [None, [], "duel", 3, True, 2.5])
def test_f1_board_must_be_an_object(data):
    assert error_paths(data) == [""]


def test_f1_game_must_be_duel():
    assert board_errors(make_board(game="classic")) == [
        ("game", "must be 'duel' (or be left out), got text 'classic'")]


@pytest.mark.parametrize("value", [None, 1, {"game": "duel"}])
def test_f1_game_wrong_type(value):
    assert error_paths(make_board(game=value)) == ["game"]


def test_f1_unknown_top_level_field_is_rejected():
    errors = board_errors(make_board(side={"tomb": "B"}))
    assert [p for p, _ in errors] == ["side"]
    assert "did you mean 'sides'?" in errors[0][1]


@pytest.mark.parametrize("value", [2, -1, True, "0", None, 0.0, [0]])
def test_f1_starting_player_must_be_0_or_1(value):
    assert error_paths(make_board(starting_player=value)) == ["starting_player"]


# --------------------------------------------------------------------------- sides


def test_f1_side_must_be_a_or_b():
    assert board_errors(make_board(sides={"temple": "C"})) == [("sides.temple", "must be 'A' or 'B', got text 'C'")]


@pytest.mark.parametrize("value", ["a", "", None, 1, ["A"]])
def test_f1_side_value_wrong(value):
    assert error_paths(make_board(sides={"tomb": value})) == ["sides.tomb"]


def test_f1_unknown_monument_in_sides():
    errors = board_errors(make_board(sides={"obelisks": "B"}))
    assert [p for p, _ in errors] == ["sides.obelisks"]
    assert "did you mean 'obelisk'?" in errors[0][1]


@pytest.mark.parametrize("value", [None, "A", ["A", "B"]])
def test_f1_sides_must_be_an_object(value):
    assert error_paths(make_board(sides=value)) == ["sides"]


# --------------------------------------------------------------------------- players


@pytest.mark.parametrize("count", [0, 1, 3])
def test_f1_exactly_two_players(count):
    data = {"players": [make_player() for _ in range(count)]}
    assert board_errors(data) == [("players", f"exactly 2 players are needed, got {count}")]


def test_f1_players_is_required():
    assert error_paths({"game": "duel"}) == ["players"]


@pytest.mark.parametrize("value", [None, {"0": {}}, "Ana,Ben"])
def test_f1_players_must_be_a_list(value):
    assert error_paths({"players": value}) == ["players"]


@pytest.mark.parametrize("value", [None, "Ben", 3, [1, 2]])
def test_f1_player_must_be_an_object(value):
    assert error_paths({"players": [make_player(), value]}) == ["players[1]"]


def test_f1_unknown_player_field_is_rejected():
    p = make_player()
    p["tombs"] = p.pop("tomb")
    errors = board_errors(make_board(p))
    assert [path for path, _ in errors] == ["players[0].tombs", "players[0].tomb"]
    assert "did you mean 'tomb'?" in errors[0][1]
    assert errors[1][1].startswith("is required")


@pytest.mark.parametrize("field", ["obelisk", "temple", "pyramid", "tomb", "action_tokens",
                                   "meeples_on_harbor"])
def test_f1_player_field_is_required(field):
    p = make_player()
    del p[field]
    assert error_paths(make_board(make_player(), p)) == [f"players[1].{field}"]


@pytest.mark.parametrize("value", [3, ["Ana"], {"first": "Ana"}, True])
def test_f1_name_must_be_text(value):
    assert error_paths(make_board(make_player(name=value))) == ["players[0].name"]
