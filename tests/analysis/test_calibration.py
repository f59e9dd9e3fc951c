"""The reliability diagram and the expected calibration error (imhotep_lib/calibration.py)
against a hand-computed example."""

import math
import random
import statistics

import pytest

from imhotep_lib.calibration import reliability, spread

# Six predictions in five bins of 0.2:
#   [0.0, 0.2): 0.1 lost                 mean 0.1,   observed 0,   gap 0.1
#   [0.2, 0.4): 0.2 won, 0.35 lost       mean 0.275, observed 0.5, gap 0.225
#   [0.4, 0.6): 0.4 lost                 mean 0.4,   observed 0,   gap 0.4
#   [0.6, 0.8): none
#   [0.8, 1.0]: 0.8 won, 0.9 won         mean 0.85,  observed 1,   gap 0.15
# ECE = (1·0.1 + 2·0.225 + 1·0.4 + 2·0.15) / 6 = 1.25 / 6
EXAMPLE = [(0.1, False), (0.2, True), (0.35, False), (0.4, False), (0.8, True), (0.9, True)]


def test_bins_hold_the_hand_counted_predictions():
    bins = reliability(EXAMPLE, bins=5).bins
    assert [b.count for b in bins] == [1, 2, 1, 0, 2]
    assert [b.happened for b in bins] == [0, 1, 0, 0, 2]
    assert [b.low for b in bins] == pytest.approx([0.0, 0.2, 0.4, 0.6, 0.8])


def test_bin_means_and_observed_shares_match_the_hand_computation():
    bins = reliability(EXAMPLE, bins=5).bins
    assert [b.mean_predicted for b in bins] == pytest.approx([0.1, 0.275, 0.4, None, 0.85])
    assert [b.observed for b in bins] == [0.0, 0.5, 0.0, None, 1.0]


def test_expected_calibration_error_matches_the_hand_computation():
    result = reliability(EXAMPLE, bins=5)
    assert result.count == 6
    assert math.isclose(result.ece, 1.25 / 6)


def test_a_chance_of_one_falls_in_the_last_bin():
    assert [b.count for b in reliability([(1.0, True)], bins=4).bins] == [0, 0, 0, 1]


def test_predictions_that_come_true_as_often_as_said_have_no_error():
    # 0.25 four times, won once; 0.75 four times, won three times.
    result = reliability([(0.25, k == 0) for k in range(4)] + [(0.75, k < 3) for k in range(4)], bins=2)
    assert result.ece == 0.0


def test_no_predictions_have_no_error_to_tell():
    assert reliability([]).ece is None


def test_a_chance_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError):
        reliability([(1.2, True)])


# The bootstrap by game (`spread`) on three tiny games, in two bins of 0.5:
GAMES = [
    [(0.2, False), (0.8, True)],  # game A: one chance in each bin
    [(0.3, True), (0.7, False), (0.9, True)],  # game B
    [(0.6, True)],  # game C: only the upper bin
]


def _hand_resample(seed: int, resamples: int) -> tuple[list[list[float]], list[float]]:
    """The resample worked by hand: each resample draws len(GAMES) games with replacement
    (randrange, in that order), pools their raw chances, and counts each bin's share and the ECE
    from the pooled chances directly."""
    rng = random.Random(seed)
    shares: list[list[float]] = [[], []]
    eces: list[float] = []
    for _ in range(resamples):
        pooled = []
        for _ in range(len(GAMES)):
            pooled.extend(GAMES[rng.randrange(len(GAMES))])
        gaps = 0.0
        for k in (0, 1):
            inside = [(c, won) for c, won in pooled if (c >= 0.5) == bool(k)]
            if inside:
                mean = sum(c for c, _won in inside) / len(inside)
                share = sum(1 for _c, won in inside if won) / len(inside)
                shares[k].append(share)
                gaps += len(inside) * abs(mean - share)
        eces.append(gaps / len(pooled))
    return shares, eces


def _percentile_interval(values: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(values, n=40, method="inclusive")  # 1/40 = 2.5 %, 39/40 = 97.5 %
    return cuts[0], cuts[-1]


def test_intervals_equal_a_resample_of_whole_games_worked_by_hand():
    found = spread(GAMES, random.Random(7), resamples=60, bins=2)
    shares, eces = _hand_resample(7, 60)
    assert found.resamples == 60
    assert [b.interval for b in found.bins] == [pytest.approx(_percentile_interval(s)) for s in shares]
    assert found.ece_interval == pytest.approx(_percentile_interval(eces))


def test_each_bin_counts_the_games_with_a_chance_in_it():
    assert [b.games for b in spread(GAMES, random.Random(7), resamples=5, bins=2).bins] == [2, 3]


def test_the_same_seed_gives_the_same_intervals():
    assert spread(GAMES, random.Random(3), resamples=40) == spread(GAMES, random.Random(3), resamples=40)


def test_no_games_give_no_intervals():
    found = spread([], random.Random(1), resamples=10, bins=2)
    assert [(b.games, b.interval) for b in found.bins] == [(0, None), (0, None)]
    assert found.ece_interval is None
