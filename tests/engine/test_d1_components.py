"""duel.md D1: the components the engine models."""

import random
from collections import Counter

import pytest

from rules_engine.duel.game import new_game, shuffled_supply
from rules_engine.duel.tokens import ALL_TOKENS, KIND, TOKEN_COUNTS, TOKEN_IDS

from .duel_helpers import make_supply


def test_d1_sixty_tokens():
    assert len(ALL_TOKENS) == 60


@pytest.mark.parametrize(("kind", "ids", "each"), [
    ("obelisk", ["obelisk"], 12),
    ("pyramid", ["pyramid-light", "pyramid-dark"], 6),
    ("temple", [f"temple-{v}" for v in range(1, 5)], 3),
    ("tomb", [f"tomb-{n}" for n in range(1, 13)], 1),
    ("action", ["take-token", "place-meeples", "place-unload", "swap-unload"], 3),
])
def test_d1_twelve_tokens_of_each_kind_with_the_table_ids(kind, ids, each):
    counts = Counter(ALL_TOKENS)
    assert all(counts[t] == each for t in ids)
    assert sum(counts[t] for t in ids) == 12


def test_d1_exactly_the_twenty_three_ids_of_the_table():
    assert len(TOKEN_IDS) == 23 == len(TOKEN_COUNTS) == len(KIND)


def test_d1_each_player_starts_with_four_meeples_off_the_harbor():
    state = new_game(supply=make_supply())
    assert [p.meeples_in_supply for p in state.players] == [4, 4]
    assert set(state.harbor.values()) == {None}


def test_d1_a_shuffle_holds_every_token_once():
    assert Counter(shuffled_supply(random.Random(5))) == Counter(ALL_TOKENS)
