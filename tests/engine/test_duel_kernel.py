"""The Duel's compiled playout kernel (rules_engine/duel/compiled/kernel.py, issue #40) against the pure
engine: every move it reports is legal in `apply_move` and leads to the kernel's own final
position and D7 totals (sides A and B, supply and transcription form); its move choices
follow `playout.weighted_step`'s weights (chi-square); where numba is missing the analysis
falls back to the pure engine and logs it once."""

import math
import random
from collections import Counter

import pytest

from rules_engine.analysis import estimate
from rules_engine.analysis_hooks import Outcome
from rules_engine.duel import playout
from rules_engine.duel.compiled import fastplay, kernel
from rules_engine.duel.legal import PLACE, PLACE_MEEPLES_K, PLACE_UNLOAD_K, SWAP, TAKE, UNLOAD, menus
from rules_engine.duel.plugin import DUEL
from rules_engine.duel.record import to_transcription
from rules_engine.duel.scoring import decide_winner
from tests.engine.duel_helpers import kernel_replayed
from tests.kit import run_script

ALL_A = dict.fromkeys(("obelisk", "temple", "pyramid", "tomb"), "A")
ALL_B = dict.fromkeys(ALL_A, "B")
MIXED = {"obelisk": "B", "temple": "A", "pyramid": "B", "tomb": "A"}


def positions():
    """(record, state): starts and mid-game prefixes of random games, three side choices, the
    supply form and the form recorded at the table (only the unseen counts known)."""
    out = []
    for seed, sides in zip(range(6), (ALL_A, ALL_B, MIXED, ALL_B, ALL_A, MIXED), strict=True):
        record = DUEL.random_record(random.Random(seed), sides=sides)
        if seed % 2:
            record = to_transcription(record)
        states = DUEL.replay(record).states
        for ply in (0, len(states) // 3, 2 * len(states) // 3, len(states) - 2):
            out.append((record, states[ply]))
    return out


def test_d4_every_kernel_move_is_legal_in_the_pure_engine_and_ends_in_the_kernel_final_state():
    checked, kinds = 0, set()
    for n, (record, state) in enumerate(positions()):
        batch = fastplay.play(state, record["sides"], random.Random(n), 13, record=True)
        for k in range(13):
            codes = batch.moves[k, : batch.nmoves[k]]
            final = kernel_replayed(state, batch, k)
            assert final.over
            assert fastplay.summary(final) == fastplay.summary_of(batch.finals[k])
            kinds |= {fastplay.decode(int(code))["type"] for code in codes}
            checked += 1
    assert checked >= 300
    assert kinds >= {"place", "unload", "take-token", "place-meeples", "place-unload", "swap-unload"}


def test_d7_kernel_totals_and_winner_equal_the_pure_scoring_of_its_final_states():
    for n, (record, state) in enumerate(positions()):
        batch = fastplay.play(state, record["sides"], random.Random(100 + n), 13, record=True)
        for k in range(13):
            final = kernel_replayed(state, batch, k)
            board = DUEL.board(final, record)
            result = DUEL.rank(DUEL.score(board), board)  # the full D7 scoring with its lines
            assert tuple(batch.totals[k]) == tuple(result.totals)
            assert int(batch.winners[k]) == result.winners[0] == decide_winner(result.totals, 0)[0]


def test_fast_outcomes_are_the_kernel_batch_as_outcomes():
    record, state = positions()[5]
    outcomes = DUEL.fast_outcomes(state, record, random.Random(3), 50)
    batch = fastplay.play(state, record["sides"], random.Random(3), 50)
    assert outcomes == [Outcome([int(w)], (int(a), int(b))) for w, (a, b) in zip(batch.winners, batch.totals,
                                                                                   strict=True)]


def test_the_same_seed_gives_the_same_kernel_playouts_and_another_seed_others():
    record, state = positions()[1]
    first, again, other = (DUEL.fast_outcomes(state, record, random.Random(s), 40) for s in (7, 7, 8))
    assert first == again
    assert first != other


def test_the_kernel_policy_constants_are_the_pure_policy_s():
    assert (kernel.W_OTHER, kernel.W_TAKE, kernel.UNLOAD_GAIN) == (playout.W_OTHER, playout.W_TAKE,
                                                                   playout.UNLOAD_GAIN)


# ---- the policy: the kernel's first move from fixed positions against weighted_step's weights

def pure_policy(state):
    """{F2 move (as a sorted item tuple): probability} of `playout.weighted_step` at ``state``."""
    w = state.thaw()
    place, unl, take, pm, pu, swaps = menus(w)
    items = [(PLACE, c, playout.W_OTHER) for c in place]
    items += [(UNLOAD, b, playout._unload_weight(w.cells, b, w.to_move)) for b in unl]
    items += [(TAKE, i, playout.W_TAKE) for i in take]
    items += [(PLACE_MEEPLES_K, x, playout.W_OTHER) for x in pm]
    items += [(PLACE_UNLOAD_K, x, playout.W_OTHER) for x in pu]
    items += [(SWAP, (s, u), playout.W_OTHER) for s in swaps for u in unl]
    total = sum(weight for *_, weight in items)
    return {key(playout._play(state.thaw(), cat, item)): weight / total for cat, item, weight in items}


def key(move):
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in move.items()))


def policy_positions():
    """Mid-game positions whose weighted policy is far from uniform: the mover holds action
    tokens and an unload weighs differently from a placement."""
    found = []
    for seed in range(40):
        record = DUEL.random_record(random.Random(seed))
        for state in DUEL.replay(record).states[8:]:
            if state.over or not state.players[state.to_move].action_tokens:
                continue
            probs = pure_policy(state)
            if 4 <= len(probs) <= 60 and max(probs.values()) > 2.5 * min(probs.values()):
                found.append((record, state))
                break
        if len(found) == 4:
            return found
    raise LookupError


def chi_square(counts, probs, draws):
    return sum((counts.get(m, 0) - draws * p) ** 2 / (draws * p) for m, p in probs.items())


def critical(dof, z=3.719):
    """The chi-square value exceeded with probability 1e-4 (Wilson-Hilferty)."""
    return dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3


DRAWS = 4000


@pytest.mark.parametrize("index", range(4))
def test_kernel_first_moves_follow_the_weighted_policy_frequencies(index):
    record, state = policy_positions()[index]
    probs = pure_policy(state)
    batch = fastplay.play(state, record["sides"], random.Random(index), DRAWS, record=True)
    counts = Counter(key(fastplay.decode(int(code))) for code in batch.moves[:, 0])
    assert set(counts) <= set(probs)  # only legal moves
    uniform = dict.fromkeys(probs, 1 / len(probs))
    assert chi_square(counts, uniform, DRAWS) > critical(len(probs) - 1)  # the test tells a wrong policy
    assert chi_square(counts, probs, DRAWS) < critical(len(probs) - 1)


# ---- no numba: the pure engine, logged once

FALLBACK = """
import random, sys
sys.modules["numba"] = None  # importing numba now raises ImportError
from rules_engine.analysis import estimate
from rules_engine.registry import default_registry
duel = default_registry().game("duel")
record = duel.random_record(random.Random(1))
state = duel.replay(record).states[10]
assert duel.fast_outcomes(state, record, random.Random(1), 5) is None
assert duel.fast_outcomes(state, record, random.Random(1), 5) is None
result = estimate(duel, state, record, playouts=20, rng=random.Random(2))
print(result.playouts, sum(result.wins))
"""


def test_without_numba_the_analysis_plays_the_pure_engine_and_logs_it_once():
    done = run_script(FALLBACK)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["20", "1.0"]
    assert done.stderr.count("compiled playouts are off") == 1


def test_estimate_uses_the_kernel_and_matches_the_pure_engine_in_distribution():
    record, state = positions()[2]
    fast = estimate(DUEL, state, record, playouts=1500, rng=random.Random(5))
    pure = [DUEL.final_outcome(playout.weighted_playout(state, random.Random(10_000 + i)), record)
            for i in range(600)]
    pure_share = sum(1 for o in pure if o.winners == [0]) / len(pure)
    assert abs(fast.wins[0] - pure_share) < 0.08


def test_warm_up_compiles_the_kernel_with_one_playout():
    assert DUEL.warm_up() is True
