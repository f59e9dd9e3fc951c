"""What decided a game (issue #41, rules_engine/analysis/luck.py): per player, the luck of the
chance events (duel.md D4.2 refills, D4.3 reserve tokens; classic.md C2 round cards, C7 market
cards) plus the effect of the decisions adds up to the real result minus the starting chance."""

import random

import pytest

from rules_engine.analysis.luck import luck_and_skill
from rules_engine.registry import default_registry
from tests.engine.test_analysis_transcribed import table_classic, table_duel
from tests.kit import random_record

DUEL = default_registry().game("duel")
CLASSIC = default_registry().game("classic")


def real_result(game, record) -> list[float]:
    """Each seat's share of the win as the game's own scoring says (a shared win is shared)."""
    winners = game.replay(record).score().winners
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(len(record["players"]))]


def assert_adds_up(game, record, **cost):
    split = luck_and_skill(game, record, **cost)
    result = real_result(game, record)
    for seat in range(len(record["players"])):
        assert abs(split.luck(seat) + split.skill(seat) - (result[seat] - split.start[seat])) <= 0.03, seat


def test_d4_duel_luck_and_skill_add_up_to_result_minus_start():
    assert_adds_up(DUEL, random_record(21), playouts=30, move_playouts=0)


def test_f2_transcribed_duel_luck_and_skill_add_up_with_moves_ranked():
    assert_adds_up(DUEL, table_duel(5), playouts=20, move_playouts=4, deep_playouts=8)


def test_c2_c7_three_player_base_game_luck_and_skill_add_up():
    assert_adds_up(CLASSIC, random_record(21, 3, game="classic"), playouts=12, move_playouts=0)


def test_d4_2_every_refill_is_a_chance_event_naming_the_tokens_drawn():
    record = table_duel(21)
    states = DUEL.replay(record).states
    drew = [k for k in range(len(states) - 1) if DUEL.unseen(states[k]) != DUEL.unseen(states[k + 1])]
    split = luck_and_skill(DUEL, record, playouts=10, move_playouts=0)
    chance = [t for t in split.terms if t.kind == "chance"]
    assert drew and [t.move for t in chance] == drew
    assert all(sum(n for _, n in t.turned_up) in (1, 3, 6) for t in chance)


def test_c2_a_round_card_turned_up_is_a_chance_event():
    record = table_classic(7)
    states = CLASSIC.replay(record).states
    ends = {k for k in range(len(states) - 1) if states[k + 1].round > states[k].round}
    split = luck_and_skill(CLASSIC, record, playouts=6, move_playouts=0)
    assert ends and ends <= {t.move for t in split.terms if t.kind == "chance"}


def test_a_move_that_turns_up_nothing_carries_no_luck():
    record = random_record(21, moves=4)  # the first placements (D4.1) draw nothing
    split = luck_and_skill(DUEL, record, playouts=10, move_playouts=0)
    assert [t.kind for t in split.terms] == ["decision"] * 4


@pytest.mark.parametrize("seed", [0, 3])
def test_the_same_record_and_seed_give_the_same_figures(seed):
    record = random_record(9, moves=30)
    first = luck_and_skill(DUEL, record, playouts=10, move_playouts=4, deep_playouts=8, seed=seed)
    assert first == luck_and_skill(DUEL, record, playouts=10, move_playouts=4, deep_playouts=8, seed=seed)


def test_a_decision_costs_the_best_moves_chance_minus_the_chosen_ones():
    record = random_record(21, moves=20)
    split = luck_and_skill(DUEL, record, playouts=10, move_playouts=6, deep_playouts=12)
    ranked = [t for t in split.terms if t.kind == "decision" and t.ranked]
    assert ranked
    for t in ranked:
        assert t.cost == pytest.approx(t.ranked[0].win - t.ranked[t.chosen].win)
        assert [v.win for v in t.ranked] == sorted((v.win for v in t.ranked), reverse=True)


def test_rng_is_not_the_module_level_one():
    state = random.getstate()
    luck_and_skill(DUEL, random_record(3, moves=10), playouts=5, move_playouts=2)
    assert random.getstate() == state
