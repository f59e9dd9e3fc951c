"""An opponent's prep sheet (games/services/prep.py): one player's and one pair's counts on a
factory-built history, counted by hand."""

import json

import pytest

from games.models import Player
from games.services import prep
from games.services.explorer import wilson
from tests.factories import GameFactory, GameFactsFactory, PlayerFactory, ResultFactory, SeatFactory

pytestmark = pytest.mark.django_db

ALL_A = {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"}


def _player(name):
    return Player.objects.filter(name=name).first() or PlayerFactory(name=name)


def duel(players, starter_won, opening, *, sides=ALL_A, **game_fields):
    """A finished recorded Duel with its facts: ``players[0]`` sits in seat 1 and starts."""
    game = GameFactory(source="recorded", sides=dict(sides), **game_fields)
    for order, name in enumerate(players):
        won = (order == 0) == starter_won
        seat = SeatFactory(game=game, player=_player(name), order=order)
        ResultFactory(seat=seat, total=50 if won else 40, rank=1 if won else 2, winner=won)
    GameFactsFactory(game=game, engine={"opening": [{"type": "place", "cell": c} for c in opening]})
    return game


def _key(cell):
    return json.dumps({"cell": cell, "type": "place"}, sort_keys=True, separators=(",", ":"))


@pytest.fixture
def history():
    """Ana's 9 Duels: 4 starting against Ben (won 3: b2 won, b2 won, b2 lost, a1 won with
    obelisk B); 2 second against Ben (replied d4 to c3, won 1); 3 second against Cy (replied b2,
    lost all). Ben and Cy also played 2 Duels without her."""
    duel(("Ana", "Ben"), True, ("b2", "c3", "a1"))
    duel(("Ana", "Ben"), True, ("b2", "a1", "c3"))
    duel(("Ana", "Ben"), False, ("b2", "c3", "a1"))
    duel(("Ana", "Ben"), True, ("a1", "b2", "c3"), sides={**ALL_A, "obelisk": "B"})
    duel(("Ben", "Ana"), True, ("c3", "d4", "a1"))
    duel(("Ben", "Ana"), False, ("c3", "d4", "a1"))
    for _ in range(3):
        duel(("Cy", "Ana"), True, ("c3", "b2", "a1"))
    for _ in range(2):
        duel(("Ben", "Cy"), True, ("b2", "c3", "a1"))


def _rows(habits, section):
    return {row.key: (row.games, row.wins) for s in habits.sections if s.id == section for row in s.rows}


def test_a_players_results_count_every_game_they_played(history):
    habits = prep.count("duel", _player("Ana").pk)
    assert habits.games == 9
    assert [(r.games, r.wins) for r in habits.results] == [(9, 4)]


def test_a_players_win_rate_by_seat_matches_a_hand_count(history):
    assert _rows(prep.count("duel", _player("Ana").pk), "seats") == {"2-1": (4, 3), "2-2": (5, 1)}


def test_a_players_own_first_move_is_counted_per_seat(history):
    habits = prep.count("duel", _player("Ana").pk)
    assert _rows(habits, "first_move_1") == {_key("b2"): (3, 2), _key("a1"): (1, 1)}
    assert _rows(habits, "first_move_2") == {_key("d4"): (2, 1), _key("b2"): (3, 0)}


def test_a_players_win_rate_by_sides_matches_a_hand_count(history):
    rows = _rows(prep.count("duel", _player("Ana").pk), "sides")
    assert rows["obelisk-A"] == (8, 3)
    assert rows["obelisk-B"] == (1, 1)
    assert rows["temple-A"] == (9, 4)


def test_a_pair_counts_only_the_games_both_played(history):
    habits = prep.count("duel", _player("Ana").pk, _player("Ben").pk)
    assert habits.games == 6
    assert [(r.games, r.wins) for r in habits.results] == [(6, 4), (6, 2)]
    assert _rows(habits, "seats") == {"2-1": (4, 3), "2-2": (2, 1)}
    assert _rows(habits, "first_move_2") == {_key("d4"): (2, 1)}


def test_a_rate_carries_its_wilson_interval(history):
    (ana,) = prep.count("duel", _player("Ana").pk).results
    assert ana.interval == wilson(4, 9)


def test_unfinished_games_and_variations_are_not_counted(history):
    game = duel(("Ana", "Ben"), True, ("b2", "c3", "a1"))
    duel(("Ana", "Ben"), True, ("b2", "c3", "a1"), parent=game, branch_ply=1)
    duel(("Ana", "Ben"), True, ("b2", "c3", "a1"), status="in_progress")
    assert prep.count("duel", _player("Ana").pk).games == 10


def test_the_cached_answer_sees_a_new_game_at_once(history):
    ana = _player("Ana").pk
    assert prep.habits("duel", ana).games == 9
    duel(("Ana", "Cy"), True, ("b2", "c3", "a1"))
    assert prep.habits("duel", ana).games == 10
