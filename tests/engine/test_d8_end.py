"""duel.md D8 (and D4.2 step 5): the game ends when the second-to-last boat is removed,
also in the middle of an action token (docs/rulings.md "D4.3, D8")."""

import pytest

from rules_engine.duel.game import apply_move, legal_moves
from rules_engine.duel.moves import PlaceUnload
from rules_engine.errors import IllegalMoveError

from .duel_helpers import drain, mv, play, start

# 13 refills of row-1 empty the supply, then row-1, row-2, row-3 and col-a are removed.
DRAIN = ["row-1"] * 14 + ["row-2", "row-3", "col-a"]


def two_boats_left():
    """Supply empty, only col-b and col-c in play; player 1 (holding place-unload) to move
    with b3 (player 1), b2 (player 0), c2 (player 1), a1 (player 0) on the harbor."""
    state = start(boats={"row-1": ["temple-1", "place-unload", "temple-2"]})
    state = drain(state, DRAIN)
    assert state.supply_count == 0 and state.unloads == 17
    assert [b for b, cargo in state.boats.items() if cargo] == ["col-b", "col-c"]
    state = play(state, "place b3", "place b2", "place c2", "place a1")
    assert state.to_move == 1 and "place-unload" in state.players[1].action_tokens
    return state


def test_d8_removing_the_second_to_last_boat_ends_the_game():
    before = two_boats_left()
    state = play(before, "unload col-b")
    assert state.over and state.end_reason == "last-boat"
    assert state.unloads == 18


def test_d8_the_last_boat_is_not_unloaded():
    before = two_boats_left()
    state = play(before, "unload col-b")
    assert state.boats["col-c"] == before.boats["col-c"]
    assert not set(before.boats["col-c"]) & set(state.box[len(before.box):])


def test_d8_no_move_after_the_end():
    state = play(two_boats_left(), "unload col-b")
    assert legal_moves(state) == []
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, mv("place c3"))
    assert err.value.reason == "the game is over: only one boat is left (D8); no more moves"


def test_d8_meeples_left_on_the_harbor_stay_there():
    state = play(two_boats_left(), "unload col-b")
    assert state.harbor["c2"] == 1 and state.harbor["a1"] == 0


@pytest.mark.parametrize("boats", [("col-b",), ("col-c",)])
def test_d8_place_unload_stops_when_its_first_unload_ends_the_game(boats):
    state = play(two_boats_left(), PlaceUnload("c3", boats))
    assert state.over and state.end_reason == "last-boat"


@pytest.mark.parametrize(("boats", "words"), [(("col-b", "col-c"), ("column b", "column c")),
                                              (("col-c", "col-b"), ("column c", "column b"))])
def test_d8_a_second_unload_after_the_end_is_illegal(boats, words):
    with pytest.raises(IllegalMoveError) as err:
        apply_move(two_boats_left(), PlaceUnload("c3", boats))
    assert err.value.rule == "D8"
    assert err.value.reason == (f"place 1 meeple and unload 1–2×: the game ended when {words[0]} was removed "
                                f"(D4.2 step 5, D8), so the second unload {words[1]} cannot follow")


def test_d8_legal_moves_offer_no_unload_after_the_end():
    pus = [m for m in legal_moves(two_boats_left()) if isinstance(m, PlaceUnload)]
    assert PlaceUnload("c3", ("col-b",)) in pus
    assert all(len(m.boats) == 1 for m in pus)
