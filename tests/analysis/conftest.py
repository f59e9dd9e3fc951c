"""What the analysis tests share: few playouts (the figures' quality is the engine tests'
business), an analyst and a recorded game."""

import pytest

from tests.factories import UserFactory
from tests.kit import random_record
from tests.replay.conftest import store


@pytest.fixture(autouse=True)
def few_playouts(settings):
    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 6
    settings.IMHOTEP_HINT_PLAYOUTS = 40


@pytest.fixture
def member(db):
    return UserFactory(username="analyst")


@pytest.fixture
def game(member):
    return store(random_record(21), member)
