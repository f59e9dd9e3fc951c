"""The calculator's form turns the table into an F1 board (formats.md F1)."""

import pytest
from django.http import QueryDict

from games.ui.duel.forms import DuelBoardForm, with_defaults


def form_for(query: str) -> DuelBoardForm:
    form = DuelBoardForm(with_defaults(QueryDict(query)))
    assert form.is_valid(), form.errors
    return form


def test_f1_empty_form_is_all_zero_sides_a_player_1_started():
    board = form_for("").to_board()
    assert board["sides"] == {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"}
    assert board["starting_player"] == 0
    assert [p["name"] for p in board["players"]] == ["Player 1", "Player 2"]
    for player in board["players"]:
        assert player == {**player, "obelisk": 0, "obelisk_first_to_five": False, "temple": [],
                          "pyramid": {"light": 0, "dark": 0}, "tomb": [], "action_tokens": 0,
                          "meeples_on_harbor": 0}


def test_f1_temple_counters_become_one_value_per_token():
    board = form_for("p0_temple_1=2&p0_temple_3=1&p0_temple_4=3").to_board()
    assert board["players"][0]["temple"] == [1, 1, 3, 4, 4, 4]


def test_f1_tomb_toggles_become_the_sorted_tomb_numbers():
    board = form_for("p1_tomb=11&p1_tomb=2&p1_tomb=3").to_board()
    assert board["players"][1]["tomb"] == [2, 3, 11]


def test_f1_counts_sides_and_starting_player_are_copied():
    board = form_for("side_tomb=B&side_temple=B&starting_player=1&p1_obelisk=4&p1_light=2&p1_dark=5"
                     "&p1_actions=3&p1_meeples=2").to_board()
    assert board["sides"] == {"obelisk": "A", "temple": "B", "pyramid": "A", "tomb": "B"}
    assert board["starting_player"] == 1
    p = board["players"][1]
    assert (p["obelisk"], p["pyramid"], p["action_tokens"], p["meeples_on_harbor"]) == (
        4, {"light": 2, "dark": 5}, 3, 2)


def test_f1_cleared_number_counts_as_zero_and_cleared_name_as_no_name():
    board = form_for("p0_obelisk=&p0_name=").to_board()
    assert board["players"][0]["obelisk"] == 0
    assert board["players"][0]["name"] is None


@pytest.mark.parametrize(
    ("query", "asked"),
    [
        ("side_obelisk=B&p0_obelisk=5&p1_obelisk=6", True),
        ("side_obelisk=A&p0_obelisk=5&p1_obelisk=6", False),
        ("side_obelisk=B&p0_obelisk=4&p1_obelisk=6", False),
    ],
    ids=["side-b-both-5", "side-a", "side-b-one-below-5"],
)
def test_d7_1_first_to_five_is_asked_only_on_side_b_when_both_hold_5(query, asked):
    assert form_for(query).asks_first_to_five is asked


def test_d7_1_first_to_five_answer_marks_exactly_that_player():
    board = form_for("side_obelisk=B&p0_obelisk=5&p1_obelisk=6&first_to_five=1").to_board()
    assert [p["obelisk_first_to_five"] for p in board["players"]] == [False, True]


def test_d7_1_first_to_five_answer_is_dropped_when_not_asked():
    # A stale answer in a link must not mark a player the engine would then reject (F1).
    board = form_for("side_obelisk=B&p0_obelisk=2&p1_obelisk=6&first_to_five=0").to_board()
    assert [p["obelisk_first_to_five"] for p in board["players"]] == [False, False]


@pytest.mark.parametrize("value", ["abc", "2.5", "-1", "100"])
def test_numbers_that_are_not_counts_are_form_errors(value):
    form = DuelBoardForm(with_defaults(QueryDict(f"p0_obelisk={value}")))
    assert not form.is_valid()
    assert "p0_obelisk" in form.errors
