"""duel.md D3: setup from an explicit draw order, and the transcription form's setup."""

import random

import pytest

from rules_engine.duel.game import new_game, shuffled_supply
from rules_engine.duel.tokens import ALL_TOKENS
from rules_engine.errors import RecordError

from .duel_helpers import make_supply


def test_d3_2_boats_are_dealt_in_boat_order_slot_1_first():
    supply = shuffled_supply(random.Random(3))
    state = new_game(supply=supply)
    dealt = [t for boat in state.boats.values() for t in boat]
    assert list(state.boats) == ["row-1", "row-2", "row-3", "col-a", "col-b", "col-c"]
    assert dealt == supply[:18]


def test_d3_3_reserve_is_the_next_three_last_dealt_on_top():
    supply = shuffled_supply(random.Random(4))
    state = new_game(supply=supply)
    assert state.reserve == tuple(supply[18:21])
    assert state.reserve_count == 3


def test_d3_4_thirty_nine_tokens_stay_in_the_supply_in_order():
    supply = shuffled_supply(random.Random(5))
    state = new_game(supply=supply)
    assert state.supply_count == 39
    assert state.supply == tuple(supply[21:])


def test_d3_5_player_0_starts_and_nothing_has_happened_yet():
    state = new_game(supply=make_supply())
    assert (state.to_move, state.ply, state.over, state.box) == (0, 0, False, ())
    assert state.first_to_five is None


def test_d3_1_shuffle_is_determined_by_the_rng():
    assert shuffled_supply(random.Random(9)) == shuffled_supply(random.Random(9))
    assert shuffled_supply(random.Random(9)) != shuffled_supply(random.Random(10))


def _replace(supply, i, token):
    out = list(supply)
    out[i] = token
    return out


@pytest.mark.parametrize(("supply", "reason"), [
    (list(ALL_TOKENS)[:59], "setup.supply must list 60 token ids, got 59"),
    ([*ALL_TOKENS, "obelisk"], "setup.supply must list 60 token ids, got 61"),
    (_replace(ALL_TOKENS, 59, "obelisk"), "setup.supply holds 13 × obelisk; the game has only 12 (D1)"),
    (_replace(ALL_TOKENS, 30, "tomb-13"), "setup.supply[30]: unknown token id 'tomb-13'"),
    (_replace(ALL_TOKENS, 0, 7), "setup.supply[0]: a token id must be a string, got int 7"),
    ("obelisk" * 60, "setup.supply must be a list of 60 token ids, got str"),
])
def test_d3_bad_supply_is_a_setup_error(supply, reason):
    with pytest.raises(RecordError) as err:
        new_game(supply=supply)
    assert err.value.move is None
    assert err.value.reason.startswith(reason)


def test_d3_setup_needs_exactly_one_of_supply_and_boats():
    with pytest.raises(RecordError, match="exactly one of supply"):
        new_game()
    with pytest.raises(RecordError, match="exactly one of supply"):
        new_game(supply=make_supply(), boats=[["obelisk"] * 3] * 6)


def test_d3_transcription_setup_keeps_supply_and_reserve_face_down():
    boats = [["obelisk"] * 3, ["tomb-1", "tomb-2", "tomb-3"], ["temple-1"] * 3,
             ["pyramid-dark"] * 3, ["take-token"] * 3, ["obelisk", "tomb-7", "pyramid-light"]]
    state = new_game(boats=boats)
    assert state.transcription
    assert (state.supply, state.reserve) == (None, None)
    assert (state.supply_count, state.reserve_count) == (39, 3)
    assert state.boats["col-c"] == ("obelisk", "tomb-7", "pyramid-light")
    unseen = state.unseen
    assert sum(unseen.values()) == 42
    assert unseen["obelisk"] == 8
    assert "tomb-7" not in unseen and "temple-1" not in unseen


@pytest.mark.parametrize(("boats", "reason"), [
    ([["tomb-7", "tomb-7", "obelisk"]] + [["temple-1", "temple-2", "temple-3"]] * 3
     + [["tomb-1", "tomb-2", "tomb-3"], ["obelisk"] * 3],
     "setup.boats holds 2 × tomb 7; the game has only 1 (D1)"),
    ([["obelisk"] * 3] * 5 + [["obelisk", "obelisk", "obelisk"]],
     "setup.boats holds 18 × obelisk; the game has only 12 (D1)"),
    ([["obelisk"] * 3] * 5, "setup.boats must list the 6 boats"),
    ([["obelisk"] * 3] * 5 + [["obelisk"] * 2], "setup.boats[5] must list 3 token ids, got 2"),
])
def test_d3_bad_transcribed_boats_are_a_setup_error(boats, reason):
    with pytest.raises(RecordError) as err:
        new_game(boats=boats)
    assert err.value.move is None
    assert err.value.reason.startswith(reason)
