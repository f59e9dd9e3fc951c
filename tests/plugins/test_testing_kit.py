"""The plugin-author kit passes on the built-in Duel and catches a broken game."""

import pytest

from rules_engine.duel.plugin import DUEL, DuelGame
from rules_engine.testing import check_random_games


def test_duel_passes_the_random_game_check():
    check_random_games(DUEL, games=5, seed=11)


def test_random_game_check_catches_a_nondeterministic_game():
    import random

    class Flaky(DuelGame):
        calls = 0

        def random_record(self, rng, **options):
            Flaky.calls += 1
            return super().random_record(random.Random(Flaky.calls), **options)

    with pytest.raises(AssertionError, match="the same seed gave two different records"):
        check_random_games(Flaky(), games=1)


def test_random_game_check_catches_a_broken_invariant():
    class Broken(DuelGame):
        def check_invariants(self, state):
            assert state.ply < 10, "ply counter ran past 10"

    with pytest.raises(AssertionError, match="after ply 10: ply counter ran past 10"):
        check_random_games(Broken(), games=1)
