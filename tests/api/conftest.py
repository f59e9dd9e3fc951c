"""Fixtures of the scoring API tests."""

import copy
import random

import pytest
from django.core.cache import cache

from rules_engine.duel.apidocs import D9_1_BOARD
from rules_engine.registry import default_registry as registry


@pytest.fixture(autouse=True)
def _fresh_throttle_history():
    """The throttles count requests in the cache; each test starts with none counted, so the
    suite never trips the real rate and the throttle tests count from zero."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def board():
    """A valid F1 board (D9.1) the tests may change freely."""
    return copy.deepcopy(D9_1_BOARD)


@pytest.fixture
def finished_record():
    """A whole Duel game of random legal moves (F2), the same on every run."""
    return registry().game("duel").random_record(random.Random(4))
