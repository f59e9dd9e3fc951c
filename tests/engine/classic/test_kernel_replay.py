"""The compiled playout (issue #40) against the pure engine: every move a kernel playout
reports is legal in `apply_move` (C3–C7), and the pure engine's final state and C8 scores
(Pharaoh's wrath, C9, included) equal the kernel's — from starting and mid-game positions,
2, 3 and 4 players, sides A and B (board data: Pyramids B C6.2, Market B, Temple B C6.3,
Burial chamber B C6.4, Obelisks B C6.5)."""

from __future__ import annotations

import random

import pytest

from rules_engine.classic.plugin import ClassicGame
from rules_engine.classic.sitedata import EMPTY
from tests.engine.classic.kernel_helpers import KERNEL_SIDES, board_data_set, position, replayed, same_position

pytest.importorskip("numba")

CLASSIC_GAME = ClassicGame()
PLAYOUTS_PER_CASE = 10
CASES = [
    (players, i, fraction)
    for players in (2, 3, 4)
    for i in range(len(KERNEL_SIDES))
    for fraction in (0.0, 0.5, 0.9)
]


@pytest.mark.parametrize(("players", "sides_index", "fraction"), CASES)
def test_c3_c8_kernel_playouts_replay_in_the_pure_engine(players, sides_index, fraction):
    sides = KERNEL_SIDES[sides_index]
    data = board_data_set() if sides else EMPTY
    variants = ("pharaohs-wrath",) if sides_index % 2 else ()
    game = ClassicGame(data)
    for k in range(PLAYOUTS_PER_CASE):
        seed = 1000 * players + 100 * sides_index + k
        state, rec = position(seed, players, sides, data, fraction)
        pure, final, totals, _ = replayed(state, data, seed, variants)
        assert same_position(pure, final) == [], (seed, fraction)
        outcome = game.final_outcome(pure, {**rec, "variants": list(variants)})
        assert list(outcome.scores) == totals, seed


def test_c8_kernel_outcomes_score_as_final_outcome():
    data = board_data_set()
    state, rec = position(7, 4, {"burial-chamber": "B", "obelisks": "B"}, data, 0.3)
    game = ClassicGame(data)
    outs = game.fast_outcomes(state, rec, random.Random(3), 50)
    assert outs is not None and len(outs) == 50
    for out in outs:
        best = max(out.scores)
        assert set(out.winners) <= {p for p, s in enumerate(out.scores) if s == best}


def test_c2_kernel_same_seed_same_playouts():
    state, rec = position(11, 3, {}, EMPTY, 0.2)
    first = CLASSIC_GAME.fast_outcomes(state, rec, random.Random(5), 40)
    again = CLASSIC_GAME.fast_outcomes(state, rec, random.Random(5), 40)
    assert first == again


def test_c6_2_pyramids_b_is_played_by_the_kernel():
    data = board_data_set()
    state, rec = position(12, 3, {"pyramids": "B"}, data, 0.2)
    outs = ClassicGame(data).fast_outcomes(state, rec, random.Random(5), 10)
    assert outs is not None and len(outs) == 10


def test_warm_up_compiles_the_kernel_with_one_playout():
    from rules_engine.classic.plugin import CLASSIC

    assert CLASSIC.warm_up() is True
