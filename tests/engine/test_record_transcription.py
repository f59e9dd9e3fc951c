"""F2 "Recording a physical game": setup.boats plus refill/refills/reveal as tokens are
turned up (docs/rulings.md "F2 — records: transcription form inside action tokens")."""

import copy
import random

import pytest

from rules_engine.duel.game import apply_move, new_game
from rules_engine.duel.moves import PlaceUnload, TakeToken, Unload
from rules_engine.duel.playout import random_record
from rules_engine.duel.record import replay, to_transcription
from rules_engine.errors import IllegalMoveError, RecordError

from .duel_helpers import play

BOATS = [["obelisk", "obelisk", "tomb-7"], ["temple-1", "temple-2", "temple-3"],
         ["pyramid-dark", "pyramid-light", "obelisk"], ["tomb-1", "tomb-2", "tomb-3"],
         ["take-token", "tomb-4", "obelisk"], ["temple-4", "tomb-5", "tomb-6"]]


def table():
    return new_game(boats=BOATS)


def transcript(seed):
    return to_transcription(random_record(random.Random(seed)))


def transcript_with(pred):
    """The first seeded random game whose transcript has a move satisfying ``pred``, and
    that move's index."""
    for seed in range(200):
        rec = transcript(seed)
        for k, m in enumerate(rec["moves"]):
            if pred(m):
                return rec, k
    raise LookupError


def first(moves, pred):
    return next(k for k, m in enumerate(moves) if pred(m))


def test_f2_transcript_unload_refills_the_boat_with_the_given_tokens():
    state = play(table(), "place c1", "place b1", Unload("row-1", ("obelisk", "tomb-8", "temple-4")))
    assert state.boats["row-1"] == ("obelisk", "tomb-8", "temple-4")
    assert state.supply_count == 36
    assert state.unseen["obelisk"] == 12 - 4 - 1


def test_f2_transcript_refill_is_required_while_the_supply_holds_tokens():
    state = play(table(), "place c1", "place b1")
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, Unload("row-1"))
    assert err.value.reason == ("unload row 1: the boat is refilled from the supply (39 tokens left), "
                                "so a game recorded without setup.supply must give the 3 tokens as "
                                "refill (F2)")


def test_f2_transcript_second_tomb_7_is_rejected():
    state = play(table(), "place c1", "place b1")
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, Unload("row-1", ("tomb-7", "tomb-8", "tomb-9")))
    assert err.value.reason == ("unload row 1 refill: tomb 7 cannot come from the supply or reserve: "
                                "the only tomb 7 is already accounted for (D1)")
    assert err.value.rule == "D1"


def test_f2_transcript_reveal_is_required_for_take_token():
    rec = transcript(31)
    k = first(rec["moves"], lambda m: m["type"] == "take-token")
    del rec["moves"][k]["reveal"]
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move == k
    assert err.value.reason.endswith("a game recorded without setup.supply must give the reserve token "
                                     "turned up as reveal (F2)")


def test_f2_transcript_refill_when_the_supply_is_empty_is_an_error():
    rec = transcript(32)
    k = first(rec["moves"], lambda m: m["type"] == "unload" and "refill" not in m)
    rec["moves"][k]["refill"] = ["obelisk", "obelisk", "obelisk"]
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move == k
    assert "the supply is empty, so the boat is removed (D4.2 step 4), yet the move gives a refill" \
        in err.value.reason


def test_f2_transcript_place_unload_carries_one_refill_per_boat():
    rec = transcript(33)
    pus = [m for m in rec["moves"] if m["type"] == "place-unload"]
    assert pus and all(len(m["refills"]) == len(m["boats"]) for m in pus)
    with pytest.raises(IllegalMoveError, match=r"place-unload refills \(one per boat\) must list 2 entries"):
        PlaceUnload("a1", ("row-1", "col-a"), refills=(("obelisk", "obelisk", "obelisk"),))


def test_f2_transcript_swap_unload_carries_its_refill():
    rec, k = transcript_with(lambda m: m["type"] == "swap-unload" and "refill" in m)
    broken = copy.deepcopy(rec)
    del broken["moves"][k]["refill"]
    with pytest.raises(RecordError) as err:
        replay(broken)
    assert err.value.move == k and err.value.reason.startswith("swap 2 tokens and unload: unload")


def test_f2_transcript_replays_to_the_same_game_as_the_supply_form():
    rec = random_record(random.Random(35))
    a, b = replay(rec), replay(to_transcription(rec))
    assert [s.players for s in a.states] == [s.players for s in b.states]
    assert [s.harbor for s in a.states] == [s.harbor for s in b.states]
    assert a.score().to_json() == b.score().to_json()


def test_f2_transcribing_a_transcript_changes_nothing():
    rec = transcript(36)
    assert to_transcription(rec) == rec


def test_f2_supply_form_refill_must_agree_with_the_draw_order():
    rec = random_record(random.Random(37))
    state = new_game(supply=rec["setup"]["supply"])
    state = play(state, "place c1", "place b1")
    nxt = tuple(rec["setup"]["supply"][21:24])
    assert apply_move(state, Unload("row-1", nxt)).boats["row-1"] == nxt
    with pytest.raises(IllegalMoveError, match="disagrees with the supply"):
        apply_move(state, Unload("row-1", ("tomb-1", "tomb-2", "tomb-3") if nxt[0] != "tomb-1"
                                 else ("tomb-4", "tomb-2", "tomb-3")))


def test_f2_take_token_needs_a_reveal_only_in_transcription_form():
    rec = random_record(random.Random(38))
    k = first(rec["moves"], lambda m: m["type"] == "take-token")
    rep = replay(rec)
    top = rep.states[k].reserve[-1]
    m = rec["moves"][k]
    assert apply_move(rep.states[k], TakeToken(m["boat"], m["slot"], top)) == rep.states[k + 1]
