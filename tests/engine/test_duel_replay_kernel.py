"""The Duel's compiled validated replay (rules_engine/duel/fastreplay.py, issue #40) against the
pure engine's replay loop (`replay_moves` with `turns.play`, the reference): the same position
after every ply of random games, the same first refused move in corrupted ones, and the pure
engine for what the kernel does not follow (transcription form, no numba)."""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine.duel import fastreplay, playout
from rules_engine.duel.game import legal_moves
from rules_engine.duel.harbor import BOATS, CELLS
from rules_engine.duel.moves import parse_move
from rules_engine.duel.record import parse_header, replay, to_transcription
from rules_engine.duel.turns import play
from rules_engine.errors import RecordError
from rules_engine.gametype import replay_moves

ROOT = Path(__file__).resolve().parents[2]


def reference(record):
    """The pure engine's positions and moves, or the `RecordError` it raises."""
    _, state, raw = parse_header(record)
    try:
        return replay_moves(state, raw, parse_move, play)
    except RecordError as exc:
        return exc


def compiled(record, every_state=True):
    _, state, raw = parse_header(record)
    return fastreplay.replay(state, raw, every_state)


def random_records(seed, count):
    rng = random.Random(seed)
    return [playout.random_record(rng) for _ in range(count)]


def test_every_position_of_random_games_is_the_pure_engines():
    for record in random_records(1, 60):
        positions, moves = reference(record)
        fast = compiled(record)
        assert fast.positions is not None
        assert list(fast.positions) == positions
        assert fast.moves == moves


def test_without_positions_the_last_one_is_the_pure_engines():
    for record in random_records(2, 40):
        positions, _ = reference(record)
        fast = compiled(record, every_state=False)
        assert list(fast.positions) == [positions[-1]]


def test_a_record_without_moves_keeps_its_setup():
    record = random_records(3, 1)[0]
    record["moves"] = []
    rep = replay(record, states=False)
    assert list(rep.states) == reference(record)[0]


def random_move(rng):
    """A well-formed F2 move of any type, whatever the position."""
    kind = rng.choice(("place", "unload", "take-token", "place-meeples", "place-unload", "swap-unload", "pass"))
    if kind == "place":
        return {"type": "place", "cell": rng.choice(CELLS)}
    if kind == "unload":
        return {"type": "unload", "boat": rng.choice(BOATS)}
    if kind == "take-token":
        return {"type": "take-token", "boat": rng.choice(BOATS), "slot": rng.randint(1, 3)}
    if kind == "place-meeples":
        return {"type": "place-meeples", "cells": rng.sample(CELLS, rng.choice((2, 3)))}
    if kind == "place-unload":
        return {"type": "place-unload", "cell": rng.choice(CELLS), "boats": rng.sample(BOATS, rng.choice((1, 2)))}
    if kind == "swap-unload":
        return {"type": "swap-unload", "boat": rng.choice(BOATS), "slots": rng.sample((1, 2, 3), 2),
                "unload": rng.choice(BOATS)}
    return {"type": "pass"}


@pytest.mark.parametrize("seed", range(4))
def test_a_corrupted_game_is_refused_at_the_pure_engines_move(seed):
    """One move swapped for a random one (legal or not), the rest kept or cut off after it, or
    for another legal one that ends the record: the
    kernel refuses the first move the pure engine refuses, or plays the record to the same
    positions."""
    rng = random.Random(100 + seed)
    refused = accepted = 0
    for record in random_records(200 + seed, 150):
        k = rng.randrange(len(record["moves"]))
        way = rng.choice(("swapped", "cut", "legal"))
        if way == "legal":  # another legal move, the game cut off after it
            others = legal_moves(reference(record)[0][k])
            record["moves"][k:] = [rng.choice(others).to_json()]
        else:
            record["moves"][k] = random_move(rng)
            if way == "cut":
                del record["moves"][k + 1:]
        expected = reference(record)
        fast = compiled(record)
        if isinstance(expected, RecordError):
            refused += 1
            assert fast.positions is None
            assert fast.refused == expected.move
        else:
            accepted += 1
            assert list(fast.positions) == expected[0]
    assert refused > 40 and accepted > 40  # both outcomes are exercised


def test_a_refused_record_raises_the_pure_engines_error():
    record = random_records(4, 1)[0]
    record["moves"][5] = {"type": "place", "cell": record["moves"][0]["cell"]} \
        if record["moves"][0]["type"] == "place" else {"type": "pass"}
    expected = reference(record)
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert (caught.value.move, str(caught.value)) == (expected.move, str(expected))


def test_a_malformed_move_is_refused_where_it_stands():
    record = random_records(5, 1)[0]
    record["moves"][7] = {"type": "place", "cell": "d4"}
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert caught.value.move == 7


def test_a_game_recorded_at_the_table_replays_in_the_pure_engine():
    record = to_transcription(random_records(6, 1)[0])
    assert compiled(record) is None
    assert list(replay(record).states) == reference(record)[0]


def test_positions_behave_as_a_list():
    record = random_records(7, 1)[0]
    states = replay(record).states
    pure = reference(record)[0]
    assert isinstance(states, fastreplay.Positions)
    assert len(states) == len(pure)
    assert states[-1] == pure[-1] and states[3] == pure[3]
    assert states[2:5] == pure[2:5]
    assert states[3] is states[3]  # made once
    more = states + [pure[0]]  # noqa: RUF005 (Positions' own +, which keeps the rows unmade)
    assert len(more) == len(pure) + 1 and more[-1] is pure[0] and more[-2] == pure[-1]
    with pytest.raises(IndexError):
        states[len(pure)]


def test_extending_a_compiled_replay_plays_on():
    record = random_records(8, 1)[0]
    moves = record["moves"]
    record["moves"] = moves[:-1]
    extended = replay(record).extended(moves[-1])
    record["moves"] = moves
    assert list(extended.states) == reference(record)[0]


FALLBACK = """
import random, sys
sys.modules["numba"] = None  # importing numba now raises ImportError
from rules_engine.duel import playout
from rules_engine.duel.record import replay
record = playout.random_record(random.Random(1))
rep = replay(record)
replay(record)
print(type(rep.states).__name__, len(rep.states) == len(record["moves"]) + 1)
"""


def test_without_numba_records_replay_in_the_pure_engine_and_it_is_logged_once():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", FALLBACK], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["list", "True"]
    assert done.stderr.count("compiled replay is off") == 1
