"""The 2025 edition's pair weights computed once per kind of pair (games/events/pairing/pair_weights.py)
pair every round as py4swiss's own weights do."""

from __future__ import annotations

import contextlib
import random

import pytest
from py4swiss.engines.common import PairingError
from py4swiss.engines.dutch.bracket import bracket_pairer

from games.events.pairing import pair_weights
from games.events.pairing.swiss_dutch import DUTCH_2025, _py4swiss_2025, swiss_round
from games.events.pairing.types import Entrants, History
from tests.events.dutch_differential import _results, random_state


@contextlib.contextmanager
def _library_weights():
    yield


def _open(rng: random.Random) -> tuple[Entrants, History, int]:
    """An open of 20–70 players (odd ones too) played 0–5 rounds by the 2025 edition."""
    n = rng.randint(20, 70)
    total = rng.randint(5, 9)
    entrants = Entrants.drawn(list(range(1, n + 1)), rng.randrange(10**6))
    history = History()
    for _ in range(rng.randint(0, 5)):
        history = History((*history.rounds, _results(swiss_round(entrants, history, total, DUTCH_2025), rng)))
    return entrants, history, total


def _pairing(state):
    """The library's pairing, or the text of the error it gave up with (some random rounds
    have no legal pairing)."""
    try:
        return _py4swiss_2025(*state)
    except PairingError as error:
        return str(error)


def _both_ways(states, monkeypatch):
    memoized = [_pairing(state) for state in states]
    monkeypatch.setattr(pair_weights, "memoized", _library_weights)
    return memoized, [_pairing(state) for state in states]


@pytest.mark.parametrize("seed", range(3))
def test_c04_3_the_2025_edition_pairs_small_events_the_same_with_weights_per_kind(seed, monkeypatch):
    rng = random.Random(seed)
    memoized, library = _both_ways([random_state(rng) for _ in range(30)], monkeypatch)
    assert memoized == library


@pytest.mark.parametrize("seed", range(3))
def test_c04_3_the_2025_edition_pairs_opens_the_same_with_weights_per_kind(seed, monkeypatch):
    rng = random.Random(100 + seed)
    memoized, library = _both_ways([_open(rng) for _ in range(3)], monkeypatch)
    assert memoized == library


def test_the_library_pairs_with_its_own_matcher_again_after_the_block():
    with pair_weights.memoized():
        assert bracket_pairer.BracketMatcher is pair_weights.KindBracketMatcher
    assert bracket_pairer.BracketMatcher is not pair_weights.KindBracketMatcher

