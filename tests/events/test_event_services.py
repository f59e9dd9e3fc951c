"""Running events through the services: rounds, linking games, results, withdrawals, fixes."""

import pytest

from games.events import lifecycle
from games.events.models import Event
from games.events.results import history_of, standings
from tests.events.helpers import duel_event, play_round, table_event

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hal", "Ida", "Jo"]


def test_a_ten_player_swiss_pairs_five_tables_in_round_one():
    event = duel_event(NAMES)
    round_ = lifecycle.start_round(event)
    assert round_.pairings.count() == 5


def test_a_game_stored_by_a_tables_players_fills_in_its_result():
    event = duel_event(NAMES[:4])
    lifecycle.start_round(event)
    play_round(event)
    assert all(b.finished for b in history_of(event).rounds[0])


def test_the_next_round_waits_for_every_result():
    event = duel_event(NAMES[:4])
    lifecycle.start_round(event)
    with pytest.raises(lifecycle.EventError, match="without a result"):
        lifecycle.start_round(event)


def test_a_second_round_meets_new_opponents():
    event = duel_event(NAMES[:6])
    lifecycle.start_round(event)
    play_round(event)
    lifecycle.start_round(event)
    history = history_of(event)
    first = {frozenset(b.seats) for b in history.rounds[0]}
    assert not first & {frozenset(b.seats) for b in history.rounds[1]}


def test_an_odd_field_gives_the_bye_its_points():
    event = duel_event(NAMES[:5])
    lifecycle.start_round(event)
    bye = event.round_set.get().pairings.get(bye=True)
    player = bye.seats.get().player_id
    assert next(r.standing.points for r in standings(event) if r.standing.player == player) == 1.0


def test_a_withdrawn_player_is_not_paired_again():
    event = duel_event(NAMES[:5])
    lifecycle.start_round(event)
    play_round(event)
    gone = event.registrations.get(player__name="Ana")
    lifecycle.withdraw(gone)
    round_ = lifecycle.start_round(event)
    assert not round_.pairings.filter(seats__player__name="Ana").exists()


def test_an_admin_fix_wins_over_the_game():
    event = duel_event(NAMES[:2])
    lifecycle.start_round(event)
    play_round(event)
    pairing = event.round_set.get().pairings.get()
    lifecycle.fix_result(pairing, [2, 1])
    assert history_of(event).rounds[0][0].points == (0.0, 1.0)


def test_a_fix_needs_a_place_for_every_seat():
    event = duel_event(NAMES[:2])
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.get()
    with pytest.raises(lifecycle.EventError):
        lifecycle.fix_result(pairing, [1])


def test_nine_base_game_players_sit_at_three_tables_of_three():
    event = table_event(NAMES[:9])
    round_ = lifecycle.start_round(event)
    assert sorted(p.seats.count() for p in round_.pairings.all()) == [3, 3, 3]


def test_base_game_tables_give_place_points():
    event = table_event(NAMES[:4])
    lifecycle.start_round(event)
    play_round(event)
    assert sorted(history_of(event).rounds[0][0].points) == [0.0, 2.0, 4.0, 6.0]


def test_the_duel_cannot_be_seated_at_tables():
    with pytest.raises(lifecycle.EventError, match="three or more"):
        lifecycle.create_event(name="x", game_type="duel", kind=Event.Kind.TABLES, rounds=1)


def test_an_unknown_game_is_refused():
    with pytest.raises(lifecycle.EventError, match="no game"):
        lifecycle.create_event(name="x", game_type="chess", kind=Event.Kind.SWISS, rounds=1)


def test_a_round_robin_schedules_every_meeting_once():
    event = duel_event(NAMES[:4], kind=Event.Kind.ROUND_ROBIN, rounds=3)
    for _ in range(3):
        lifecycle.start_round(event)
        play_round(event)
    pairs = [frozenset(b.seats) for r in history_of(event).rounds for b in r]
    assert len(set(pairs)) == 6


def test_a_casual_game_of_other_players_stays_unlinked():
    from tests.factories import finished_game

    event = duel_event(NAMES[:4])
    lifecycle.start_round(event)
    finished_game(names=["Ana", "Zed"], totals=(30, 20))
    assert lifecycle.link_games(event) == 0
