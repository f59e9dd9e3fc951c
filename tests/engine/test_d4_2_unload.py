"""duel.md D4.2: unload a boat."""

import pytest

from rules_engine.duel.game import apply_move, legal_moves
from rules_engine.duel.moves import Unload
from rules_engine.errors import IllegalMoveError

from .duel_helpers import cycle, drain, make_supply, play, start

ROW3_EXAMPLE = {"row-3": ["pyramid-dark", "temple-1", "tomb-12"]}


def test_d4_2_unload_needs_two_meeples():
    state = play(start(), "place a2", "place c1")
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, Unload("row-2"))
    assert err.value.reason == "unload row 2 needs at least 2 meeples in row 2, it has 1 (D4.2)"
    assert err.value.rule == "D4.2"


def test_d4_2_unload_with_no_meeples_names_the_column():
    with pytest.raises(IllegalMoveError, match=r"unload column b needs at least 2 meeples in column b, "
                                                r"it has 0 \(D4.2\)"):
        apply_move(start(), Unload("col-b"))


def test_d4_2_meeples_of_any_colour_even_none_of_yours():
    # Rulebook example: black may unload the middle column holding only two white meeples.
    state = play(start(), "place a1", "place b1", "place c3", "place b2")
    assert Unload("col-b") in legal_moves(state)
    state = play(state, "unload col-b")
    assert state.players[0].meeples_in_supply == 2  # black's own two stay on the harbor
    assert state.players[1].meeples_in_supply == 4


def test_d4_2_rulebook_example_bottom_row_two_meeples():
    # German rulebook: black unloads the bottom row: black gets tomb 12, white temple 1,
    # the dark pyramid (slot 1, nobody's) goes back to the box.
    state = play(start(boats=ROW3_EXAMPLE), "place c3", "place a3", "unload row-3")
    black, white = state.players
    assert black.tomb == (12,)
    assert white.temple == (1,)
    assert state.box == ("pyramid-dark",)


def test_d4_2_three_meeples_take_slots_3_2_1_nearest_first():
    state = play(start(boats=ROW3_EXAMPLE), "place a3", "place c3", "place b3", "place a1",
                 "unload row-3")
    # c3 (player 1) nearest: slot 3; b3 (player 0): slot 2; a3 (player 0): slot 1.
    assert state.players[1].tomb == (12,)
    assert state.players[0].temple == (1,)
    assert state.players[0].pyramid_dark == 1
    assert state.box == ()


def test_d4_2_empty_cells_are_skipped():
    # Meeples on c3 and a3, b3 empty: a3 is the second meeple, so it takes slot 2.
    state = play(start(boats=ROW3_EXAMPLE), "place a3", "place c3", "unload row-3")
    assert state.players[1].tomb == (12,)
    assert state.players[0].temple == (1,)


def test_d4_2_meeples_return_to_their_owners_others_stay():
    state = play(start(), "place c3", "place a3", "place a1", "place b2", "unload row-3")
    assert state.harbor["c3"] is None and state.harbor["a3"] is None
    assert state.harbor["a1"] == 0 and state.harbor["b2"] == 1
    assert [p.meeples_in_supply for p in state.players] == [3, 3]


def test_d4_2_step_4_refill_from_the_supply_slots_1_2_3():
    supply = make_supply(then=["tomb-1", "tomb-2", "tomb-3"])
    state = play(start(then=["tomb-1", "tomb-2", "tomb-3"]), "place c1", "place b1", "unload row-1")
    assert state.boats["row-1"] == ("tomb-1", "tomb-2", "tomb-3")
    assert state.supply_count == 36
    assert state.supply == tuple(supply[24:])


def test_d4_2_step_4_boat_removed_when_the_supply_is_empty():
    state = drain(start(), ["row-1"] * 13)
    assert state.supply_count == 0 and state.unloads == 13
    state = cycle(state, "row-1")
    assert state.boats["row-1"] is None
    assert not state.over
    with pytest.raises(IllegalMoveError, match=r"unload row 1: that boat has been removed"):
        apply_move(play(state, "place c1", "place b1"), Unload("row-1"))


def test_d4_2_step_4_cells_of_a_removed_line_stay_usable():
    state = cycle(drain(start(), ["row-1"] * 13), "row-1")
    state = play(state, "place a1", "place a2", "unload col-a")  # a1 is in removed row 1
    assert state.boats["col-a"] is None  # the supply is empty: col-a is removed too
    assert state.players[1].meeples_in_supply == 4


def test_d4_2_removed_boat_is_not_offered():
    state = play(cycle(drain(start(), ["row-1"] * 13), "row-1"), "place c1", "place b1")
    assert Unload("row-1") not in legal_moves(state)
