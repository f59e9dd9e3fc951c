"""A season read from real club nights: finished events only, their own places and points."""

import pytest

from games.events import lifecycle
from games.seasons import season_service
from games.seasons.errors import SeasonError
from tests.events.helpers import duel_event, play_round


def _night(names, rounds=1):
    event = duel_event(names, rounds=rounds)
    for _ in range(rounds):
        lifecycle.start_round(event)
        play_round(event)
    lifecycle.finish(event)
    return event


@pytest.mark.django_db
def test_a_season_adds_up_its_finished_nights_by_place():
    season = season_service.create_season(name="2026", game_type="duel", best_of=1)
    first = _night(["Ann", "Bea"])
    season_service.add_event(season, first)
    season_service.add_event(season, duel_event(["Ann", "Bea"]))  # not finished: not counted yet
    table = season_service.season_table(season)
    assert [(line.row.rank, line.row.points) for line in table] == [(1, 10.0), (2, 8.0)]
    assert all(len(line.row.counted) == 1 for line in table)


@pytest.mark.django_db
def test_an_event_of_another_game_is_refused():
    season = season_service.create_season(name="2026", game_type="classic")
    with pytest.raises(SeasonError, match="another game"):
        season_service.add_event(season, duel_event(["Ann", "Bea"]))


@pytest.mark.django_db
def test_an_event_added_twice_is_refused():
    season = season_service.create_season(name="2026", game_type="duel")
    event = duel_event(["Ann", "Bea"])
    season_service.add_event(season, event)
    with pytest.raises(SeasonError, match="already"):
        season_service.add_event(season, event)
