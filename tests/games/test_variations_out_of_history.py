"""What-if variations ("Play on from here", issue 39) are not the club's games: a variation
played to its end counts in no player's statistics, games count, opponents or head-to-head
record, and the most played game is counted without them (ratings and the explorer leave
them out already: tests/games/test_ratings.py, games/services/explorer.py)."""

import pytest

from games.models import Game, Player
from games.services import opponents
from games.services.stats import most_played_game_type, player_stats, players_with_counts
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db


@pytest.fixture
def game_and_variation(alice):
    game = store(random_record(21, ["Ana", "Ben"]), alice)
    # A variation played on to its end (its own moves after the branch): stored, then linked.
    variation = store(random_record(22, ["Ana", "Ben"]), alice)
    Game.objects.filter(pk=variation.pk).update(parent=game, branch_ply=7)
    assert Game.objects.get(pk=variation.pk).status == Game.Status.FINISHED
    return game, variation


def test_a_finished_variation_is_in_no_players_statistics(game_and_variation):
    ana = Player.objects.get(name="Ana")
    stats = player_stats(ana)
    assert (stats.games, stats.finished) == (1, 1)


def test_a_finished_variation_is_not_counted_in_the_players_list(game_and_variation):
    counts = {p.name: p.games for p in players_with_counts()}
    assert counts == {"Ana": 1, "Ben": 1}


def test_a_finished_variation_is_no_game_against_an_opponent(game_and_variation):
    ana, ben = Player.objects.get(name="Ana"), Player.objects.get(name="Ben")
    assert opponents.head_to_head(ana, ben).games == 1


def test_the_most_played_game_is_counted_without_variations(alice):
    store(random_record(1, game="classic"), alice)
    duel = store(random_record(21), alice)
    for seed in (22, 23):
        variation = store(random_record(seed), alice)
        Game.objects.filter(pk=variation.pk).update(parent=duel, branch_ply=3)
    assert most_played_game_type() == "classic"  # one game each (ties go by name), not three Duels


def test_a_variation_is_not_in_the_apis_games_list(game_and_variation, client):
    game, variation = game_and_variation
    listed = [g["id"] for g in client.get("/api/v1/games").json()["results"]]
    assert listed == [game.pk]
    # still served on its own, as its page is
    assert client.get(f"/api/v1/games/{variation.pk}").status_code == 200
