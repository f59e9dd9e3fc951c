"""Recorded games for the replay and live-entry tests, stored through the club history."""


import pytest

from games.models import Game
from games.services.recording import import_record
from tests.factories import UserFactory
from tests.kit import random_record


def store(record: dict, user=None) -> Game:
    outcome = import_record(record, user=user, source=Game.Source.RECORDED)
    assert outcome.status == "imported", outcome.describe()
    return outcome.game


@pytest.fixture
def owner(db):
    return UserFactory(username="recorder")


@pytest.fixture
def finished_game(owner):
    return store(random_record(7), owner)


@pytest.fixture
def live_game(owner):
    """A game in progress: the first 10 moves of a random game; ``full_record`` has the rest."""
    game = store(random_record(11, moves=10), owner)
    game.full_record = random_record(11)
    return game
