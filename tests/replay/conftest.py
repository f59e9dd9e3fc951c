"""Recorded games for the replay and live-entry tests, stored through the club history."""


import pytest

from games.models import Game
from games.services.recording import import_record
from tests.kit import random_record


def store(record: dict, user=None) -> Game:
    outcome = import_record(record, user=user, source=Game.Source.RECORDED)
    assert outcome.status == "imported", outcome.describe()
    return outcome.game


@pytest.fixture
def finished_game(alice):
    return store(random_record(7), alice)


@pytest.fixture
def live_game(alice):
    """A game in progress: the first 10 moves of a random game; ``full_record`` has the rest."""
    game = store(random_record(11, moves=10), alice)
    game.full_record = random_record(11)
    return game
