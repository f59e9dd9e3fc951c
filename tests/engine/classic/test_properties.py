"""Property tests over random legal playouts with 2, 3 and 4 players (stone and card
conservation, 6 rounds, deterministic replay, invariants), the exactness of `legal_moves`,
and malformed input."""

import contextlib
import random
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.classic.components import SITES
from rules_engine.classic.game import apply_move, legal_moves, new_work, setup
from rules_engine.classic.invariants import check_invariants
from rules_engine.classic.legal import LEVER, menus, move_at
from rules_engine.classic.moves import (
    GetStones,
    Pass,
    Place,
    PlayChisel,
    PlayHammer,
    PlayLever,
    PlaySail,
    Sail,
)
from rules_engine.classic.playout import random_header, random_record, random_step
from rules_engine.classic.record import replay
from rules_engine.classic.state import CARD_IDS
from rules_engine.errors import IllegalMoveError, RecordError

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.sampled_from([2, 3, 4])
FEW = settings(max_examples=30, deadline=None)
FEWER = settings(max_examples=6, deadline=None)
MAX_PLIES = 400  # far above a real game (about 80-95 plies); a bug that never ends fails here


@FEW
@given(seed=SEEDS, players=PLAYERS)
def test_invariants_hold_after_every_move_and_every_game_ends_after_six_rounds(seed, players):
    # check_invariants: 30 stones per colour across quarry, sled, ships and sites; the 34
    # cards across deck, discard, market and hands; ships, docks and rounds consistent.
    rng = random.Random(seed)
    header = random_header(rng, players)
    w = new_work(header, rng=random.Random(rng.getrandbits(64)))
    check_invariants(w.freeze())
    rounds_seen = {w.round}
    while not w.over:
        random_step(w, rng)
        check_invariants(w.freeze())
        rounds_seen.add(w.round)
        assert w.ply <= MAX_PLIES
    assert rounds_seen == {0, 1, 2, 3, 4, 5, 6}


@FEW
@given(seed=SEEDS, players=PLAYERS)
def test_replaying_a_record_gives_identical_states_and_board(seed, players):
    rec = random_record(random.Random(seed), players)
    rep = replay(rec)
    assert rep.finished
    state = rep.states[0]
    for k, move in enumerate(rec["moves"]):
        state = apply_move(state, move)
        assert state == rep.states[k + 1]
    again = replay(rec)
    assert again.states == rep.states
    assert again.final_board() == rep.final_board()


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_playout_draws_exactly_what_rng_choice_of_legal_moves_draws(seed, players):
    # Same rng, same draws: the fast playout is the uniform choice over legal_moves.
    rec = random_record(random.Random(seed), players)
    rng = random.Random(seed)
    random_header(rng, players)
    rng.getrandbits(64)  # the market's own generator
    state = setup(rec)
    for expected in rec["moves"]:
        moves = legal_moves(state)
        move = moves[0] if moves == [Pass()] else rng.choice(moves)
        assert move.to_json() == expected
        state = apply_move(state, move)
    assert state.over


def test_playout_is_deterministic_and_its_draws_are_exactly_what_was_drawn():
    a, b = random_record(random.Random(7)), random_record(random.Random(7))
    assert a == b
    rep = replay(a)
    assert rep.state.draws_used == len(a["setup"]["market_draws"])


# ---- legal_moves is exactly the set of moves apply_move accepts


def candidates(state):
    """Moves of every F4 shape around this position, legal or not: all places, sails, hammer,
    sail-card and chisel spots; lever orders of every subset of slots; market picks of every
    card (and pair card) for the ship's load, one fewer and one more."""
    spots = [(s, k) for s in range(1, 5) for k in range(1, 5)]
    cards = [*CARD_IDS[:1], *dict.fromkeys(state._market), *(("pair", c) for c in dict.fromkeys(state._pair))]
    cards = list(dict.fromkeys(cards))

    def takes(n):
        out = [()]
        for _ in range(n):
            out = [(*t, c) for t in out for c in cards]
        return out

    def loads(s):
        return sum(p is not None for p in state._slots[(s - 1) * 4 : s * 4])

    out = [GetStones(), Pass()]
    out += [Place(s, k) for s, k in spots] + [PlayHammer(s, k) for s, k in spots]
    out += [PlayChisel((a, b)) for i, a in enumerate(spots) for b in spots[i + 1 :]]
    for s in range(1, 5):
        n = loads(s)
        for site in SITES:
            picks = [t for m in (n - 1, n, n + 1) if m >= 0 for t in takes(m)] if site == "market" else [()]
            out += [Sail(s, site, take=t) for t in picks]
            for size in range(1, 5):
                for order in permutations(range(1, 5), size):
                    for t in picks if size == n else [()]:
                        out.append(PlayLever(s, site, order, take=t))
            picks1 = [t for m in (n, n + 1) for t in takes(m)] if site == "market" else [()]
            for k in range(1, 5):
                out += [PlaySail(s, k, site, take=t) for t in picks1]
    return out


def check_exact(state) -> set[str]:
    legal = legal_moves(state)
    assert len(set(legal)) == len(legal)
    w = state.thaw()
    assert [move_at(w, i) for i in range(len(legal))] == legal
    allowed = set(legal)
    for move in candidates(state):
        try:
            apply_move(state, move)
            ok = True
        except IllegalMoveError:
            ok = False
        assert ok == (move in allowed), move
    assert allowed <= set(candidates(state)) | {m for m in legal if isinstance(m, Pass)}
    return {getattr(m, "card", m.kind) for m in legal}


def sample(states, every=9):
    """Every ``every``-th position, and every position where the mover holds a blue card."""
    return [s for k, s in enumerate(states[:-1]) if k % every == 0 or s._blue[s.to_move]]


@FEWER
@given(seed=SEEDS, players=PLAYERS)
def test_c4_legal_moves_are_exactly_the_moves_apply_move_accepts(seed, players):
    for state in sample(replay(random_record(random.Random(seed), players)).states, every=15)[:8]:
        check_exact(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c4_exactness_check_covers_every_move_kind(players):
    kinds = set()
    for seed in range(12):
        for state in sample(replay(random_record(random.Random(seed), players)).states, every=25)[:6]:
            kinds |= check_exact(state)
        if kinds >= {"get-stones", "place", "sail", "lever", "hammer", "chisel"}:
            break
    assert kinds >= {"get-stones", "place", "sail", "lever", "hammer", "chisel"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_market_enumeration_agrees_with_the_general_search(players):
    # With Pyramids A and Temple A the market picks are enumerated from a cache; the general
    # search (trying each move and branching at each choice) must find the same leaves.
    for seed in range(3):
        for state in sample(replay(random_record(random.Random(seed), players, sides={"market": "B"})).states):
            w = state.thaw()
            fast, general = menus(w, general=False), menus(w, general=True)
            assert sum(e[0] for e in fast) == sum(e[0] for e in general)
            for _n, kind, args, leaves in general:
                key = args[:2] if kind == LEVER else args
                match = [f for f in fast if f[1] == kind and (f[2][:2] if kind == LEVER else f[2]) == key]
                assert match and set(leaves) == set(match[0][3])
                if kind == LEVER:
                    assert args[2][0] in match[0][2][2]


# ---- malformed input raises only RulesError subclasses

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=12,
)
NAMES = st.sampled_from([*SITES, *CARD_IDS, "pair", "harbour", "", "🜁"])
VALUES = NAMES | JSON | st.integers(-2, 6) | st.lists(NAMES | st.integers(0, 5) | JSON, max_size=5)
MOVE_DICTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["get-stones", "place", "sail", "play", "pass", "Sail", ""])},
    optional=dict.fromkeys(
        ("ship", "slot", "site", "card", "order", "places", "take", "pyramids", "bonus_places", "temple", "extra"),
        VALUES,
    ),
)
BUSY = next(
    s
    for seed in range(200)
    for s in replay(random_record(random.Random(seed))).states
    if len(set(s._blue[s.to_move])) >= 2
)


@settings(max_examples=150, deadline=None)
@given(data=JSON | MOVE_DICTS)
def test_f4_malformed_moves_raise_only_illegal_move_errors(data):
    with contextlib.suppress(IllegalMoveError):
        apply_move(BUSY, data)


@settings(max_examples=100, deadline=None)
@given(
    data=JSON
    | st.fixed_dictionaries(
        {
            "game": st.just("classic"),
            "players": JSON | st.just(["A", "B"]),
            "setup": JSON,
            "moves": st.lists(MOVE_DICTS, max_size=4),
        }
    )
)
def test_f4_malformed_records_raise_only_record_errors(data):
    with contextlib.suppress(RecordError):
        replay(data)


def test_f4_a_record_with_moves_after_the_end_names_the_first_extra_move():
    rec = random_record(random.Random(5), 2)
    n = len(rec["moves"])
    rec["moves"] += [{"type": "get-stones"}] * 1000
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move == n and "the game is over" in err.value.reason
