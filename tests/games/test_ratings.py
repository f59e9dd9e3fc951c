"""OpenSkill ratings: per game type, in date order, rebuilt when a past game changes."""

import datetime

import pytest

from games.models import Game, Rating
from games.services import ratings
from games.services.editing import delete_game, update_game
from games.services.recording import import_board, import_many, import_record
from tests.games.conftest import winning_board
from tests.kit import random_record

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 3, 1)


def day(n: int) -> datetime.date:
    return DAY + datetime.timedelta(days=n)


def snapshot() -> list[tuple]:
    return list(
        Rating.objects.order_by("game_type", "played_on", "game_id", "player__name_key")
        .values_list("game_id", "player__name", "mu", "sigma", "ordinal")
    )


def rebuilt_from_scratch() -> list[tuple]:
    ratings.rebuild_all()
    return snapshot()


def test_winner_gains_and_loser_loses_from_the_default_rating():
    game = import_board(winning_board("Ana", "Ben", day(0))).game
    ana, ben = (game.ratings.get(player__name=n) for n in ("Ana", "Ben"))
    assert ana.mu > 25 > ben.mu
    assert ana.sigma < 25 / 3 and ben.sigma < 25 / 3
    assert ana.ordinal == pytest.approx(ana.mu - 3 * ana.sigma)


def test_ratings_follow_date_order_not_entry_order():
    # Entered out of order: the game of day 0 comes last.
    import_board(winning_board("Ana", "Ben", day(2)))
    import_board(winning_board("Ben", "Cleo", day(1)))
    import_board(winning_board("Cleo", "Ana", day(0)))
    entered = snapshot()
    assert [row[0] for row in entered][:2] == [Game.objects.get(played_on=day(0)).pk] * 2
    assert entered == rebuilt_from_scratch()


def test_same_day_games_are_rated_in_id_order():
    first = import_board(winning_board("Ana", "Ben", day(0), margin=1)).game
    second = import_board(winning_board("Ben", "Ana", day(0), margin=2)).game
    ana_after_first = first.ratings.get(player__name="Ana")
    ana_after_second = second.ratings.get(player__name="Ana")
    assert ana_after_first.mu > 25 and ana_after_second.mu < ana_after_first.mu


def test_deleting_a_past_game_rebuilds_the_ratings_from_it_on():
    games = [import_board(winning_board(winner, loser, day(i))).game
             for i, (winner, loser) in enumerate([("Ana", "Ben"), ("Ben", "Ana"), ("Ana", "Cleo"), ("Cleo", "Ben")])]
    later_before = list(games[2].ratings.values_list("mu", flat=True))
    delete_game(games[1])
    assert not Rating.objects.filter(game_id=games[1].pk).exists()
    assert list(games[2].ratings.values_list("mu", flat=True)) != later_before
    assert snapshot() == rebuilt_from_scratch()
    assert Rating.objects.count() == 6


def test_moving_a_game_to_an_earlier_date_rebuilds_from_the_new_date():
    games = [import_board(winning_board(winner, loser, day(i))).game
             for i, (winner, loser) in enumerate([("Ana", "Ben"), ("Ben", "Ana"), ("Ana", "Ben")])]
    update_game(games[2], played_on=day(-1))
    assert Rating.objects.filter(game=games[2], played_on=day(-1)).count() == 2
    assert snapshot() == rebuilt_from_scratch()


def test_abandoning_a_game_takes_it_out_of_the_ratings():
    games = [import_board(winning_board("Ana", "Ben", day(i))).game for i in range(3)]
    update_game(games[0], status=Game.Status.ABANDONED)
    assert not games[0].ratings.exists()
    assert snapshot() == rebuilt_from_scratch()


def test_a_game_in_progress_is_not_rated():
    import_record(random_record(21, moves=8))
    assert Rating.objects.count() == 0


def test_ratings_are_kept_per_game_type():
    import_board(winning_board("Ana", "Ben", day(0)))
    assert ratings.rebuild_from("classic", day(0), 0) == 0
    assert set(Rating.objects.values_list("game_type", flat=True)) == {"duel"}


def test_import_many_rebuilds_once_and_equals_game_by_game_rating():
    records = [random_record(30 + i, players=pair, played_on=day(5 - i))
               for i, pair in enumerate([("Ana", "Ben"), ("Ben", "Cleo"), ("Cleo", "Ana"), ("Ana", "Ben")])]
    import_many(records)
    assert Rating.objects.count() == 8
    assert snapshot() == rebuilt_from_scratch()
