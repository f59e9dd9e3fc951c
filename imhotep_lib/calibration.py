"""Whether predicted chances come true (issue 41, "a win chance that proves itself"): a
reliability diagram's bins and the expected calibration error, pure Python; their intervals from
resampling whole games (`spread`).

Predictions (a chance 0–1 that something happens, and whether it did) fall into ``bins`` equal
bins of the predicted chance, [0, 1/b), [1/b, 2/b) … [(b−1)/b, 1] (the last one closed). Each
bin holds its count, its mean predicted chance and the share that came true; a well calibrated
predictor's points lie on the diagonal (of the positions given 30 %, about 30 % were won).

The expected calibration error (Naeini, Cooper and Hauskrecht, "Obtaining well calibrated
probabilities using Bayesian binning", AAAI 2015; Guo et al., "On calibration of modern neural
networks", ICML 2017) is the count-weighted mean gap between the two,
ECE = Σ_b (n_b / N) · |mean predicted_b − observed share_b|: 0 is perfect, and equal-width
bins are what both papers use.

scikit-learn's ``calibration_curve`` gives the bins' means but neither their counts nor the
ECE, and would bring SciPy and joblib for twenty lines of arithmetic (docs/decisions.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

#: Bins of the reliability diagram: tenths of the predicted chance.
BINS = 10


@dataclass(frozen=True)
class Bin:
    """Predictions between ``low`` and ``high``: ``count`` of them, ``predicted`` the sum of
    their chances, ``happened`` how many came true."""

    low: float
    high: float
    count: int = 0
    predicted: float = 0.0
    happened: int = 0

    @property
    def mean_predicted(self) -> float | None:
        return self.predicted / self.count if self.count else None

    @property
    def observed(self) -> float | None:
        return self.happened / self.count if self.count else None

    @property
    def gap(self) -> float | None:
        """|mean predicted − observed share|; None for an empty bin."""
        if not self.count:
            return None
        return abs(self.predicted / self.count - self.happened / self.count)


@dataclass(frozen=True)
class Reliability:
    bins: tuple[Bin, ...]  # all of them, empty ones included, lowest chances first

    @property
    def count(self) -> int:
        return sum(b.count for b in self.bins)

    @property
    def ece(self) -> float | None:
        """The expected calibration error; None without predictions."""
        total = self.count
        if not total:
            return None
        return sum(b.count * (b.gap or 0.0) for b in self.bins) / total


def reliability(predictions: Iterable[tuple[float, bool]], bins: int = BINS) -> Reliability:
    """The reliability diagram of ``predictions`` ((chance, came true) pairs) in ``bins``
    equal bins. A chance outside [0, 1] is a caller's error (ValueError)."""
    if bins < 1:
        raise ValueError("bins must be at least 1")
    counts = [0] * bins
    sums = [0.0] * bins
    happened = [0] * bins
    for chance, came_true in predictions:
        if not 0.0 <= chance <= 1.0:
            raise ValueError(f"a chance must be between 0 and 1, got {chance}")
        index = min(int(chance * bins), bins - 1)
        counts[index] += 1
        sums[index] += chance
        happened[index] += bool(came_true)
    return Reliability(tuple(Bin(k / bins, (k + 1) / bins, counts[k], sums[k], happened[k]) for k in range(bins)))


#: Resamples of the bootstrap by game, and the generator's seed: the same games give the same intervals.
RESAMPLES = 1000
SEED = 54
#: A bin holding predictions of fewer games than this shows no share: the games are too few to say.
MIN_GAMES = 5


@dataclass(frozen=True)
class BinSpread:
    """A bin's number of games (those with at least one prediction in it) and the 95 % interval of
    its observed share over the resamples (None when no resample put a prediction in it)."""

    games: int
    interval: tuple[float, float] | None


@dataclass(frozen=True)
class Spread:
    """The bootstrap by game: per bin its `BinSpread`, and the 95 % interval of the ECE."""

    resamples: int
    bins: tuple[BinSpread, ...]
    ece_interval: tuple[float, float] | None


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` by linear interpolation between the order statistics
    (numpy's default, Hyndman and Fan's type 7)."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    below = int(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def _interval(values: list[float]) -> tuple[float, float] | None:
    return (quantile(values, 0.025), quantile(values, 0.975)) if values else None


def spread(games: list[list[tuple[float, bool]]], rng: random.Random, resamples: int = RESAMPLES,
           bins: int = BINS) -> Spread:
    """Intervals that count games, not predictions: the predictions of one game hang together
    (every position of a game shares its winner), so the bootstrap draws whole games. Each of
    ``resamples`` resamples draws ``len(games)`` games with replacement (``rng.randrange``, in
    that order), and the 95 % intervals are the 2.5 % and 97.5 % quantiles of each bin's observed
    share and of the ECE over the resamples (Efron and Tibshirani, "An Introduction to the
    Bootstrap", 1993, ch. 13: the percentile interval; resampling clusters, ch. 8)."""
    per_game = [reliability(pairs, bins).bins for pairs in games]
    present = [sum(1 for game in per_game if game[k].count) for k in range(bins)]
    shares: list[list[float]] = [[] for _ in range(bins)]
    eces: list[float] = []
    for _ in range(resamples if games else 0):
        counts, predicted, happened = [0] * bins, [0.0] * bins, [0] * bins
        for _ in range(len(games)):
            game = per_game[rng.randrange(len(games))]
            for k in range(bins):
                counts[k] += game[k].count
                predicted[k] += game[k].predicted
                happened[k] += game[k].happened
        total = sum(counts)
        if total:  # ECE = Σ n_b |mean predicted_b − observed_b| / N = Σ |predicted_b − happened_b| / N
            eces.append(sum(abs(predicted[k] - happened[k]) for k in range(bins)) / total)
        for k in range(bins):
            if counts[k]:
                shares[k].append(happened[k] / counts[k])
    return Spread(resamples, tuple(BinSpread(present[k], _interval(shares[k])) for k in range(bins)),
                  _interval(eces))
