"""The Duel's compiled scoring (rules_engine/duel/compiled/kernel_batch.py `total`) against the
pure scoring (rules_engine/duel/scoring.py, D7) on final positions built to reach every branch:
each side of every monument (D7.1–D7.4), Obelisk B at 10 or more and first/second to five,
the extras (D7.5) and the tie-break (D7.6). Random playouts rarely reach the far ends (issue
#53: none of 416 side-B playouts reached 10 obelisks), so the positions are set by hand and
scored both ways: `scoring.score` on the F1 board (`game.final_board`) and the kernel on the
array `fastplay.to_arrays` makes of the same state."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from rules_engine.duel.board import parse_board
from rules_engine.duel.compiled import fastplay, kernel_batch
from rules_engine.duel.game import final_board, new_game
from rules_engine.duel.monument_points import MONUMENTS
from rules_engine.duel.scoring import decide_winner, score, totals
from rules_engine.duel.state import PlayerState, PlayerWork
from rules_engine.duel.tokens import ACTIONS, ALL_TOKENS

ALL_SIDES = [dict(zip(MONUMENTS, combo, strict=True)) for combo in itertools.product("AB", repeat=4)]


def _field(x: Any, key: str) -> Any:
    return x[key] if isinstance(x, Mapping) else getattr(x, key)


def player(obelisk: int = 0, temple: tuple[int, ...] = (), light: int = 0, dark: int = 0,
           tomb: tuple[int, ...] = (), actions: int = 0, harbor: int = 0) -> PlayerState:
    return PlayerState(obelisk, temple, light, dark, tomb, tuple(ACTIONS[i % 4] for i in range(actions)), 4 - harbor)


def position(p0: PlayerState, p1: PlayerState, first5: int | None = None):
    w = new_game(supply=list(ALL_TOKENS)).thaw()
    w.players = [PlayerWork(p0), PlayerWork(p1)]
    w.first5, w.over = first5, True
    return w.freeze()


def both_ways(state, sides: Mapping[str, str]) -> tuple[tuple, tuple]:
    """((totals, winner) by the pure scoring, the same by the kernel); seat 0 began (F2)."""
    board = parse_board(final_board(state, sides=sides, starting_player=0))
    result = score(board)
    pure = ([int(_field(p, "total")) for p in _field(result, "players")], result.winner)
    assert list(totals(board)) == pure[0]  # the playouts' quick totals agree with the explained ones
    st, _pool = fastplay.to_arrays(state, np)
    side_bits = fastplay.sides_array(sides, np)
    t = [int(kernel_batch.total(st, p, side_bits)) for p in range(2)]
    return pure, (t, decide_winner(t, 0)[0])


def assert_same(state, sides) -> None:
    pure, kernel = both_ways(state, sides)
    assert kernel == pure, f"sides {sides}: kernel {kernel}, pure {pure}"


# D7.1: (mine, theirs, first to five)
OBELISKS = [
    (0, 0, None), (3, 2, None), (2, 3, None), (4, 4, None),  # A: majority, none, tie
    (4, 3, None), (5, 0, 0), (5, 4, 0), (5, 5, 0), (5, 5, 1), (6, 6, 1), (7, 5, 1), (9, 3, 0),  # B: 5 first/second
    (10, 0, 0), (10, 2, 0), (11, 1, 0), (12, 0, 0), (0, 12, 1),  # B: 10 or more (docs/rulings.md)
]


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize(("mine", "theirs", "first5"), OBELISKS)
def test_d7_1_obelisk_every_tier(side, mine, theirs, first5):
    assert_same(position(player(obelisk=mine), player(obelisk=theirs), first5), {"obelisk": side})


TEMPLES = [(), (1,), (4,), (1, 2), (1, 2, 3, 4), (1, 1, 2), (1, 1, 2, 2, 3, 3, 4, 4), (1, 1, 1, 4, 4, 4),
           (2, 2, 2, 3), (1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3)]


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("temple", TEMPLES)
def test_d7_2_temple_sets(side, temple):
    assert_same(position(player(temple=temple), player()), {"temple": side})


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize(("light", "dark"), [(a, b) for a in range(7) for b in range(7)])
def test_d7_3_pyramid_every_count(side, light, dark):
    assert_same(position(player(light=light, dark=dark), player(light=6 - light, dark=6 - dark)), {"pyramid": side})


TOMBS = [(), (1,), (12,), (1, 12), (11, 12), (1, 2, 3), (1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6, 7), (2, 4, 6, 8),
         (1, 2, 4, 5, 7, 8, 9, 10, 11, 12), tuple(range(1, 13))]


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("tomb", TOMBS)
def test_d7_4_tomb_runs(side, tomb):
    assert_same(position(player(tomb=tomb), player()), {"tomb": side})


@pytest.mark.parametrize(("actions", "harbor"), [(0, 0), (3, 1), (12, 4)])
def test_d7_5_action_tokens_and_meeples(actions, harbor):
    assert_same(position(player(actions=actions, harbor=harbor), player(harbor=4 - harbor)), {})


@pytest.mark.parametrize("sides", ALL_SIDES, ids=lambda s: "".join(s.values()))
def test_d7_6_a_tie_goes_to_the_player_who_did_not_begin(sides):
    same = player(obelisk=3, temple=(1, 2), light=2, dark=1, tomb=(3,), actions=1, harbor=2)
    other = player(obelisk=3, temple=(1, 2), light=2, dark=1, tomb=(5,), actions=1, harbor=2)
    state = position(same, other, first5=None)
    (pure_totals, pure_winner), kernel = both_ways(state, sides)
    assert pure_totals[0] == pure_totals[1] and pure_winner == 1
    assert kernel == (pure_totals, pure_winner)


def _random_pair(rng: random.Random) -> tuple[PlayerState, PlayerState, int | None]:
    """Two players sharing the box's tokens (D1), dealt at random."""
    obel = rng.randrange(13)
    mine = rng.randrange(obel + 1)
    temples = [v for v in range(1, 5) for _ in range(3)]
    rng.shuffle(temples)
    cut_t = rng.randrange(len(temples) + 1)
    keep_t = rng.randrange(cut_t, len(temples) + 1)
    tombs = list(range(1, 13))
    rng.shuffle(tombs)
    cut = rng.randrange(13)
    keep = rng.randrange(cut, 13)
    light, dark = rng.randrange(7), rng.randrange(7)
    light2, dark2 = rng.randrange(7 - light), rng.randrange(7 - dark)
    acts = rng.randrange(13)
    p0 = player(mine, tuple(temples[:cut_t]), light, dark, tuple(tombs[:cut]), acts, rng.randrange(5))
    p1 = player(obel - mine, tuple(temples[cut_t:keep_t]), light2, dark2, tuple(tombs[cut:keep]),
                rng.randrange(13 - acts), rng.randrange(5))
    five = [p for p, n in ((0, mine), (1, obel - mine)) if n >= 5]
    return p0, p1, rng.choice(five) if five else None


@pytest.mark.parametrize("seed", range(40))
def test_d7_every_part_at_once(seed):
    rng = random.Random(seed)
    p0, p1, first5 = _random_pair(rng)
    state = position(p0, p1, first5)
    for sides in ALL_SIDES:
        assert_same(state, sides)
