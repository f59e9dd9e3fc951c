"""F1 end-game board validation of the monuments (formats.md F1, limits from duel.md D1):
obelisk, temple, pyramid, tomb and the rest of a player's board, each problem naming its field."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.duel.board import DuelBoard, PlayerBoard, parse_board
from rules_engine.duel.board_limits import MONUMENTS
from rules_engine.errors import BoardError
from tests.engine.board_validation_helpers import F1_EXAMPLE, board_errors, error_paths, make_board, make_player

# --------------------------------------------------------------------------- obelisk


def test_f1_obelisk_at_most_12():
    assert board_errors(make_board(make_player(obelisk=13))) == [
        ("players[0].obelisk", "must be between 0 and 12, got 13")]


@pytest.mark.parametrize("value", [-1, 10**40, "3", True, False, None, 3.0, 2.5, float("nan"), [3]])
def test_f1_obelisk_must_be_a_count(value):
    assert error_paths(make_board(make_player(obelisk=value))) == ["players[0].obelisk"]


def test_f1_obelisk_at_most_12_together():
    errors = board_errors(make_board(make_player(obelisk=7), make_player(obelisk=6)))
    assert errors == [("players[1].obelisk",
                       "the players hold 7 + 6 = 13 obelisk tokens together; the game has only 12")]


def test_f1_obelisk_12_together_is_fine():
    parse_board(make_board(make_player(obelisk=6), make_player(obelisk=6)))


# --------------------------------------------------------------------------- obelisk_first_to_five


@pytest.mark.parametrize("value", [None, 1, "true"])
def test_f1_obelisk_first_to_five_must_be_boolean(value):
    assert error_paths(make_board(make_player(obelisk_first_to_five=value))) == ["players[0].obelisk_first_to_five"]


@pytest.mark.parametrize("flags", [(False, False), (True, True)])
def test_d7_1_b_both_with_five_need_exactly_one_first(flags):
    data = make_board(make_player(obelisk=5, obelisk_first_to_five=flags[0]),
                  make_player(obelisk=6, obelisk_first_to_five=flags[1]), sides={"obelisk": "B"})
    errors = board_errors(data)
    assert [p for p, _ in errors] == ["players[1].obelisk_first_to_five"]
    assert ("neither is" if flags == (False, False) else "both are") in errors[0][1]


def test_d7_1_b_first_to_five_needs_five_tokens():
    data = make_board(make_player(obelisk=4, obelisk_first_to_five=True), sides={"obelisk": "B"})
    assert board_errors(data) == [
        ("players[0].obelisk_first_to_five",
         "cannot be true with 4 obelisk tokens: first to five needs at least 5 (D7.1 B)")]


def test_d7_1_b_single_player_with_five_needs_no_flag():
    parse_board(make_board(make_player(obelisk=5), make_player(obelisk=4), sides={"obelisk": "B"}))


@pytest.mark.parametrize(("counts", "flags"), [((5, 6), (True, True)), ((5, 6), (False, False)),
                                               ((2, 0), (True, False))])
def test_f1_obelisk_first_to_five_is_ignored_on_side_a(counts, flags):
    data = make_board(make_player(obelisk=counts[0], obelisk_first_to_five=flags[0]),
                  make_player(obelisk=counts[1], obelisk_first_to_five=flags[1]), sides={"obelisk": "A"})
    parse_board(data)


# --------------------------------------------------------------------------- temple


@pytest.mark.parametrize("value", [0, 5, -1, "1", None, True, 1.0, [1]])
def test_f1_temple_values_1_to_4(value):
    errors = board_errors(make_board(make_player(temple=[1, value])))
    assert [p for p, _ in errors] == ["players[0].temple"]
    assert errors[0][1].startswith("entry 2 must be a temple value 1–4")


@pytest.mark.parametrize("value", [None, 7, "1,2", {"1": 2}])
def test_f1_temple_must_be_a_list(value):
    assert error_paths(make_board(make_player(temple=value))) == ["players[0].temple"]


def test_f1_temple_value_at_most_3_per_player():
    assert board_errors(make_board(make_player(temple=[2, 2, 2, 2]))) == [
        ("players[0].temple", "temple 2 appears 4 times; the game has only 3 (D1)")]


def test_f1_temple_value_at_most_3_across_both_players():
    assert board_errors(make_board(make_player(temple=[4, 4]), make_player(temple=[4, 4]))) == [
        ("players[1].temple", "temple 4 appears 4 times across both players; the game has only 3")]


# --------------------------------------------------------------------------- pyramid


@pytest.mark.parametrize("colour", ["light", "dark"])
@pytest.mark.parametrize("value", [7, -1, "3", None, False])
def test_f1_pyramid_colour_0_to_6(colour, value):
    pyramid = {"light": 0, "dark": 0} | {colour: value}
    assert error_paths(make_board(make_player(pyramid=pyramid))) == [f"players[0].pyramid.{colour}"]


@pytest.mark.parametrize("colour", ["light", "dark"])
def test_f1_pyramid_colour_at_most_6_together(colour):
    p0 = make_player(pyramid={"light": 0, "dark": 0} | {colour: 4})
    p1 = make_player(pyramid={"light": 0, "dark": 0} | {colour: 3})
    assert board_errors(make_board(p0, p1)) == [
        (f"players[1].pyramid.{colour}",
         f"the players hold 4 + 3 = 7 {colour} pyramid tokens together; the game has only 6")]


def test_f1_pyramid_needs_both_colours():
    assert error_paths(make_board(make_player(pyramid={"light": 2}))) == ["players[0].pyramid.dark"]


def test_f1_pyramid_unknown_colour():
    errors = board_errors(make_board(make_player(pyramid={"light": 2, "dark": 0, "darkk": 1})))
    assert [p for p, _ in errors] == ["players[0].pyramid.darkk"]


@pytest.mark.parametrize("value", [None, 4, [4, 6]])
def test_f1_pyramid_must_be_an_object(value):
    assert error_paths(make_board(make_player(pyramid=value))) == ["players[0].pyramid"]


# --------------------------------------------------------------------------- tomb


@pytest.mark.parametrize("value", [0, 13, -3, "7", None, 7.0])
def test_f1_tomb_numbers_1_to_12(value):
    errors = board_errors(make_board(make_player(tomb=[value])))
    assert [p for p, _ in errors] == ["players[0].tomb"]
    assert errors[0][1].startswith("entry 1 must be a tomb number 1–12")


def test_f1_tomb_number_listed_twice_by_one_player():
    assert board_errors(make_board(make_player(tomb=[3, 3]))) == [
        ("players[0].tomb", "tomb 3 is listed 2 times; there is only one")]


def test_f1_tomb_number_held_by_both_players():
    assert board_errors(make_board(make_player(tomb=[7, 8]), make_player(tomb=[1, 7]))) == [
        ("players[1].tomb", "tomb 7 is held by both players")]


# --------------------------------------------------------------------------- extras


@pytest.mark.parametrize("value", [13, -1, "2", None, True])
def test_f1_action_tokens_0_to_12(value):
    assert error_paths(make_board(make_player(action_tokens=value))) == ["players[0].action_tokens"]


def test_f1_action_tokens_at_most_12_together():
    assert board_errors(make_board(make_player(action_tokens=7), make_player(action_tokens=6))) == [
        ("players[1].action_tokens",
         "the players hold 7 + 6 = 13 action tokens together; the game has only 12")]


@pytest.mark.parametrize("value", [5, -1, "1", None, 1.5])
def test_f1_meeples_0_to_4(value):
    assert error_paths(make_board(make_player(meeples_on_harbor=value))) == ["players[0].meeples_on_harbor"]


# --------------------------------------------------------------------------- all problems at once


def test_f1_every_problem_is_listed():
    data = {
        "game": "classic",
        "sides": {"temple": "C"},
        "players": [make_player(obelisk=13, tomb=[7]), make_player(meeples_on_harbor=5, tomb=[7])],
    }
    assert error_paths(data) == ["game", "sides.temple", "players[0].obelisk", "players[1].meeples_on_harbor",
                            "players[1].tomb"]


def test_f1_board_error_is_a_value_error_with_readable_message():
    with pytest.raises(ValueError, match=r"players\[0\]\.obelisk: must be between 0 and 12, got 13"):
        parse_board(make_board(make_player(obelisk=13)))


# --------------------------------------------------------------------------- direct construction


def _pb(**fields) -> PlayerBoard:
    base = {"name": None, "obelisk": 0, "obelisk_first_to_five": False, "temple": (), "pyramid_light": 0,
            "pyramid_dark": 0, "tomb": (), "action_tokens": 0, "meeples_on_harbor": 0}
    return PlayerBoard(**(base | fields))


def test_f1_duel_board_built_directly_is_validated():
    with pytest.raises(BoardError) as caught:
        DuelBoard(sides=dict.fromkeys(MONUMENTS, "A"), starting_player=0,
                  players=(_pb(tomb=(5,)), _pb(tomb=(5,))))
    assert caught.value.errors == [("players[1].tomb", "tomb 5 is held by both players")]


def test_f1_duel_board_built_directly_fills_omitted_sides_and_owns_them():
    sides = {"tomb": "B"}
    board = DuelBoard(sides=sides, starting_player=1, players=(_pb(), _pb(temple=[2, 1])))
    sides["tomb"] = "A"
    assert board.sides == {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "B"}
    assert board.players[1].temple == (1, 2)


@pytest.mark.parametrize("players", [(), (_pb(),), (_pb(), _pb(), _pb())])
def test_f1_duel_board_built_directly_needs_two_players(players):
    with pytest.raises(BoardError) as caught:
        DuelBoard(sides={}, starting_player=0, players=players)
    assert [p for p, _ in caught.value.errors] == ["players"]


# --------------------------------------------------------------------------- junk never crashes

_json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
_junk = st.recursive(
    _json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _replace_at(data: object, path: list, value: object) -> object:
    if not path:
        return value
    data = copy.copy(data)
    data[path[0]] = _replace_at(data[path[0]], path[1:], value)  # type: ignore[index]
    return data


_PATHS = [[], ["game"], ["sides"], ["sides", "temple"], ["starting_player"], ["players"],
          ["players", 0], ["players", 1, "name"], ["players", 0, "obelisk"],
          ["players", 1, "obelisk_first_to_five"], ["players", 0, "temple"], ["players", 0, "temple", 1],
          ["players", 0, "pyramid"], ["players", 1, "pyramid", "dark"], ["players", 0, "tomb"],
          ["players", 0, "tomb", 2], ["players", 1, "action_tokens"], ["players", 0, "meeples_on_harbor"]]


@settings(max_examples=200, deadline=None)
@given(_junk)
def test_f1_junk_raises_only_board_error(data):
    try:
        parse_board(data)
    except BoardError as e:
        assert e.errors and all(isinstance(p, str) and isinstance(m, str) for p, m in e.errors)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_PATHS), _junk)
def test_f1_junk_inside_a_valid_board_raises_only_board_error(path, junk):
    data = _replace_at(copy.deepcopy(F1_EXAMPLE), path, junk)
    try:
        parse_board(data)
    except BoardError as e:
        assert e.errors and all(isinstance(p, str) and isinstance(m, str) for p, m in e.errors)


def test_f1_tomb_duplicate_is_reported_next_to_a_bad_entry():
    assert board_errors(make_board(make_player(tomb=[3, 3, 13]))) == [
        ("players[0].tomb", "entry 3 must be a tomb number 1–12, got 13"),
        ("players[0].tomb", "tomb 3 is listed 2 times; there is only one")]


def test_f1_parsed_board_equals_the_same_board_built_directly():
    built = DuelBoard(sides={"temple": "B"}, starting_player=1,
                      players=(_pb(name="Ana", temple=(4, 1)), _pb(tomb=(3,))))
    parsed = parse_board({"sides": {"temple": "B"}, "starting_player": 1,
                          "players": [make_player(name="Ana", temple=[4, 1]), make_player(tomb=[3])]})
    assert parsed == built
