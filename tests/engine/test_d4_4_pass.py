"""duel.md D4.4: passing (and docs/rulings.md "D4.4 — passing")."""

import functools

import pytest

from rules_engine.duel.game import apply_move, legal_moves
from rules_engine.duel.moves import Pass
from rules_engine.errors import IllegalMoveError

from .duel_helpers import find_state, game_states, start


@functools.cache
def must_pass():
    return find_state(lambda s: not s.over and legal_moves(s) == [Pass()])


def test_d4_4_pass_is_illegal_while_another_action_is_legal():
    with pytest.raises(IllegalMoveError) as err:
        apply_move(start(), Pass())
    assert err.value.rule == "D4.4"
    assert err.value.reason == ("pass is only allowed when no other action is legal, but e.g. place "
                                "a1 is legal (D4.4)")


def test_d4_4_pass_is_offered_only_when_nothing_else_is_legal():
    state = must_pass()
    mover = state.players[state.to_move]
    assert mover.meeples_in_supply == 0  # a meeple in supply could always be placed


def test_d4_4_a_pass_hands_the_turn_over_without_ending_the_game():
    state = must_pass()
    after = apply_move(state, Pass())
    assert after.to_move == 1 - state.to_move
    assert not after.over
    assert after.players == state.players and after.harbor == state.harbor


def test_d4_4_after_a_pass_the_other_player_always_has_a_move():
    # Why two passes in succession cannot happen (docs/rulings.md): the passer has all 4
    # meeples on the harbor; the other player either can place, or all 8 are on the
    # harbor and every line holds 2 meeples, so any boat in play can be unloaded.
    seen = 0
    for _, states, moves in game_states(range(1500)):
        for k, move in enumerate(moves):
            if isinstance(move, Pass):
                seen += 1
                assert legal_moves(states[k + 1]) not in ([], [Pass()])
    assert seen > 0


def test_d4_4_both_players_passing_in_succession_ends_the_game():
    # Synthetic: unreachable by play (see the test above), so mark "the previous move was
    # a pass" on a real must-pass position to check the rule is implemented.
    w = must_pass().thaw()
    w.passed = True
    after = apply_move(w.freeze(), Pass())
    assert after.over and after.end_reason == "passes"
    assert legal_moves(after) == []
