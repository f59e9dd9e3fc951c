"""Recorded games for the replay and live-entry tests, stored through the club history."""

import random

import pytest

from games.models import Game
from games.services.recording import import_record
from rules_engine.registry import default_registry
from tests.factories import UserFactory


def random_duel_record(seed: int, moves: int | None = None) -> dict:
    """A whole random Duel game (or its first ``moves`` moves), players Ana and Ben."""
    record = default_registry().game("duel").random_record(random.Random(seed))
    record["players"] = ["Ana", "Ben"]
    if moves is not None:
        record["moves"] = record["moves"][:moves]
    return record


def store(record: dict, user=None) -> Game:
    outcome = import_record(record, user=user, source=Game.Source.RECORDED)
    assert outcome.status == "imported", outcome.describe()
    return outcome.game


@pytest.fixture
def owner(db):
    return UserFactory(username="recorder")


@pytest.fixture
def finished_game(owner):
    return store(random_duel_record(7), owner)


@pytest.fixture
def live_game(owner):
    """A game in progress: the first 10 moves of a random game; ``full_record`` has the rest."""
    game = store(random_duel_record(11, moves=10), owner)
    game.full_record = random_duel_record(11)
    return game
