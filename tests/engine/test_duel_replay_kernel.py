"""The Duel's compiled validated replay (rules_engine/duel/compiled/fastreplay.py, issue #40) against the
pure engine's replay loop (`replay_moves` with `turns.play`, the reference): the same position
after every ply of random games in supply and transcription form (F2), the same first refused
move in corrupted ones, and the pure engine where numba is missing."""

import copy
import functools
import random
from itertools import combinations, permutations

import pytest

from rules_engine.duel import playout, replay_positions
from rules_engine.duel.compiled import fastreplay
from rules_engine.duel.game import legal_moves
from rules_engine.duel.harbor import BOATS, CELLS
from rules_engine.duel.moves import parse_move
from rules_engine.duel.record import parse_header, replay, to_transcription
from rules_engine.duel.tokens import TOKEN_IDS
from rules_engine.duel.turns import play
from rules_engine.errors import IllegalMoveError, RecordError
from rules_engine.gametype import replay_moves
from tests.kit import run_script


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


def random_records(seed, count, form="supply"):
    """Random games as F2 records: in supply form, or as recorded at the table (transcription)."""
    rng = random.Random(seed)
    records = [playout.random_record(rng) for _ in range(count)]
    return records if form == "supply" else [to_transcription(r) for r in records]


FORMS = ("supply", "transcription")


@pytest.mark.parametrize("form", FORMS)
def test_every_position_of_random_games_is_the_pure_engines(form):
    for record in random_records(1, 40, form):
        positions, moves = reference(record)
        fast = compiled(record)
        assert fast.positions is not None
        assert list(fast.positions) == positions
        assert fast.moves == moves


@pytest.mark.parametrize("form", FORMS)
def test_without_positions_the_last_one_is_the_pure_engines(form):
    for record in random_records(2, 30, form):
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


def test_a_position_looked_at_alone_is_the_pure_engines_in_either_form():
    for form in FORMS:
        record = random_records(6, 1, form)[0]
        pure = reference(record)[0]
        for ply in (len(pure) - 1, 0, len(pure) // 2, 5):  # out of order: each made from the start
            assert replay(record).states[ply] == pure[ply]


def corrupt_transcript(record, rng):
    """One move's turned-up tokens changed: dropped, added, swapped for other tokens (any id,
    possibly one already seen), or moved to another move."""
    moves = record["moves"]
    k = rng.randrange(len(moves))
    move = moves[k]
    way = rng.choice(("drop", "add", "other", "move"))
    field = {"unload": "refill", "swap-unload": "refill", "take-token": "reveal"}.get(move["type"])
    if field is None:
        return False
    if way == "drop" and field in move:
        del move[field]
    elif way == "add" and field not in move:
        move[field] = rng.choice(TOKEN_IDS) if field == "reveal" else rng.choices(TOKEN_IDS, k=3)
    elif way == "other" and field in move:
        move[field] = rng.choice(TOKEN_IDS) if field == "reveal" else [*move[field][:2], rng.choice(TOKEN_IDS)]
    elif way == "move" and field in move:
        j = rng.randrange(len(moves))
        if moves[j]["type"] != move["type"] or field not in moves[j] or j == k:
            return False
        moves[j][field], move[field] = move[field], moves[j][field]
    else:
        return False
    return True


def test_a_corrupted_transcript_is_refused_where_the_pure_engine_refuses_it():
    rng = random.Random(7)
    refused = accepted = 0
    for record in random_records(300, 300, "transcription"):
        if not any(corrupt_transcript(record, rng) for _ in range(30)):
            continue
        expected = reference(record)
        fast = compiled(record)
        if isinstance(expected, RecordError):
            refused += 1
            assert fast.positions is None
            assert fast.refused in (expected.move, None)  # None: a token turned up too often (D1)
        else:
            accepted += 1
            assert list(fast.positions) == expected[0]
    assert refused > 150 and accepted > 5


def test_positions_behave_as_a_list():
    record = random_records(7, 1)[0]
    states = replay(record).states
    pure = reference(record)[0]
    assert isinstance(states, replay_positions.Positions)
    assert len(states) == len(pure)
    assert states[-1] == pure[-1] and states[3] == pure[3]
    assert states[2:5] == pure[2:5]
    assert states[3] is states[3]  # made once
    more = states + [pure[0]]  # noqa: RUF005 (Positions' own +, which keeps the rows unmade)
    assert len(more) == len(pure) + 1 and more[-1] is pure[0] and more[-2] == pure[-1]
    with pytest.raises(IndexError):
        states[len(pure)]


@pytest.mark.parametrize("form", FORMS)
def test_extending_a_compiled_replay_plays_on(form):
    record = random_records(8, 1, form)[0]
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
    done = run_script(FALLBACK)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["list", "True"]
    assert done.stderr.count("compiled replay is off") == 1


def every_move_shape():
    """Every F2 move (no refills) whatever the position: all places, unloads, takes, place-meeples
    on every pair and triple of cells, place-unload on every cell with every boat or pair of
    boats, swap-unload of every pair of slots of every boat with every unload, and pass."""
    moves = [{"type": "place", "cell": c} for c in CELLS] + [{"type": "unload", "boat": b} for b in BOATS]
    moves += [{"type": "take-token", "boat": b, "slot": s} for b in BOATS for s in (1, 2, 3)]
    moves += [{"type": "place-meeples", "cells": list(cs)} for n in (2, 3) for cs in combinations(CELLS, n)]
    moves += [{"type": "place-unload", "cell": c, "boats": [b]} for c in CELLS for b in BOATS]
    moves += [{"type": "place-unload", "cell": c, "boats": list(bs)} for c in CELLS for bs in permutations(BOATS, 2)]
    moves += [{"type": "swap-unload", "boat": b, "slots": list(ss), "unload": u}
              for b in BOATS for ss in ((1, 2), (1, 3), (2, 3), (3, 1)) for u in BOATS]
    return [*moves, {"type": "pass"}]


@pytest.mark.parametrize("form", FORMS)
def test_every_move_in_many_positions_is_refused_or_played_as_the_pure_engine_does(form):
    """The kernel's check of one move (`kernel_replay.play`) against `turns.play`, for every
    move shape in positions from the start to the end of random games (in transcription form
    without the tokens turned up: refused while the supply or reserve lasts, played after)."""
    _np, _kernel, kr = fastreplay._kernel()
    shapes = [(m, parse_move(m)) for m in every_move_shape()]
    checked = played = 0
    transcribed = int(form == "transcription")
    for record in random_records(9, 20, form):
        rep = replay(record)
        start = rep.states[0]
        for ply in sorted({*range(0, len(rep.states), 3), len(rep.states) - 2, len(rep.states) - 1}):
            row, state = rep.states._rows[ply], rep.states[ply]
            for data, move in shapes:
                st = row.copy()
                ok = bool(kr.play(st, fastreplay.code_of(move), transcribed))
                w = state.thaw()
                try:
                    play(w, move)
                except IllegalMoveError:
                    assert not ok, (ply, data)
                    continue
                assert ok, (ply, data)
                assert replay_positions.state_of(st.tolist(), start, rep.states._draws) == w.freeze(), (ply, data)
                played += 1
            checked += 1
    assert checked > 300 and played > 2000


@functools.cache
def games_with_passes():
    """D4.4: a pass is legal only with nothing else to do; about 1 random game in 200 has one."""
    return [r for r in (playout.random_record(random.Random(s)) for s in range(1500))
            if any(m["type"] == "pass" for m in r["moves"])]


def test_games_with_passes_replay_as_the_pure_engine_plays_them():
    assert len(games_with_passes()) >= 3
    for record in games_with_passes():
        fast = compiled(record)
        assert fast.positions is not None
        assert list(fast.positions) == reference(record)[0]


def test_a_second_pass_in_succession_ends_the_game_in_the_kernel_too():
    # Synthetic, as tests/engine/test_d4_4_pass.py: unreachable by play, so the position before
    # a legal pass is marked "the previous move was a pass" (D4.4 ruling: the game ends).
    _np, kernel, kr = fastreplay._kernel()
    record = copy.deepcopy(games_with_passes()[0])
    k = next(i for i, m in enumerate(record["moves"]) if m["type"] == "pass")
    rep = replay(record)
    st = rep.states._rows[k].copy()
    st[kernel.PASSED] = 1
    w = rep.states[k].thaw()
    w.passed = True
    play(w, parse_move({"type": "pass"}))
    assert kr.play(st, kernel.C_PASS, 0)
    after = replay_positions.state_of(st.tolist(), rep.states[0])
    assert after == w.freeze() and after.over and after.end_reason == "passes"
