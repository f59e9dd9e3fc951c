"""What the table turns up goes through one declared pair of `GameType` methods for every game
(issue 28): `table_needs` says what a move needs entered, `with_table` writes the answers into
the record, `without_table` forgets them on undo. The Duel's drawn tokens (F2 "Recording a
physical game") and the base game's cards (F4 ``setup.transcribed``) both take this path."""

import random

import pytest

from rules_engine.classic.playout import random_record as classic_record
from rules_engine.classic.transcription import transcribed
from rules_engine.duel.playout import random_record as duel_record
from rules_engine.duel.record import to_transcription
from rules_engine.duel.transcription import DRAW_FIELDS
from rules_engine.errors import RecordError
from rules_engine.gametype import GameType
from rules_engine.registry import default_registry

DUEL = default_registry().game("duel")
CLASSIC = default_registry().game("classic")


def drawn(move: dict) -> dict:
    """What the table showed for ``move`` (its refill, refills without the removed boats', reveal)."""
    answers = {k: move[k] for k in DRAW_FIELDS if k in move}
    if "refills" in answers:
        answers["refills"] = [r for r in answers["refills"] if r is not None]
    return answers


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_f2_a_duel_entered_through_the_table_contract_is_its_transcript(seed):
    transcript = to_transcription(duel_record(random.Random(seed)))
    record = {**transcript, "moves": []}
    for move in transcript["moves"]:
        bare = {k: v for k, v in move.items() if k not in DRAW_FIELDS}
        need = DUEL.table_needs(DUEL.replay(record).states[-1], bare)
        record = {**record, "moves": [*record["moves"], bare]}
        if need is not None:
            assert {d.field.split("-")[0] for d in need.draws} == set(drawn(move))
            record = DUEL.with_table(record, drawn(move))
    mine, theirs = DUEL.replay(record), DUEL.replay(transcript)
    assert [DUEL.state_to_json(s) for s in mine.states] == [DUEL.state_to_json(s) for s in theirs.states]


def test_f2_a_duel_dealt_in_advance_needs_nothing_from_the_table():
    record = duel_record(random.Random(4))
    replay = DUEL.replay(record)
    assert all(DUEL.table_needs(s, m) is None
               for s, m in zip(replay.states, record["moves"], strict=False))


def test_f2_a_duel_move_takes_only_drawn_tokens_from_the_table():
    record = {**to_transcription(duel_record(random.Random(5))), "moves": [{"type": "place", "cell": "a1"}]}
    with pytest.raises(RecordError, match="only refill, refills or reveal"):
        DUEL.with_table(record, {"cell": "b2"})


@pytest.mark.parametrize("seed", [6, 7])
def test_f4_a_base_game_entered_through_the_table_contract_replays_as_dealt(seed):
    dealt = classic_record(random.Random(seed))
    cards, draws = dealt["setup"]["round_cards"], dealt["setup"]["market_draws"]
    record = transcribed({**dealt, "moves": []})
    for move in dealt["moves"]:
        state = CLASSIC.replay(record).states[-1]
        need = CLASSIC.table_needs(state, move)
        record = {**record, "moves": [*record["moves"], move]}
        if need is not None:
            setup = record["setup"]
            turned_up = {"round_cards": cards[len(setup["round_cards"]):][:1] if need.round_card else [],
                         "market_draws": draws[len(setup["market_draws"]):][:need.market]}
            record = CLASSIC.with_table(record, turned_up)
    assert CLASSIC.replay(record).score().to_json() == CLASSIC.replay(dealt).score().to_json()


def test_f4_undo_forgets_the_cards_only_the_undone_move_used():
    dealt = classic_record(random.Random(8))
    record = transcribed({**dealt, "moves": []})
    record["setup"]["round_cards"] = dealt["setup"]["round_cards"][:3]
    assert CLASSIC.without_table(record)["setup"]["round_cards"] == dealt["setup"]["round_cards"][:1]


def test_f4_a_dealt_base_game_takes_no_cards_and_keeps_its_setup_on_undo():
    dealt = classic_record(random.Random(9))
    with pytest.raises(RecordError, match="not set up from the table"):
        CLASSIC.with_table(dealt, {"market_draws": ["statue"]})
    assert CLASSIC.without_table(dealt) == dealt


class Bare(GameType):
    """A game that declares only what every game must (the contract's defaults)."""

    id, name = "bare", "Bare"
    setup = legal_moves = apply = is_over = board = score = rank = replay = state_to_json = random_record = (
        lambda self, *a, **k: None)


def test_a_game_without_hidden_information_takes_the_neutral_defaults():
    game, state, rng = Bare(), object(), random.Random(1)
    assert game.table_needs(state, {}) is None
    assert game.with_table({"moves": [{}]}, {}) == {"moves": [{}]}
    assert game.without_table({"moves": []}) == {"moves": []}
    assert game.unseen(state) == {}
    assert game.determinized(state, rng) is state
    assert game.fast_playout(state, rng) is None
    assert game.playout_weights([1, 2]) is None


def test_a_game_without_hidden_information_refuses_answers_from_the_table():
    with pytest.raises(RecordError, match="takes nothing turned up at the table"):
        Bare().with_table({"moves": [{}]}, {"refill": [1, 2, 3]})
