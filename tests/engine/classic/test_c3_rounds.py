"""C3 round flow: the round ends at the 4th sail, temple scoring, leftovers, the next round's
first player, the end after round 6."""

import pytest

from rules_engine.classic.game import apply_move, legal_moves
from rules_engine.errors import IllegalMoveError

from .classic_helpers import finish_round, mv, play, start
from .test_c5_sites import TEMPLE_ROUND_1, temple_game


def test_c3_3_the_round_ends_at_once_when_the_fourth_ship_sails():
    s = play(temple_game(), *TEMPLE_ROUND_1[:-1])
    assert s.round == 1 and s._nsailed == 3
    s = play(s, TEMPLE_ROUND_1[-1])
    assert s.round == 2 and s._caps == (3, 3, 2, 2)
    assert all(p is None for p in s._slots)


def test_c3_4_market_leftovers_are_discarded_and_new_cards_revealed():
    s = play(temple_game(), *TEMPLE_ROUND_1)
    assert s.discard_count == 2  # 4 statues shown, 2 taken
    assert list(s._market) == ["statue"] * 4 and s.deck_count == 34 - 8


def test_c3_5_the_player_after_the_last_sailor_starts_the_next_round():
    s = play(temple_game(), *TEMPLE_ROUND_1)  # white sailed the 4th ship
    assert s._first == 0 and s.to_move == 0
    s4 = start(4)
    s4 = play(
        s4,
        "place 4 1",
        "place 3 1",
        "sail 4 obelisks",
        "sail 3 burial-chamber",
        "place 2 1",
        "place 2 2",
        "place 1 1",
        "sail 2 temple",
        "get",
        "place 1 2",
        "place 1 3",
        "place 1 4",
        "sail 1 pyramids",
    )
    assert s4.round == 2
    # black (seat 1) sailed the 4th ship: white (seat 2) starts round 2
    assert s4._first == 1 and s4.to_move == 1


def test_c3_the_game_ends_after_round_six():
    s = start(3)
    for r in range(1, 7):
        assert s.round == r and not s.over
        s = finish_round(s)
    assert s.over and s.round == 6
    assert legal_moves(s) == []
    with pytest.raises(IllegalMoveError, match="the game is over after round 6"):
        apply_move(s, mv("get"))


def test_c3_pass_is_illegal_while_another_action_is():
    with pytest.raises(IllegalMoveError, match="pass is only allowed when no other action is legal") as err:
        apply_move(start(2), mv("pass"))
    assert err.value.rule == "C3"
