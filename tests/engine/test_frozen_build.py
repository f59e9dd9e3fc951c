"""How a replay freezes its positions (#40 "Faster validated replay"): the open twin of
`frozen.builder` fills every slot and yields the position class itself; a Duel player's
frozen holdings are shared only while nothing changed them; prebuilt moves equal built ones."""

import random

import pytest

from rules_engine.classic import playout as classic_playout
from rules_engine.classic import record as classic_record
from rules_engine.classic.moveparse import parse_move as classic_parse
from rules_engine.classic.moves import Place as ClassicPlace
from rules_engine.classic.moves import Sail
from rules_engine.classic.state import ClassicState
from rules_engine.duel import playout as duel_playout
from rules_engine.duel import record as duel_record
from rules_engine.duel.game import new_game
from rules_engine.duel.moves import Place, TakeToken, parse_move
from rules_engine.duel.state import DuelState, PlayerState
from rules_engine.duel.turns import play
from rules_engine.errors import IllegalMoveError


def _every_slot(state):
    return {name: getattr(state, name) for name in type(state).__slots__}


@pytest.mark.parametrize("seed", range(5))
def test_duel_freeze_fills_every_slot_of_a_duelstate(seed):
    rep = duel_record.replay(duel_playout.random_record(random.Random(seed)))
    for state in rep.states:
        again = state.thaw().freeze()
        assert type(again) is DuelState
        assert _every_slot(again) == _every_slot(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_freeze_fills_every_slot_of_a_classicstate(players):
    rep = classic_record.replay(classic_playout.random_record(random.Random(players), players))
    for state in rep.states:
        again = state.thaw().freeze()
        assert type(again) is ClassicState
        assert _every_slot(again) == _every_slot(state)


def test_duel_frozen_state_stays_immutable():
    state = duel_record.replay(duel_playout.random_record(random.Random(1))).states[3]
    with pytest.raises(AttributeError):
        state._ply = 0  # type: ignore[misc]


@pytest.mark.parametrize("seed", range(20))
def test_duel_shared_player_holdings_equal_the_players_as_they_stand(seed):
    """After every move each player's frozen holdings equal a `PlayerState` built afresh
    from the `Work` (a step that changed a player and kept the old copy would fail here)."""
    record = duel_playout.random_record(random.Random(seed))
    w = new_game(supply=record["setup"]["supply"]).thaw()
    for raw in record["moves"]:
        play(w, parse_move(raw))
        for pw in w.players:
            fresh = PlayerState(pw.obelisk, tuple(pw.temple), pw.light, pw.dark, tuple(pw.tomb),
                                tuple(pw.actions), pw.meeples)
            assert pw.freeze() == fresh


def test_duel_prebuilt_moves_equal_built_ones():
    assert parse_move({"type": "place", "cell": "b2"}) == Place("b2")
    assert parse_move({"type": "take-token", "boat": "row-1", "slot": 3}) == TakeToken("row-1", 3)


def test_duel_take_token_slot_out_of_range_still_refused():
    with pytest.raises(IllegalMoveError, match="slot must be 1, 2 or 3, got int 4"):
        parse_move({"type": "take-token", "boat": "row-1", "slot": 4})


def test_classic_prebuilt_moves_equal_built_ones():
    assert classic_parse({"type": "place", "ship": 2, "slot": 3}) == ClassicPlace(2, 3)
    assert classic_parse({"type": "sail", "ship": 1, "site": "market"}) == Sail(1, "market")


def test_classic_place_on_ship_five_still_refused():
    with pytest.raises(IllegalMoveError, match="ship must be a whole number 1–4"):
        classic_parse({"type": "place", "ship": 5, "slot": 1})


def test_classic_take_list_of_card_ids_is_kept_as_a_tuple():
    move = classic_parse({"type": "sail", "ship": 1, "site": "market", "take": ["lever"]})
    assert move.take == ("lever",)
