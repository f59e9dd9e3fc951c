"""duel.md D2: cell names, boat names and which cell of a line is nearest its boat."""

import pytest

from rules_engine.duel.harbor import BOATS, CELLS, LINE_CELLS

from .duel_helpers import play, start


def test_d2_cells_a1_to_c3_letter_is_column_digit_is_row():
    assert sorted(CELLS) == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    assert BOATS == ("row-1", "row-2", "row-3", "col-a", "col-b", "col-c")


@pytest.mark.parametrize(("boat", "nearest_first"), [
    ("row-1", ["c1", "b1", "a1"]),  # row boats dock on the right: column c is nearest
    ("row-2", ["c2", "b2", "a2"]),
    ("row-3", ["c3", "b3", "a3"]),
    ("col-a", ["a3", "a2", "a1"]),  # column boats dock below: row 3 is nearest
    ("col-b", ["b3", "b2", "b1"]),
    ("col-c", ["c3", "c2", "c1"]),
])
def test_d2_line_cells_nearest_to_the_boat_first(boat, nearest_first):
    assert [CELLS[c] for c in LINE_CELLS[BOATS.index(boat)]] == nearest_first


def test_d2_row_boat_is_on_the_right_so_column_c_unloads_first():
    # Player 0 at a1 (far), player 1 at c1 (nearest row-1's boat): player 1 gets slot 3.
    state = start(boats={"row-1": ["temple-1", "temple-2", "temple-3"]})
    state = play(state, "place a1", "place c1", "unload row-1")
    assert state.players[1].temple == (3,)
    assert state.players[0].temple == (2,)


def test_d2_column_boat_is_below_so_row_3_unloads_first():
    state = start(boats={"col-b": ["temple-1", "temple-2", "temple-3"]})
    state = play(state, "place b1", "place b3", "unload col-b")
    assert state.players[1].temple == (3,)
    assert state.players[0].temple == (2,)
