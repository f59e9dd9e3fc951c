"""F2 records: replay, errors with index and reason, serialising back (formats.md F2 and
docs/rulings.md "F2 — record validation details")."""

import random

import pytest

from rules_engine.duel.game import apply_move, final_board, new_game
from rules_engine.duel.playout import random_record
from rules_engine.duel.record import replay, to_record
from rules_engine.duel.scoring import score_json
from rules_engine.errors import IllegalMoveError, RecordError

from .duel_helpers import make_supply, mv, play, start


def record(moves, **extra):
    base = {"game": "duel", "players": ["Ana", "Ben"], "setup": {"supply": make_supply()},
            "moves": moves}
    return {**base, **extra}


def test_record_states_are_setup_then_one_per_move():
    rec = random_record(random.Random(21))
    rep = replay(rec)
    assert rep.states[0] == new_game(supply=rec["setup"]["supply"])
    for k, move in enumerate(rep.moves):
        assert rep.states[k + 1] == apply_move(rep.states[k], move)
    assert rep.plies == len(rec["moves"]) and rep.finished


def test_record_replaying_twice_gives_identical_states():
    rec = random_record(random.Random(22))
    assert replay(rec).states == replay(rec).states


def test_record_mid_game_replays_and_scores_the_current_state():
    rec = random_record(random.Random(23))
    rec["moves"] = rec["moves"][:20]
    rep = replay(rec)
    assert not rep.finished and rep.plies == 20
    board = final_board(rep.state, names=["Ana", "Ben"])
    assert rep.final_board() == board
    assert rep.score().to_json() == score_json(board)
    on_harbor = sum(v == 0 for v in rep.state.harbor.values())
    assert rep.score().to_json()["players"][0]["breakdown"]["meeples"] == on_harbor


def test_record_score_uses_the_record_sides():
    rec = random_record(random.Random(24), sides={"pyramid": "B"})
    rep = replay(rec)
    assert rep.final_board()["sides"] == {"obelisk": "A", "temple": "A", "pyramid": "B", "tomb": "A"}


def test_record_illegal_move_gives_its_index_and_reason():
    with pytest.raises(RecordError) as err:
        replay(record([{"type": "place", "cell": "a2"}, {"type": "place", "cell": "c1"},
                       {"type": "unload", "boat": "row-2"}]))
    assert err.value.move == 2
    assert err.value.rule == "D4.2"
    assert str(err.value) == "move 3: unload row 2 needs at least 2 meeples in row 2, it has 1 (D4.2)"
    assert err.value.to_json() == {"error": {"move": 2, "reason": err.value.reason}}


def test_record_malformed_move_gives_its_index():
    with pytest.raises(RecordError) as err:
        replay(record([{"type": "place", "cell": "a2"}, {"type": "place", "cel": "c1"}]))
    assert err.value.move == 1 and err.value.rule == "F2"
    assert err.value.reason == ("place move has unknown field str 'cel'; its fields are type, cell")


def test_record_move_after_the_end_is_an_error():
    rec = random_record(random.Random(25))
    rec["moves"].append({"type": "pass"})
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move == len(rec["moves"]) - 1
    assert err.value.reason.startswith("the game is over")


def test_record_illegal_move_leaves_the_state_unchanged():
    # A place-unload that fails at its second unload has already placed and unloaded once
    # on the working copy; the state passed in must not show any of it.
    state = play(start(boats={"row-1": ["obelisk", "obelisk", "place-unload"]}),
                 "place c1", "place b1", "unload row-1", "place a2", "place a3", "place b3")
    snapshot = (state.harbor, state.boats, state.players, state.box, state.ply, state.to_move)
    with pytest.raises(IllegalMoveError):
        apply_move(state, mv("pu c3 row-3 col-a"))
    assert (state.harbor, state.boats, state.players, state.box, state.ply, state.to_move) == snapshot


def _without(key):
    rec = record([])
    del rec[key]
    return rec


@pytest.mark.parametrize(("rec", "reason"), [
    ([], "a record must be a JSON object, got list"),
    (record([], game="classic"), "game must be \"duel\" for a Duel record, got 'classic'"),
    (_without("game"), "game must be \"duel\" for a Duel record, got None"),
    (record([], players=["Ana"]), "players must be a list of the 2 player names, starting player first; "
                                  "got 1 names"),
    (_without("players"), "players must be a list of the 2 player names, starting player first; "
                           "got NoneType"),
    (record([], players=["Ana", ""]), "players[1] must be a non-empty name, got ''"),
    (record([], players=["Ana", 7]), "players[1] must be a non-empty name, got 7"),
    (record([], players=["Ana", "x" * 101]), "players[1] is 101 characters long; at most 100"),
    (record([], colours=["black", "black"]), "colours must be [\"black\", \"white\"] or "
                                             "[\"white\", \"black\"] (D1), got ['black', 'black']"),
    (record([], sides={"obelisk": "C"}), "sides.obelisk must be \"A\" or \"B\", got 'C'"),
    (record([], sides={"market": "A"}), "sides: unknown monument 'market'; monuments are obelisk, "
                                        "temple, pyramid, tomb"),
    (record([], sides="A"), "sides must be an object like {\"obelisk\": \"A\", …}, got str"),
    (_without("setup"), "setup must be an object with supply (60 token ids) or boats"),
    (record([], setup={"supply": make_supply(), "shuffle": True}),
     "setup has unknown field 'shuffle'; give supply or boats"),
    (record([], setup={}), "setup must give exactly one of supply (60 token ids in draw order) or "
                           "boats (6 boats of 3 token ids)"),
    (record({"type": "pass"}), "moves must be a list, got dict"),
    (record([], notes="x"), "unknown field 'notes'; F2 fields are game, sides, players, colours, "
                            "setup, moves"),
])
def test_record_header_problems_have_no_move_index(rec, reason):
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move is None
    assert err.value.reason == reason


def test_record_optional_fields_default():
    rep = replay(record([]))
    assert rep.record.colours == ("black", "white")
    assert rep.record.sides == {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"}
    assert rep.plies == 0 and not rep.finished


def test_record_to_record_round_trips():
    rec = random_record(random.Random(26), players=("Nofretete", "Echnaton"), sides={"tomb": "B"})
    rep = replay(rec)
    again = to_record(players=rep.record.players, sides=rep.record.sides,
                      setup={"supply": rep.record.supply}, moves=rep.moves,
                      colours=rep.record.colours)
    assert again == rec
    assert rep.record.to_json() == rec


def test_record_apply_move_accepts_f2_dicts():
    state = apply_move(start(), {"type": "place", "cell": "b2"})
    assert state.harbor["b2"] == 0
