"""duel.md D4.1: place a meeple."""

import pytest

from rules_engine.duel.game import apply_move, legal_moves
from rules_engine.duel.moves import Place
from rules_engine.errors import IllegalMoveError

from .duel_helpers import play, start


def test_d4_1_place_moves_a_meeple_from_supply_to_the_cell():
    state = play(start(), "place b2")
    assert state.harbor["b2"] == 0
    assert state.players[0].meeples_in_supply == 3
    assert state.players[0].meeples_on_harbor == 1


def test_d4_turns_alternate():
    state = play(start(), "place b2")
    assert state.to_move == 1 and state.ply == 1
    state = play(state, "place a1")
    assert state.harbor["a1"] == 1 and state.to_move == 0


@pytest.mark.parametrize("who", ["own", "opponent"])
def test_d4_1_one_meeple_per_cell(who):
    state = play(start(), "place b2") if who == "opponent" else play(start(), "place b2", "place a1")
    owner = state.harbor["b2"]
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, Place("b2"))
    assert err.value.rule == "D4.1"
    assert err.value.reason == (f"place b2: cell b2 already holds a meeple of player {owner + 1}; "
                                f"one meeple per cell (D4.1)")


def test_d4_1_not_allowed_with_all_four_meeples_on_the_harbor():
    state = play(start(), "place a1", "place a2", "place b1", "place b2", "place c1", "place a3",
                 "place b3", "place c3")
    # Player 0 has placed a1, b1, c1, b3: all four.
    assert state.players[0].meeples_in_supply == 0
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, Place("c2"))
    assert err.value.reason == "place c2: all 4 of player 1's meeples are already on the harbor (D4.1)"
    assert not any(isinstance(m, Place) for m in legal_moves(state))


def test_d4_1_every_empty_cell_is_a_legal_placement():
    state = play(start(), "place b2", "place a1")
    places = [m.cell for m in legal_moves(state) if isinstance(m, Place)]
    assert places == ["b1", "c1", "a2", "c2", "a3", "b3", "c3"]
