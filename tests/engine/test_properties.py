"""Property tests over random legal playouts (duel.md D10) and over malformed input."""

import contextlib
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.duel.game import apply_move, legal_moves, new_game, shuffled_supply
from rules_engine.duel.harbor import BOATS, CELLS
from rules_engine.duel.invariants import check_invariants
from rules_engine.duel.legal import move_at
from rules_engine.duel.moves import (
    Pass,
    Place,
    PlaceMeeples,
    PlaceUnload,
    SwapUnload,
    TakeToken,
    Unload,
    parse_move,
)
from rules_engine.duel.playout import random_record, random_step
from rules_engine.duel.record import replay, to_transcription
from rules_engine.errors import IllegalMoveError, RecordError, RulesError

assert issubclass(IllegalMoveError, RulesError) and issubclass(RecordError, RulesError)

MAX_PLIES = 400  # far above any real game (about 60); a bug that never ends fails here
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FEW = settings(max_examples=50, deadline=None)
FEWER = settings(max_examples=10, deadline=None)


def all_candidates():
    """Every move of the F2 shapes (canonical orders), legal or not."""
    out = [Place(c) for c in CELLS] + [Unload(b) for b in BOATS]
    out += [TakeToken(b, s) for b in BOATS for s in (1, 2, 3)]
    out += [PlaceMeeples(c) for k in (2, 3) for c in combinations(CELLS, k)]
    out += [PlaceUnload(c, (b,)) for c in CELLS for b in BOATS]
    out += [PlaceUnload(c, (b1, b2)) for c in CELLS for b1 in BOATS for b2 in BOATS if b1 != b2]
    out += [SwapUnload(b, p, u) for b in BOATS for p in ((1, 2), (1, 3), (2, 3)) for u in BOATS]
    return [*out, Pass()]


CANDIDATES = all_candidates()


@FEW
@given(seed=SEEDS)
def test_d10_invariants_hold_after_every_move_and_every_game_ends(seed):
    rng = random.Random(seed)
    w = new_game(supply=shuffled_supply(rng)).thaw()
    check_invariants(w.freeze())
    while not w.over:
        random_step(w, rng)
        check_invariants(w.freeze())
        assert w.ply <= MAX_PLIES
    assert w.unloads <= 18


@FEW
@given(seed=SEEDS)
def test_d10_replaying_the_record_gives_identical_states(seed):
    rec = random_record(random.Random(seed))
    rep = replay(rec)
    assert rep.finished
    state = rep.states[0]
    for k, move in enumerate(rec["moves"]):
        state = apply_move(state, move)
        assert state == rep.states[k + 1]
    assert replay(rec).states == rep.states
    assert replay(rec).score().to_json() == rep.score().to_json()


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS)
def test_playout_draws_exactly_what_rng_choice_of_legal_moves_draws(seed):
    # Same rng, same draws: the fast playout is the uniform choice over legal_moves,
    # move for move (a forced pass draws nothing in either).
    rec = random_record(random.Random(seed))
    rng = random.Random(seed)
    state = new_game(supply=shuffled_supply(rng))
    for expected in rec["moves"]:
        moves = legal_moves(state)
        move = moves[0] if moves == [Pass()] else rng.choice(moves)
        assert move.to_json() == expected
        state = apply_move(state, move)
    assert state.over


def check_exact(state) -> set[str]:
    """legal_moves(state) is exactly the set of candidates apply_move accepts, and move_at
    agrees with it index by index. Returns the kinds of the legal moves."""
    legal = legal_moves(state)
    assert len(set(legal)) == len(legal)
    w = state.thaw()
    assert [move_at(w, i) for i in range(len(legal))] == legal
    allowed = set(legal)
    for move in CANDIDATES:
        try:
            apply_move(state, move)
            ok = True
        except IllegalMoveError:
            ok = False
        assert ok == (move in allowed), move
    return {m.kind for m in legal}


def sample(states):
    """Every 5th position, and every position where the mover holds an action token."""
    return [s for k, s in enumerate(states[:-1])
            if k % 5 == 0 or s.players[s.to_move].action_tokens]


@FEWER
@given(seed=SEEDS)
def test_d4_legal_moves_are_exactly_the_moves_apply_move_accepts(seed):
    for state in sample(replay(random_record(random.Random(seed))).states):
        check_exact(state)


def test_d4_exactness_check_covers_every_move_kind():
    kinds = set()
    for seed in range(4):
        for state in sample(replay(random_record(random.Random(seed))).states):
            kinds |= check_exact(state)
    assert kinds == {"place", "unload", "take-token", "place-meeples", "place-unload", "swap-unload"}


@FEWER
@given(seed=SEEDS)
def test_f2_transcript_of_any_game_replays_identically(seed):
    rec = random_record(random.Random(seed))
    a, b = replay(rec), replay(to_transcription(rec))
    assert [s.players for s in a.states] == [s.players for s in b.states]
    assert [s.boats for s in a.states] == [s.boats for s in b.states]
    for s in b.states:
        check_invariants(s)


# ---- malformed input raises only RulesError subclasses

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=12,
)
NAMES = st.sampled_from([*CELLS, *BOATS, "a4", "d1", "А1", "row-4", "col-d", "", "obelisk",
                         "tomb-7", "tomb-13", "🜁", "place-unload"])
FIELD_VALUES = NAMES | JSON | st.lists(NAMES, max_size=4) | st.integers(-2, 5) | st.lists(
    st.lists(NAMES, max_size=4) | st.none(), max_size=3)
MOVE_DICTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["place", "unload", "take-token", "place-meeples", "place-unload",
                              "swap-unload", "pass", "Place", "move", ""])},
    optional=dict.fromkeys(("cell", "boat", "slot", "cells", "boats", "slots", "unload",
                            "refill", "refills", "reveal", "extra"), FIELD_VALUES),
)


def busy_state():
    """A mid-game position where the player to move holds action tokens."""
    for seed in range(100):
        for s in replay(random_record(random.Random(seed))).states:
            if not s.over and len(set(s.players[s.to_move].action_tokens)) >= 2:
                return s
    raise LookupError


BUSY = busy_state()


@FEW
@given(data=JSON | MOVE_DICTS)
def test_f2_malformed_moves_raise_only_rules_errors(data):
    # Anything but IllegalMoveError (a RulesError) escaping fails the test.
    with contextlib.suppress(IllegalMoveError):
        apply_move(BUSY, data)


@FEW
@given(data=JSON | st.fixed_dictionaries({"game": st.just("duel"), "players": JSON | st.just(["A", "B"]),
                                          "setup": JSON, "moves": st.lists(MOVE_DICTS, max_size=4)}))
def test_f2_malformed_records_raise_only_record_errors(data):
    with contextlib.suppress(RecordError):  # anything else escaping fails the test
        replay(data)


@pytest.mark.parametrize("data", [
    {"type": "place-meeples", "cells": ["a1"] * 100_000},
    {"type": "place-unload", "cell": "a1", "boats": ["row-1"] * 100_000},
    {"type": "swap-unload", "boat": "row-1", "slots": list(range(100_000)), "unload": "row-1"},
    {"type": "unload", "boat": "row-1", "refill": ["obelisk"] * 100_000},
    {"type": "place", "cell": "а1"},  # Cyrillic а
    {"type": "place", "cell": "a1" * 100_000},
    {"type": "take-token", "boat": "row-1", "slot": True},
    {"type": "take-token", "boat": "row-1", "slot": 2.0},
    {"type": "place", "cell": ["a1"]},
    {"type": "place"},
    {"type": ["place"]},
])
def test_f2_hostile_moves_are_rejected_cleanly(data):
    with pytest.raises(IllegalMoveError) as err:
        parse_move(data)
    assert len(err.value.reason) < 300


def test_f2_a_record_with_a_huge_move_list_stops_at_the_end_of_the_game():
    rec = random_record(random.Random(51))
    n = len(rec["moves"])
    rec["moves"] += [{"type": "pass"}] * 100_000
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move == n
