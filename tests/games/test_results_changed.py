"""games.services.changes.results_changed: what follows every write of a game's results (the
explorer counts it again, the ratings follow), on factory-built games and the real services."""

import datetime

import pytest

from games.models import Game, GameFacts, Rating, RatingsBacklog
from games.services.changes import results_changed
from tests.factories import finished_game

pytestmark = pytest.mark.django_db


def test_a_finished_game_is_counted_by_the_explorer_and_rated():
    game = finished_game(status=Game.Status.FINISHED)
    results_changed(game)
    assert GameFacts.objects.filter(game=game).exists()
    assert Rating.objects.filter(game=game).count() == 2


def test_rate_false_marks_the_ratings_stale_instead_of_rating():
    game = finished_game(status=Game.Status.FINISHED)
    results_changed(game, rate=False)
    assert not Rating.objects.filter(game=game).exists()
    mark = RatingsBacklog.objects.get(game_type=game.game_type)
    assert (mark.played_on, mark.game_id) == game.sort_key


def test_a_game_moved_earlier_is_rated_again_from_the_earlier_point():
    first = finished_game(("Ana", "Ben"), (50, 40), status=Game.Status.FINISHED, played_on=datetime.date(2025, 3, 2))
    second = finished_game(("Ana", "Ben"), (30, 60), status=Game.Status.FINISHED, played_on=datetime.date(2025, 3, 3))
    results_changed(first)
    results_changed(second)
    ana_after_first = Rating.objects.get(game=first, player__name="Ana").mu
    moved_from = second.sort_key
    second.played_on = datetime.date(2025, 3, 1)
    second.save()
    results_changed(second, rated_from=min(moved_from, second.sort_key))
    # Ana's loss now comes first: her rating after the other game starts from a lower one
    assert Rating.objects.get(game=second, player__name="Ana").played_on == datetime.date(2025, 3, 1)
    assert Rating.objects.get(game=first, player__name="Ana").mu < ana_after_first


def test_a_reopened_game_leaves_the_explorer():
    game = finished_game(status=Game.Status.FINISHED)
    results_changed(game)
    game.status = Game.Status.IN_PROGRESS
    game.save()
    results_changed(game)
    assert not GameFacts.objects.filter(game=game).exists()
