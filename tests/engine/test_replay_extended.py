"""`Replay.extended(move)` (a live move played on the last position) gives exactly the replay
of the longer record, and a batch replay (``states=False``: only the last position kept) the
same end, for both games and both Duel setup forms (F2 supply and transcription); both name an
illegal move by its index in the record."""

import random

import pytest

from rules_engine.classic.playout import random_record as classic_record
from rules_engine.duel.record import to_transcription
from rules_engine.errors import RecordError
from rules_engine.registry import default_registry

REGISTRY = default_registry()


def duel(seed: int) -> dict:
    return {**REGISTRY.game("duel").random_record(random.Random(seed)), "players": ["Ana", "Ben"]}


RECORDS = {
    "duel supply": lambda s: duel(s),
    "duel transcription": lambda s: to_transcription(duel(s)),
    "base game 2p": lambda s: classic_record(random.Random(s), players=2),
    "base game 4p": lambda s: classic_record(random.Random(s), players=4),
}


@pytest.mark.parametrize("kind", RECORDS)
@pytest.mark.parametrize("seed", range(3))
def test_f2_f4_an_extended_replay_equals_the_replay_of_the_longer_record(kind, seed):
    record = RECORDS[kind](seed)
    for k in (0, len(record["moves"]) // 2, len(record["moves"]) - 1):
        shorter = REGISTRY.replay({**record, "moves": record["moves"][:k]})
        longer = REGISTRY.replay({**record, "moves": record["moves"][: k + 1]})
        extended = shorter.extended(record["moves"][k])
        assert extended.states == longer.states and extended.moves == longer.moves
        assert extended.score().to_json() == longer.score().to_json()


def test_f2_an_illegal_extension_names_the_moves_index():
    record = duel(4)
    shorter = REGISTRY.replay({**record, "moves": record["moves"][:8]})
    with pytest.raises(RecordError) as caught:
        shorter.extended({"type": "place", "cell": "z9"})
    assert caught.value.move == 8


@pytest.mark.parametrize("kind", RECORDS)
@pytest.mark.parametrize("seed", range(3))
def test_f2_f4_a_batch_replay_keeps_only_the_end_and_checks_every_move(kind, seed):
    record = RECORDS[kind](seed)
    full, batch = REGISTRY.replay(record), REGISTRY.replay(record, states=False)
    assert batch.states == [full.states[-1]] and batch.moves == full.moves
    assert batch.finished and batch.score().to_json() == full.score().to_json()


def test_f2_a_batch_replay_names_the_illegal_moves_index():
    record = duel(5)
    record["moves"][9] = {"type": "place", "cell": "z9"}
    with pytest.raises(RecordError) as caught:
        REGISTRY.replay(record, states=False)
    assert caught.value.move == 9
