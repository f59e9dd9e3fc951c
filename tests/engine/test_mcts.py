"""Determinized Monte-Carlo tree search (rules_engine/analysis/mcts.py, #40): it finds a move that
wins outright, stops early once the best move is clear, is seeded, and deals what is unseen in
every iteration, never applying a move to the position as recorded (duel.md D3, classic.md C2, C3).

The won positions are taken from seeded random games and checked here before they are used: the
Duel's (seed 31, ply 57: of 16 moves only unloading row 2 ends the game, D7, and every deal gives
it to the mover, while flat Monte-Carlo gives no other move more than 0.3) and the 3-player base
game's (seed 142, ply 85: sailing the last ship to the pyramids ends the game, C8, won by the mover;
sailing it elsewhere ends it lost)."""

import random

import pytest

from rules_engine.analysis.evaluate import dealt
from rules_engine.analysis.mcts import (
    LEAF_BATCH,
    MIN_PLAYOUTS,
    MIN_TREE_ITERATIONS,
    RANKED_VISITS,
    search,
    search_result,
)
from rules_engine.classic.moves import Sail
from rules_engine.classic.playout import random_record as classic_record
from rules_engine.duel.moves import Unload
from rules_engine.duel.record import to_transcription
from rules_engine.registry import default_registry
from tests.engine.test_analysis_transcribed import table_classic

DUEL = default_registry().game("duel")
CLASSIC = default_registry().game("classic")


def duel_position(seed: int, ply: int):
    record = {**DUEL.random_record(random.Random(seed)), "players": ["Ana", "Ben"]}
    return record, DUEL.replay(record).states[ply]


def classic_position(seed: int, ply: int, players: int = 3):
    record = classic_record(random.Random(seed), players=players)
    return record, CLASSIC.replay(record).states[ply]


def wins_outright(game_type, state, record, move) -> bool:
    """``move`` ends the game won by the player to move alone, in every one of a dozen deals."""
    mover = game_type.to_move(state)
    for seed in range(12):
        after = game_type.apply(dealt(game_type, state, random.Random(seed)), move)
        if not game_type.is_over(after) or game_type.final_outcome(after, record).winners != [mover]:
            return False
    return True


DUEL_WIN = Unload(boat="row-2", refill=None)
CLASSIC_WIN = Sail(ship=2, site="pyramids")


def test_d7_the_duel_position_has_one_move_that_wins_outright():
    record, state = duel_position(31, 57)
    assert [m for m in DUEL.legal_moves(state) if wins_outright(DUEL, state, record, m)] == [DUEL_WIN]


def test_d7_search_finds_the_duels_winning_move():
    record, state = duel_position(31, 57)
    best = search(DUEL, state, record, playouts=600, rng=random.Random(1))
    assert best[0].move == DUEL_WIN and best[0].win == 1.0


def test_c8_the_base_game_position_has_one_move_that_wins_outright():
    record, state = classic_position(142, 85)
    assert [m for m in CLASSIC.legal_moves(state) if wins_outright(CLASSIC, state, record, m)] == [CLASSIC_WIN]


def test_c8_search_finds_the_base_games_winning_move():
    record, state = classic_position(142, 85)
    best = search(CLASSIC, state, record, playouts=400, rng=random.Random(1))
    assert best[0].move == CLASSIC_WIN and best[0].win == 1.0


def test_search_finds_the_winning_move_of_a_plugin_game():
    """The example plugin's obelisk race: quarry 2, heights 3 and 4. Taking both blocks ends the
    race with the taller obelisk (5 + 3 against 4); taking one lets the opponent take the last."""
    race = pytest.importorskip("imhotep_house_rules.race", reason="the example plugin (make test)")
    state = race.RaceState(heights=(3, 4), quarry=2, to_move=0)
    record = {"game": race.GAME_ID, "players": ["Ana", "Ben"], "setup": {}, "moves": []}
    best = search(race.RACE, state, record, playouts=50, rng=random.Random(1), early_stop=False)
    assert [(v.move, v.win) for v in best] == [({"blocks": 2}, 1.0), ({"blocks": 1}, 0.0)]


def test_the_early_stop_stops_sooner_where_one_move_is_clearly_best():
    clear_record, clear = duel_position(31, 57)
    even_record, even = duel_position(31, 0)  # the opening: every first placement is much alike
    quick = search_result(DUEL, clear, clear_record, playouts=800, rng=random.Random(1))
    slow = search_result(DUEL, even, even_record, playouts=800, rng=random.Random(1))
    assert quick.stopped_early and quick.playouts < slow.playouts


def test_an_early_stop_leaves_the_best_interval_above_the_seconds():
    record, state = classic_position(142, 85)
    result = search_result(CLASSIC, state, record, playouts=800, rng=random.Random(1))
    assert result.stopped_early and MIN_PLAYOUTS <= result.playouts < 800
    assert result.moves[0].low > result.moves[1].high


def test_without_the_early_stop_the_whole_budget_is_spent_and_counted():
    record, state = classic_position(142, 85)
    result = search_result(CLASSIC, state, record, playouts=300, rng=random.Random(1), early_stop=False)
    assert result.playouts == 300 and sum(m.playouts for m in result.moves) == 300


def test_the_same_seed_gives_the_same_search():
    record, state = classic_position(5, 30, players=4)
    first, second = (search_result(CLASSIC, state, record, playouts=150, rng=random.Random(4)) for _ in range(2))
    assert first == second


def test_the_ranked_moves_are_legal_and_best_first():
    record, state = duel_position(5, 16)
    ranked = search(DUEL, state, record, playouts=200, rng=random.Random(2), top=99)
    assert [v.win for v in ranked] == sorted((v.win for v in ranked), reverse=True)
    assert {v.move for v in ranked} == set(DUEL.legal_moves(state))


def test_a_move_tried_a_few_times_ranks_after_the_moves_tried_more():
    """The Duel's opening has more moves than a small budget tries 8 times each."""
    record, state = duel_position(31, 0)
    ranked = search_result(DUEL, state, record, playouts=150, rng=random.Random(1)).moves
    few = [m.playouts < RANKED_VISITS for m in ranked]
    assert any(few) and not all(few) and few == sorted(few)


class Watched:
    """A game type that remembers every state a move was applied to (the rest is the game's)."""

    def __init__(self, game_type) -> None:
        self.game_type, self.applied_to = game_type, []

    def __getattr__(self, name):
        return getattr(self.game_type, name)

    def apply(self, state, move):
        self.applied_to.append(state)
        return self.game_type.apply(state, move)


@pytest.mark.parametrize("ply", [12, 31])
def test_d3_no_move_is_applied_to_a_transcribed_duels_recorded_position(ply):
    """A Duel recorded at the table knows none of its draws: each iteration deals them."""
    record = to_transcription(duel_position(7, 0)[0])
    state = DUEL.replay(record).states[ply]
    watched = Watched(DUEL)
    ranked = search(watched, state, record, playouts=120, rng=random.Random(1), top=99)
    assert watched.applied_to and all(s is not state for s in watched.applied_to)
    assert {v.move for v in ranked} == set(DUEL.legal_moves(state))


def test_c2_a_transcribed_base_game_is_searched_where_a_round_ends():
    """Sailing the last ship turns up the next round card and market cards the record lacks."""
    record = table_classic(7)
    states = CLASSIC.replay(record).states
    ply = next(k for k in range(len(states) - 1) if states[k + 1].round > states[k].round)
    watched = Watched(CLASSIC)
    ranked = search(watched, states[ply], record, playouts=80, rng=random.Random(1), top=99)
    assert all(s is not states[ply] for s in watched.applied_to)
    assert len(ranked) == len(CLASSIC.legal_moves(states[ply]))


class Counted(Watched):
    """A game type that remembers how many playouts each `fast_outcomes` call asked for."""

    def __init__(self, game_type) -> None:
        super().__init__(game_type)
        self.batches = []

    def fast_outcomes(self, state, record, rng, count):
        self.batches.append(count)
        return self.game_type.fast_outcomes(state, record, rng, count)


def test_each_new_leaf_plays_a_batch_of_playouts_in_one_call():
    """#40: the budget is spent in leaf batches of `LEAF_BATCH`, each one conversion of the position."""
    record, state = duel_position(5, 16)
    counted = Counted(DUEL)
    result = search_result(counted, state, record, playouts=400, rng=random.Random(2), early_stop=False)
    assert counted.batches == [LEAF_BATCH] * (400 // LEAF_BATCH)
    assert result.playouts == 400 and sum(m.playouts for m in result.moves) == 400


def test_a_small_budget_plays_smaller_batches_so_the_tree_still_grows():
    record, state = duel_position(5, 16)
    counted = Counted(DUEL)
    search_result(counted, state, record, playouts=60, rng=random.Random(2), early_stop=False)
    assert len(counted.batches) >= MIN_TREE_ITERATIONS and max(counted.batches) < LEAF_BATCH
