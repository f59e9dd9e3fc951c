"""The compiled playout's move choices (issue #40) follow the pure playout's greedy policy
(`playout.weighted_step`: C4.1–C4.4 entries by weight, then a uniform move of the entry, market
picks C5.1/C6.1 uniform over the leaves): move frequencies from fixed positions, drawn with fixed
seeds, agree within a bound that uniform play (`playout.random_step`) breaks. On Pyramids B (C6.2)
a move's leaf is uniform over all its leaves found with shared card draws (`legal.search`)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from rules_engine.classic import legal, playout
from rules_engine.classic.compiled import fastplay, kernel_policy
from rules_engine.classic.compiled import kernel_layout as L
from rules_engine.classic.sitedata import EMPTY
from tests.engine.classic.kernel_helpers import board_data_set, decode_move, position

pytest.importorskip("numba")

DRAWS = 4000
BOUND = 4.5  # the largest |z| of any move's frequency difference
MARKET_B = {"market": "B", "burial-chamber": "B", "obelisks": "B"}
PYRAMIDS_B = {"pyramids": "B", "temple": "B", "market": "B"}
# (seed, players, sides, fraction): the start; blue cards in hand (sail and chisel, lever); Market B
# with ships to sail there (84 sequences of picks, the pair's two cards; a market with a card twice);
# Temple B with a lever in hand (each unload order its own entry, C6.3), the last ship to sail
# (the temple's "1 point or 2 stones" choices part of the move); Pyramids B with ships to sail
# there (which pyramid for each stone, C6.2), alone and with Market B and Temple B (picks too).
POSITIONS = [
    (1, 3, {}, 0.0),
    (104, 4, {}, 0.5),
    (112, 2, {}, 0.3),
    (133, 2, {}, 0.5),
    (8, 3, MARKET_B, 0.6),
    (34, 3, MARKET_B, 0.6),
    (9, 3, {"temple": "B"}, 0.3),
    (28, 3, {"temple": "B"}, 0.5),
    (21, 2, {"pyramids": "B"}, 0.5),
    (41, 4, PYRAMIDS_B, 0.5),
    (45, 2, PYRAMIDS_B, 0.3),
]


def key(move: dict) -> tuple:
    """A move by what it does and where (slots apart), with its market picks, temple choices and
    Pyramids B choices."""
    return (move["type"], move.get("card"), move.get("ship"), move.get("site"), str(move.get("take")),
            str(move.get("order")), str(move.get("temple")), str(move.get("pyramids")),
            str(move.get("bonus_places")))


def pure_moves(state, step, seed: int) -> Counter:
    rng = random.Random(seed)
    out: Counter = Counter()
    for _ in range(DRAWS):
        w = state.thaw()
        w.draws, w.rng = list(w.draws[: w.ndrawn]), random.Random(rng.getrandbits(64))
        if step is playout.random_step:
            out[key(step(w, rng))] += 1
        else:
            out[key(playout.move_json(*step(w, rng)))] += 1
    return out


def largest_z(a: Counter, b: Counter) -> float:
    worst = 0.0
    for k in set(a) | set(b):
        p = (a[k] + b[k]) / (2 * DRAWS)
        if 0 < p < 1:
            worst = max(worst, abs(a[k] - b[k]) / math.sqrt(2 * DRAWS * p * (1 - p)))
    return worst


def kernel_moves(state, data, seed: int) -> Counter:
    return Counter(key(decode_move(row)) for row in fastplay.first_moves(state, data, random.Random(seed), DRAWS))


@pytest.mark.parametrize("case", range(len(POSITIONS)))
def test_c4_kernel_move_frequencies_follow_the_weighted_policy(case):
    seed, players, sides, fraction = POSITIONS[case]
    data = board_data_set() if sides else EMPTY
    state, _ = position(seed, players, sides, data, fraction)
    assert largest_z(pure_moves(state, playout.weighted_step, seed), kernel_moves(state, data, seed)) < BOUND


def test_c4_uniform_play_fails_the_frequency_bound():
    seed, players, sides, fraction = POSITIONS[1]
    state, _ = position(seed, players, sides, EMPTY, fraction)
    assert largest_z(pure_moves(state, playout.random_step, seed), kernel_moves(state, EMPTY, seed)) > BOUND


def test_c4_kernel_weights_are_the_pure_policy_weights():
    assert (kernel_policy.W_PLACE, kernel_policy.W_GET, kernel_policy.W_GET_EMPTY, kernel_policy.W_CARD) == (
        playout.W_PLACE, playout.W_GET, playout.W_GET_EMPTY, playout.W_CARD)
    assert kernel_policy.SAIL_GAIN == playout.SAIL_GAIN


def test_the_kernel_move_kinds_are_the_pure_engine_s():
    assert (L.K_GET, L.K_PLACE, L.K_SAIL, L.K_LEVER, L.K_HAMMER, L.K_SAILC, L.K_CHISEL, L.K_PASS) == (
        legal.GET, legal.PLACE, legal.SAIL, legal.LEVER, legal.HAMMER, legal.SAILC, legal.CHISEL, legal.PASS)
