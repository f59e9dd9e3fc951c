"""The base-game calculator's form turns the table into an F3 board (formats.md F3)."""

import pytest
from django.http import QueryDict

from games.ui.classic.chamber_fields import MAX_CHAMBER_COLUMNS, chamber_columns
from games.ui.classic.forms import ClassicBoardForm, with_defaults
from tests.engine.classic.board_helpers import player


def form_for(query: str) -> ClassicBoardForm:
    form = ClassicBoardForm(with_defaults(QueryDict(query)))
    assert form.is_valid(), form.errors
    return form


def test_f3_empty_form_is_four_players_of_the_box_colours_all_zero_sides_a():
    board = form_for("").to_board()
    assert board["game"] == "classic"
    assert board["sides"] == dict.fromkeys(("market", "pyramids", "temple", "burial-chamber", "obelisks"), "A")
    colours = ("black", "white", "brown", "grey")
    assert board["players"] == [player(colour, name=f"Player {i}") for i, colour in enumerate(colours, 1)]
    assert board["burial_chamber"] == []
    assert "variants" not in board and "site_stones" not in board


@pytest.mark.parametrize("count", [2, 3, 4])
def test_f3_player_count_keeps_that_many_players(count):
    board = form_for(f"players={count}&p3_track=9").to_board()
    assert len(board["players"]) == count


def test_f3_counts_names_and_colours_are_copied():
    board = form_for("p1_name=Ben&p1_colour=grey&p1_track=41&p1_sled=2&p1_obelisk=4&p1_statues=3&p1_blue=1").to_board()
    assert board["players"][1] == {
        "name": "Ben",
        "colour": "grey",
        "track": 41,
        "sled": 2,
        "obelisk_stones": 4,
        "statues": 3,
        "decorations": [],
        "blue_cards": 1,
    }


def test_f3_decoration_counters_become_one_site_id_per_card():
    board = form_for("p0_deco_pyramids=2&p0_deco_obelisks=1").to_board()
    assert board["players"][0]["decorations"] == ["pyramids", "pyramids", "obelisks"]


def test_f3_sides_are_copied():
    board = form_for("side_market=B&side_temple=B").to_board()
    assert board["sides"] == {"market": "B", "pyramids": "A", "temple": "B", "burial-chamber": "A", "obelisks": "A"}


def test_f3_chamber_cells_become_columns_of_three_top_to_bottom():
    board = form_for("bc_1_1=black&bc_1_2=white&bc_1_3=black&bc_2_1=brown").to_board()
    assert board["burial_chamber"] == [["black", "white", "black"], ["brown", None, None]]


def test_f3_chamber_gaps_are_kept_for_the_engine_to_judge():
    board = form_for("bc_1_1=black&bc_3_2=white").to_board()
    assert board["burial_chamber"] == [["black", None, None], [None, None, None], [None, "white", None]]


@pytest.mark.parametrize(
    ("query", "columns"),
    [
        ("", 1),
        ("bc_1_1=black", 2),
        ("bc_4_3=grey&bc_1_1=black", 5),
        ("bc_2_1=", 1),
        (f"bc_{MAX_CHAMBER_COLUMNS}_1=black", MAX_CHAMBER_COLUMNS),
        (f"bc_{MAX_CHAMBER_COLUMNS + 1}_1=black", 1),
    ],
    ids=["empty", "one-filled", "gap", "blank-cell", "full", "beyond-the-cap"],
)
def test_c5_4_chamber_shows_one_empty_column_after_the_filled_ones(query, columns):
    assert chamber_columns(QueryDict(query)) == columns
    assert form_for(query).columns == columns


def test_c9_reached_is_sent_only_with_pharaohs_wrath():
    assert "reached" not in form_for("p0_reached=temple").to_board()["players"][0]
    board = form_for("variants=pharaohs-wrath&p0_reached=obelisks&p0_reached=pyramids").to_board()
    assert board["variants"] == ["pharaohs-wrath"]
    assert board["players"][0]["reached"] == ["pyramids", "obelisks"]
    assert board["players"][1]["reached"] == []


@pytest.mark.parametrize(
    ("query", "site_stones"),
    [
        ("site_stones_pyramids=16", None),  # no decoration: not part of the board
        ("p0_deco_pyramids=1&site_stones_pyramids=16&site_stones_temple=5", {"pyramids": 16}),
        ("p2_deco_temple=1&site_stones_temple=11", {"temple": 11}),
        ("p0_deco_pyramids=1", None),  # held but not entered: the engine asks for it
        ("p0_deco_obelisks=1&site_stones_obelisks=7", None),  # side A: the form has the heights
        ("side_obelisks=B&p0_deco_obelisks=1&site_stones_obelisks=7", {"obelisks": 7}),
        ("players=2&p3_deco_temple=1&site_stones_temple=4", None),  # held by a player not in play
    ],
    ids=[
        "no-decoration",
        "pyramids",
        "temple",
        "not-entered",
        "obelisks-side-a",
        "obelisks-side-b",
        "player-not-in-play",
    ],
)
def test_c7_site_stones_are_sent_only_for_a_decoration_held(query, site_stones):
    assert form_for(query).to_board().get("site_stones") == site_stones


def test_f3_cleared_number_counts_as_zero_and_cleared_name_as_no_name():
    board = form_for("p0_track=&p0_name=").to_board()
    assert board["players"][0]["track"] == 0
    assert board["players"][0]["name"] is None


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("p0_track=abc", "p0_track"),
        ("p1_sled=-1", "p1_sled"),
        ("p2_statues=2.5", "p2_statues"),
        ("p0_colour=purple", "p0_colour"),
        ("bc_1_1=purple", "bc_1_1"),
        ("players=5", "players"),
        ("side_temple=C", "side_temple"),
        ("p0_deco_temple=3", "p0_deco_temple"),
        ("p0_reached=market", "p0_reached"),
    ],
)
def test_values_the_form_cannot_parse_are_form_errors(query, field):
    form = ClassicBoardForm(with_defaults(QueryDict(query)))
    assert not form.is_valid()
    assert field in form.errors
