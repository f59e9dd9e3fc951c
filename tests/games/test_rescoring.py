"""Rescoring a stored game needs the plugins it was scored with (issue 7)."""

import pytest

from games.services.results import recompute_results
from rules_engine.errors import UnknownGameError
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


def test_rescoring_a_game_whose_variant_plugin_is_gone_says_so_plainly():
    game = GameFactory(variants=["scarabs"])
    with pytest.raises(UnknownGameError, match="variant 'scarabs' of duel is not available"):
        recompute_results(game)
