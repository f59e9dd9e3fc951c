"""Expected final score margins (rules_engine/analysis `margins`, docs/replay.md "Score margin"):
each player's mean final total over the playouts minus the best mean among the others, worked
out from the games' own final totals (`GameType.final_scores`), and checked here against the
score sheet of the same seeded playouts."""

import random
from statistics import fmean

import pytest

from rules_engine.analysis import estimate, margins
from rules_engine.duel.compiled import fastplay
from rules_engine.registry import default_registry
from tests.engine.duel_helpers import kernel_replayed
from tests.kit import random_record

DUEL = default_registry().game("duel")
CLASSIC = default_registry().game("classic")


def score_sheet_totals(game_type, state, record) -> list[int]:
    """The totals the score calculator gives the position's board (validated, explained)."""
    board = game_type.board(state, record)
    return [p["total"] for p in game_type.score(board).to_json()["players"]]


def seeded_finals(game_type, state, playouts: int, seed: int) -> list:
    """The final positions of the playouts `estimate` plays with ``random.Random(seed)``: the
    Duel's compiled kernel plays them as one batch seeded from that rng (#40; its reported deals
    and moves replayed here through the pure engine); otherwise the game's own `fast_playout`
    plays them one by one, drawing from that one rng."""
    rng = random.Random(seed)
    if game_type is DUEL and fastplay.available():
        batch = fastplay.play(state, None, rng, playouts, record=True)
        return [kernel_replayed(state, batch, k) for k in range(playouts)]
    return [game_type.fast_playout(state, rng) for _ in range(playouts)]


def test_a_margin_is_the_mean_minus_the_best_other_mean():
    assert margins((30.5, 28.0)) == (2.5, -2.5)
    assert margins((10.0, 7.0, 12.0, 12.0)) == (-2.0, -5.0, 0.0, 0.0)
    assert margins((40.0, 31.0, 25.0)) == (9.0, -9.0, -15.0)


def test_d7_a_duel_margin_is_the_mean_of_the_playouts_score_differences():
    record = random_record(5)
    state = DUEL.replay(record).states[20]
    result = estimate(DUEL, state, record, playouts=7, rng=random.Random(3))
    sheets = [score_sheet_totals(DUEL, final, record) for final in seeded_finals(DUEL, state, 7, 3)]
    difference = fmean(mine - theirs for mine, theirs in sheets)
    assert result.margins == pytest.approx((difference, -difference))


def test_d7_a_duel_margin_is_computed_by_hand_from_the_playouts_totals():
    record = random_record(5)
    state = DUEL.replay(record).states[40]
    totals = [score_sheet_totals(DUEL, final, record) for final in seeded_finals(DUEL, state, 3, 11)]
    by_hand = ((totals[0][0] - totals[0][1]) + (totals[1][0] - totals[1][1]) + (totals[2][0] - totals[2][1])) / 3
    result = estimate(DUEL, state, record, playouts=3, rng=random.Random(11))
    assert result.margins[0] == pytest.approx(by_hand)


def test_c8_a_base_game_margin_is_the_mean_total_minus_the_best_other_mean_total():
    record = random_record(4, 3, game="classic")
    state = CLASSIC.replay(record).states[30]
    result = estimate(CLASSIC, state, record, playouts=5, rng=random.Random(2))
    batch = CLASSIC.fast_outcomes(state, record, random.Random(2), 5)
    if batch is not None:  # the compiled kernel's totals (test_kernel_replay.py: the score sheets')
        sheets = [outcome.scores for outcome in batch]
    else:
        sheets = [score_sheet_totals(CLASSIC, final, record) for final in seeded_finals(CLASSIC, state, 5, 2)]
    means = [fmean(sheet[seat] for sheet in sheets) for seat in range(3)]
    expected = [means[seat] - max(m for other, m in enumerate(means) if other != seat) for seat in range(3)]
    assert result.margins == pytest.approx(expected)


def test_the_margin_at_the_end_is_the_final_score_difference():
    record = random_record(6)
    final = DUEL.replay(record).states[-1]
    mine, theirs = score_sheet_totals(DUEL, final, record)
    assert estimate(DUEL, final, record, playouts=4, rng=random.Random(1)).margins == (mine - theirs, theirs - mine)


@pytest.mark.parametrize("seed", range(4))
def test_d7_the_duels_final_scores_are_the_score_sheets(seed):
    record = random_record(30 + seed)
    for state in seeded_finals(DUEL, DUEL.replay(record).states[10], 3, seed):
        assert list(DUEL.final_scores(state, record)) == score_sheet_totals(DUEL, state, record)


@pytest.mark.parametrize("seed", range(3))
def test_c8_the_base_games_final_scores_are_the_score_sheets(seed):
    record = random_record(40 + seed, 2 + seed, game="classic")
    for state in seeded_finals(CLASSIC, CLASSIC.replay(record).states[12], 2, seed):
        outcome = CLASSIC.final_outcome(state, record)
        assert list(outcome.scores) == score_sheet_totals(CLASSIC, state, record)
        assert outcome.winners == CLASSIC.final_winners(state, record)


def test_the_estimate_of_a_game_that_gives_no_final_totals_has_no_margins():
    race = pytest.importorskip("imhotep_house_rules.race", reason="installed by `make test`").RACE
    record = race.random_record(random.Random(2))
    state = race.replay(record).states[1]
    result = estimate(race, state, record, playouts=5, rng=random.Random(1))
    assert result.margins is None and sum(result.wins) == pytest.approx(1)
