"""F1 end-game board validation (formats.md F1, limits from duel.md D1): every problem is a
BoardError naming the field path; nothing else ever escapes `parse_board`."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.duel.board import MONUMENTS, DuelBoard, PlayerBoard, parse_board
from rules_engine.errors import BoardError

F1_EXAMPLE = {
    "game": "duel",
    "sides": {"obelisk": "A", "temple": "B", "pyramid": "A", "tomb": "A"},
    "starting_player": 0,
    "players": [
        {"name": "Ana", "obelisk": 2, "obelisk_first_to_five": False, "temple": [1, 4, 2],
         "pyramid": {"light": 4, "dark": 6}, "tomb": [1, 2, 3, 4, 5, 6, 11], "action_tokens": 2,
         "meeples_on_harbor": 1},
        {"name": "Ben", "obelisk": 6, "obelisk_first_to_five": True, "temple": [],
         "pyramid": {"light": 0, "dark": 0}, "tomb": [], "action_tokens": 0, "meeples_on_harbor": 0},
    ],
}


def _player(**fields) -> dict:
    p = {"obelisk": 0, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [],
         "action_tokens": 0, "meeples_on_harbor": 0}
    p.update(fields)
    return p


def _board(p0: dict | None = None, p1: dict | None = None, **top) -> dict:
    return {"players": [p0 or _player(), p1 or _player()], **top}


def _errors(data: object) -> list[tuple[str, str]]:
    with pytest.raises(BoardError) as caught:
        parse_board(data)
    return caught.value.errors


def _paths(data: object) -> list[str]:
    return [path for path, _ in _errors(data)]


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
    data = _board(_player(temple=[4, 1, 4], tomb=[9, 2]), sides={"tomb": "B"})
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
    assert parse_board(_board()).sides == dict.fromkeys(MONUMENTS, "A")


def test_f1_monument_omitted_from_sides_is_a():
    assert parse_board(_board(sides={"pyramid": "B"})).sides == {
        "obelisk": "A", "temple": "A", "pyramid": "B", "tomb": "A"}


def test_f1_starting_player_defaults_to_0():
    assert parse_board(_board()).starting_player == 0


def test_f1_name_is_optional_and_may_be_null():
    board = parse_board(_board(_player(name=None), _player(name="Ben")))
    assert [p.name for p in board.players] == [None, "Ben"]


def test_f1_obelisk_first_to_five_defaults_to_false():
    assert parse_board(_board()).players[0].obelisk_first_to_five is False


# --------------------------------------------------------------------------- top level


@pytest.mark.parametrize("data", [None, [], "duel", 3, True, 2.5])
def test_f1_board_must_be_an_object(data):
    assert _paths(data) == [""]


def test_f1_game_must_be_duel():
    assert _errors(_board(game="classic")) == [
        ("game", "must be 'duel' (or be left out), got text 'classic'")]


@pytest.mark.parametrize("value", [None, 1, {"game": "duel"}])
def test_f1_game_wrong_type(value):
    assert _paths(_board(game=value)) == ["game"]


def test_f1_unknown_top_level_field_is_rejected():
    errors = _errors(_board(side={"tomb": "B"}))
    assert [p for p, _ in errors] == ["side"]
    assert "did you mean 'sides'?" in errors[0][1]


@pytest.mark.parametrize("value", [2, -1, True, "0", None, 0.0, [0]])
def test_f1_starting_player_must_be_0_or_1(value):
    assert _paths(_board(starting_player=value)) == ["starting_player"]


# --------------------------------------------------------------------------- sides


def test_f1_side_must_be_a_or_b():
    assert _errors(_board(sides={"temple": "C"})) == [("sides.temple", "must be 'A' or 'B', got text 'C'")]


@pytest.mark.parametrize("value", ["a", "", None, 1, ["A"]])
def test_f1_side_value_wrong(value):
    assert _paths(_board(sides={"tomb": value})) == ["sides.tomb"]


def test_f1_unknown_monument_in_sides():
    errors = _errors(_board(sides={"obelisks": "B"}))
    assert [p for p, _ in errors] == ["sides.obelisks"]
    assert "did you mean 'obelisk'?" in errors[0][1]


@pytest.mark.parametrize("value", [None, "A", ["A", "B"]])
def test_f1_sides_must_be_an_object(value):
    assert _paths(_board(sides=value)) == ["sides"]


# --------------------------------------------------------------------------- players


@pytest.mark.parametrize("count", [0, 1, 3])
def test_f1_exactly_two_players(count):
    data = {"players": [_player() for _ in range(count)]}
    assert _errors(data) == [("players", f"exactly 2 players are needed, got {count}")]


def test_f1_players_is_required():
    assert _paths({"game": "duel"}) == ["players"]


@pytest.mark.parametrize("value", [None, {"0": {}}, "Ana,Ben"])
def test_f1_players_must_be_a_list(value):
    assert _paths({"players": value}) == ["players"]


@pytest.mark.parametrize("value", [None, "Ben", 3, [1, 2]])
def test_f1_player_must_be_an_object(value):
    assert _paths({"players": [_player(), value]}) == ["players[1]"]


def test_f1_unknown_player_field_is_rejected():
    p = _player()
    p["tombs"] = p.pop("tomb")
    errors = _errors(_board(p))
    assert [path for path, _ in errors] == ["players[0].tombs", "players[0].tomb"]
    assert "did you mean 'tomb'?" in errors[0][1]
    assert errors[1][1].startswith("is required")


@pytest.mark.parametrize("field", ["obelisk", "temple", "pyramid", "tomb", "action_tokens",
                                   "meeples_on_harbor"])
def test_f1_player_field_is_required(field):
    p = _player()
    del p[field]
    assert _paths(_board(_player(), p)) == [f"players[1].{field}"]


@pytest.mark.parametrize("value", [3, ["Ana"], {"first": "Ana"}, True])
def test_f1_name_must_be_text(value):
    assert _paths(_board(_player(name=value))) == ["players[0].name"]


# --------------------------------------------------------------------------- obelisk


def test_f1_obelisk_at_most_12():
    assert _errors(_board(_player(obelisk=13))) == [
        ("players[0].obelisk", "must be between 0 and 12, got 13")]


@pytest.mark.parametrize("value", [-1, 10**40, "3", True, False, None, 3.0, 2.5, float("nan"), [3]])
def test_f1_obelisk_must_be_a_count(value):
    assert _paths(_board(_player(obelisk=value))) == ["players[0].obelisk"]


def test_f1_obelisk_at_most_12_together():
    errors = _errors(_board(_player(obelisk=7), _player(obelisk=6)))
    assert errors == [("players[1].obelisk",
                       "the players hold 7 + 6 = 13 obelisk tokens together; the game has only 12")]


def test_f1_obelisk_12_together_is_fine():
    parse_board(_board(_player(obelisk=6), _player(obelisk=6)))


# --------------------------------------------------------------------------- obelisk_first_to_five


@pytest.mark.parametrize("value", [None, 1, "true"])
def test_f1_obelisk_first_to_five_must_be_boolean(value):
    assert _paths(_board(_player(obelisk_first_to_five=value))) == ["players[0].obelisk_first_to_five"]


@pytest.mark.parametrize("flags", [(False, False), (True, True)])
def test_d7_1_b_both_with_five_need_exactly_one_first(flags):
    data = _board(_player(obelisk=5, obelisk_first_to_five=flags[0]),
                  _player(obelisk=6, obelisk_first_to_five=flags[1]), sides={"obelisk": "B"})
    errors = _errors(data)
    assert [p for p, _ in errors] == ["players[1].obelisk_first_to_five"]
    assert ("neither is" if flags == (False, False) else "both are") in errors[0][1]


def test_d7_1_b_first_to_five_needs_five_tokens():
    data = _board(_player(obelisk=4, obelisk_first_to_five=True), sides={"obelisk": "B"})
    assert _errors(data) == [
        ("players[0].obelisk_first_to_five",
         "cannot be true with 4 obelisk tokens: first to five needs at least 5 (D7.1 B)")]


def test_d7_1_b_single_player_with_five_needs_no_flag():
    parse_board(_board(_player(obelisk=5), _player(obelisk=4), sides={"obelisk": "B"}))


@pytest.mark.parametrize(("counts", "flags"), [((5, 6), (True, True)), ((5, 6), (False, False)),
                                               ((2, 0), (True, False))])
def test_f1_obelisk_first_to_five_is_ignored_on_side_a(counts, flags):
    data = _board(_player(obelisk=counts[0], obelisk_first_to_five=flags[0]),
                  _player(obelisk=counts[1], obelisk_first_to_five=flags[1]), sides={"obelisk": "A"})
    parse_board(data)


# --------------------------------------------------------------------------- temple


@pytest.mark.parametrize("value", [0, 5, -1, "1", None, True, 1.0, [1]])
def test_f1_temple_values_1_to_4(value):
    errors = _errors(_board(_player(temple=[1, value])))
    assert [p for p, _ in errors] == ["players[0].temple"]
    assert errors[0][1].startswith("entry 2 must be a temple value 1–4")


@pytest.mark.parametrize("value", [None, 7, "1,2", {"1": 2}])
def test_f1_temple_must_be_a_list(value):
    assert _paths(_board(_player(temple=value))) == ["players[0].temple"]


def test_f1_temple_value_at_most_3_per_player():
    assert _errors(_board(_player(temple=[2, 2, 2, 2]))) == [
        ("players[0].temple", "temple-2 appears 4 times; the game has only 3 (D1)")]


def test_f1_temple_value_at_most_3_across_both_players():
    assert _errors(_board(_player(temple=[4, 4]), _player(temple=[4, 4]))) == [
        ("players[1].temple", "temple-4 appears 4 times across both players; the game has only 3")]


# --------------------------------------------------------------------------- pyramid


@pytest.mark.parametrize("colour", ["light", "dark"])
@pytest.mark.parametrize("value", [7, -1, "3", None, False])
def test_f1_pyramid_colour_0_to_6(colour, value):
    pyramid = {"light": 0, "dark": 0} | {colour: value}
    assert _paths(_board(_player(pyramid=pyramid))) == [f"players[0].pyramid.{colour}"]


@pytest.mark.parametrize("colour", ["light", "dark"])
def test_f1_pyramid_colour_at_most_6_together(colour):
    p0 = _player(pyramid={"light": 0, "dark": 0} | {colour: 4})
    p1 = _player(pyramid={"light": 0, "dark": 0} | {colour: 3})
    assert _errors(_board(p0, p1)) == [
        (f"players[1].pyramid.{colour}",
         f"the players hold 4 + 3 = 7 {colour} pyramid tokens together; the game has only 6")]


def test_f1_pyramid_needs_both_colours():
    assert _paths(_board(_player(pyramid={"light": 2}))) == ["players[0].pyramid.dark"]


def test_f1_pyramid_unknown_colour():
    errors = _errors(_board(_player(pyramid={"light": 2, "dark": 0, "darkk": 1})))
    assert [p for p, _ in errors] == ["players[0].pyramid.darkk"]


@pytest.mark.parametrize("value", [None, 4, [4, 6]])
def test_f1_pyramid_must_be_an_object(value):
    assert _paths(_board(_player(pyramid=value))) == ["players[0].pyramid"]


# --------------------------------------------------------------------------- tomb


@pytest.mark.parametrize("value", [0, 13, -3, "7", None, 7.0])
def test_f1_tomb_numbers_1_to_12(value):
    errors = _errors(_board(_player(tomb=[value])))
    assert [p for p, _ in errors] == ["players[0].tomb"]
    assert errors[0][1].startswith("entry 1 must be a tomb number 1–12")


def test_f1_tomb_number_listed_twice_by_one_player():
    assert _errors(_board(_player(tomb=[3, 3]))) == [
        ("players[0].tomb", "tomb-3 is listed 2 times; there is only one")]


def test_f1_tomb_number_held_by_both_players():
    assert _errors(_board(_player(tomb=[7, 8]), _player(tomb=[1, 7]))) == [
        ("players[1].tomb", "tomb-7 is held by both players")]


# --------------------------------------------------------------------------- extras


@pytest.mark.parametrize("value", [13, -1, "2", None, True])
def test_f1_action_tokens_0_to_12(value):
    assert _paths(_board(_player(action_tokens=value))) == ["players[0].action_tokens"]


def test_f1_action_tokens_at_most_12_together():
    assert _errors(_board(_player(action_tokens=7), _player(action_tokens=6))) == [
        ("players[1].action_tokens",
         "the players hold 7 + 6 = 13 action tokens together; the game has only 12")]


@pytest.mark.parametrize("value", [5, -1, "1", None, 1.5])
def test_f1_meeples_0_to_4(value):
    assert _paths(_board(_player(meeples_on_harbor=value))) == ["players[0].meeples_on_harbor"]


# --------------------------------------------------------------------------- all problems at once


def test_f1_every_problem_is_listed():
    data = {
        "game": "classic",
        "sides": {"temple": "C"},
        "players": [_player(obelisk=13, tomb=[7]), _player(meeples_on_harbor=5, tomb=[7])],
    }
    assert _paths(data) == ["game", "sides.temple", "players[0].obelisk", "players[1].meeples_on_harbor",
                            "players[1].tomb"]


def test_f1_board_error_is_a_value_error_with_readable_message():
    with pytest.raises(ValueError, match=r"players\[0\]\.obelisk: must be between 0 and 12, got 13"):
        parse_board(_board(_player(obelisk=13)))


# --------------------------------------------------------------------------- direct construction


def _pb(**fields) -> PlayerBoard:
    base = {"name": None, "obelisk": 0, "obelisk_first_to_five": False, "temple": (), "pyramid_light": 0,
            "pyramid_dark": 0, "tomb": (), "action_tokens": 0, "meeples_on_harbor": 0}
    return PlayerBoard(**(base | fields))


def test_f1_duel_board_built_directly_is_validated():
    with pytest.raises(BoardError) as caught:
        DuelBoard(sides=dict.fromkeys(MONUMENTS, "A"), starting_player=0,
                  players=(_pb(tomb=(5,)), _pb(tomb=(5,))))
    assert caught.value.errors == [("players[1].tomb", "tomb-5 is held by both players")]


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
    assert _errors(_board(_player(tomb=[3, 3, 13]))) == [
        ("players[0].tomb", "entry 3 must be a tomb number 1–12, got 13"),
        ("players[0].tomb", "tomb-3 is listed 2 times; there is only one")]


def test_f1_parsed_board_equals_the_same_board_built_directly():
    built = DuelBoard(sides={"temple": "B"}, starting_player=1,
                      players=(_pb(name="Ana", temple=(4, 1)), _pb(tomb=(3,))))
    parsed = parse_board({"sides": {"temple": "B"}, "starting_player": 1,
                          "players": [_player(name="Ana", temple=[4, 1]), _player(tomb=[3])]})
    assert parsed == built
