"""Figures players ask for, on a factory-built club: head-to-head, rival, nemesis, favourite
opponent, the conservative rating, the standings' default tab and the minimum-games rule."""

import pytest

from games.models import Game, Player
from games.services.opponents import head_to_head, opponents
from games.services.stats import most_played_game_type, player_stats, shown_rating, standings_table
from tests.factories import GameFactory, PlayerFactory, RatingFactory, finished_game

pytestmark = pytest.mark.django_db


def named(name: str) -> Player:
    return Player.objects.get(name=name)


def play(winner: str, loser: str, times: int = 1, **fields) -> None:
    for _ in range(times):
        finished_game(names=(winner, loser), totals=(50, 40), **fields)


def test_head_to_head_counts_wins_losses_and_draws_between_two_players():
    play("Ana", "Ben", times=3)
    play("Ben", "Ana")
    finished_game(names=("Ana", "Ben"), totals=(45, 45))
    ana, ben = named("Ana"), named("Ben")
    record = head_to_head(ana, ben)
    assert (record.wins, record.losses, record.draws) == (3, 1, 1)


def test_head_to_head_in_a_three_player_game_compares_the_two_places():
    finished_game(names=("Cy", "Ana", "Ben"), totals=(60, 50, 40), game_type="classic")
    ana, ben = named("Ana"), named("Ben")
    assert head_to_head(ana, ben).by_type["classic"] == [1, 0, 0]


def test_the_rival_is_the_most_played_opponent():
    play("Ana", "Ben", times=4)
    play("Ana", "Cy", times=2)
    assert opponents(named("Ana")).rival.opponent.name == "Ben"


def test_the_nemesis_is_who_beats_you_most_and_the_favourite_whom_you_beat_most(settings):
    settings.IMHOTEP_MIN_OPPONENT_GAMES = 3
    play("Ben", "Ana", times=3)
    play("Ana", "Cy", times=3)
    play("Ana", "Dan", times=2)
    play("Dan", "Ana")
    figures = opponents(named("Ana"))
    assert (figures.nemesis.opponent.name, figures.favourite.opponent.name) == ("Ben", "Cy")


def test_nobody_is_a_nemesis_before_enough_games(settings):
    settings.IMHOTEP_MIN_OPPONENT_GAMES = 3
    play("Ben", "Ana", times=2)
    assert opponents(named("Ana")).nemesis is None


def test_unfinished_games_do_not_count_against_anyone():
    finished_game(names=("Ben", "Ana"), totals=(50, 40), status=Game.Status.ABANDONED)
    assert opponents(named("Ana")).records == []


@pytest.mark.parametrize(("ordinal", "shown"), [(-4.2, 0.0), (0.0, 0.0), (12.5, 12.5), (None, None)])
def test_the_shown_rating_is_never_negative(ordinal, shown):
    assert shown_rating(ordinal) == shown


def test_a_player_with_fewer_than_the_minimum_games_is_listed_apart():
    regular, newcomer = PlayerFactory(name="Regular"), PlayerFactory(name="Newcomer")
    for _ in range(5):
        RatingFactory(player=regular, game=GameFactory(), mu=26, sigma=6)
    RatingFactory(player=newcomer, game=GameFactory(), mu=40, sigma=2)
    table = standings_table("duel", min_games=5)
    assert ([p.name for p in table.ranked], [p.name for p in table.provisional]) == (["Regular"], ["Newcomer"])


def test_standings_open_on_the_most_played_game():
    play("Ana", "Ben", game_type="classic", times=2)
    play("Ana", "Ben", game_type="duel")
    assert most_played_game_type() == "classic"


def test_average_score_is_kept_per_number_of_players():
    finished_game(names=("Ana", "Ben"), totals=(50, 40), game_type="classic")
    finished_game(names=("Ana", "Ben", "Cy"), totals=(30, 40, 20), game_type="classic")
    stats = player_stats(named("Ana")).by_type[0]
    assert {n: a.value for n, a in stats.player_counts()} == {2: 50, 3: 30}


def test_the_player_page_names_the_rival_and_links_the_head_to_head(client):
    play("Ana", "Ben", times=2)
    ana, ben = named("Ana"), named("Ben")
    body = client.get(f"/games/players/{ana.pk}/").content.decode()
    assert f'href="/games/players/{ana.pk}/vs/{ben.pk}">Ben</a>' in body


def test_the_head_to_head_page_tells_the_record(client):
    play("Ana", "Ben", times=2)
    play("Ben", "Ana")
    body = client.get(f"/games/players/{named('Ana').pk}/vs/{named('Ben').pk}").content.decode()
    assert "Ana ahead 2 times, Ben ahead 1 time." in " ".join(body.split())


def test_the_head_to_head_page_splits_the_record_per_game_when_they_played_two(client):
    play("Ana", "Ben", times=2)
    finished_game(names=("Ben", "Ana"), totals=(60, 50), game_type="classic")
    body = " ".join(client.get(f"/games/players/{named('Ana').pk}/vs/{named('Ben').pk}").content.decode().split())
    assert '<th scope="row">Imhotep: The Duel</th><td>2</td><td>0</td><td>0</td>' in body
    assert '<th scope="row">Imhotep: Builder of Egypt</th><td>0</td><td>1</td><td>0</td>' in body
