"""The club's explorer (games/services/explorer.py) on factory-built histories of known
composition: counts and rates as counted by hand, intervals, filters, small samples."""

import datetime

import pytest

from games.services import explorer
from games.services.explorer import Filters, wilson
from games.ui import explorer_words
from tests.factories import GameFactory, GameFactsFactory, PlayerFactory, ResultFactory, SeatFactory

pytestmark = pytest.mark.django_db

ALL_A = {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"}
OBELISK_B = {**ALL_A, "obelisk": "B"}


def _player(name):
    from games.models import Player

    return Player.objects.filter(name=name).first() or PlayerFactory(name=name)


def duel(starter_won, *, opening=("b2", "a1", "c3"), sides=ALL_A, players=("Ana", "Ben"), first5=None,
         played_on=None):
    """A finished recorded Duel with its facts: seat 1 (``players[0]``) starts."""
    extra = {"played_on": played_on} if played_on else {}
    game = GameFactory(source="recorded", sides=dict(sides), **extra)
    for order, name in enumerate(players):
        won = (order == 0) == starter_won
        seat = SeatFactory(game=game, player=_player(name), order=order)
        ResultFactory(seat=seat, total=50 if won else 40, rank=1 if won else 2, winner=won)
    GameFactsFactory(game=game, engine={"opening": [{"type": "place", "cell": c} for c in opening],
                                        "first_to_five": first5})
    return game


@pytest.fixture
def history():
    """16 Duels. Opening b2: 12 games, the starter won 8 (5 of them with obelisk B, the starter
    won 3 of those); opening a1: 4 games, the starter won 1. Cy played 3 of the a1 games."""
    for k in range(12):
        duel(k < 8, sides=OBELISK_B if k in (0, 1, 2, 8, 9) else ALL_A, first5=0 if k < 6 else 1)
    duel(True, opening=("a1", "b2", "c3"), players=("Cy", "Ana"))
    for _ in range(2):
        duel(False, opening=("a1", "b2", "c3"), players=("Cy", "Ana"))
    duel(False, opening=("a1", "c3", "b2"))


def _rows(answer, section):
    return {row.key: (row.games, row.wins) for s in answer.sections if s.id == section for row in s.rows}


def _section(answer, section):
    return next(s for s in answer.sections if s.id == section)


def test_win_rate_by_seat_matches_a_hand_count(history):
    answer = explorer.count(Filters("duel"))
    assert answer.games == 16
    assert _rows(answer, "seats") == {"2-1": (16, 9), "2-2": (16, 7)}


def test_win_rate_by_first_move_matches_a_hand_count(history):
    assert _rows(explorer.count(Filters("duel")), "first_move") == {
        '{"cell":"b2","type":"place"}': (12, 8), '{"cell":"a1","type":"place"}': (4, 1)}


def test_win_rate_by_sides_matches_a_hand_count(history):
    rows = _rows(explorer.count(Filters("duel")), "sides")
    assert rows["obelisk-B"] == (5, 3)
    assert rows["obelisk-A"] == (11, 6)
    assert rows["temple-A"] == (16, 9)
    assert "temple-B" not in rows


def test_first_to_five_counts_the_wins_of_whoever_got_there_first(history):
    # k < 6: the starter got there first and won all 6; k 6–11: the second player, who won 4 of them.
    rows = _rows(explorer.count(Filters("duel")), "first_to_five")
    assert rows == {"A": (7, 5), "B": (5, 5)}


def test_rates_and_wilson_intervals_are_shown_with_them(history):
    row = _section(explorer.count(Filters("duel")), "first_move").rows[0]
    assert row.rate == pytest.approx(8 / 12)
    assert row.interval == pytest.approx(wilson(8, 12))


def test_wilson_interval_matches_published_values():
    # Newcombe (1998), Statistics in Medicine 17, table I: 0/10 → 0–0.2775; 5/10 → 0.2366–0.7634.
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_intervals_shrink_as_the_sample_grows():
    widths = []
    for added in (10, 10, 20):  # 10, 20 and 40 games, the starter winning half of them
        for k in range(added):
            duel(k % 2 == 0)
        low, high = _section(explorer.count(Filters("duel")), "seats").rows[0].interval
        widths.append(high - low)
    assert widths[0] > widths[1] > widths[2]
    assert widths[2] < 0.6 * widths[0]  # about 1/√4 as wide with four times the games


def test_small_samples_are_greyed_and_not_ranked(history):
    rows = _section(explorer.count(Filters("duel")), "first_move").rows
    assert [(r.games, r.small, r.rank) for r in rows] == [(12, False, 1), (4, True, None)]


def test_rows_with_enough_games_are_ranked_by_rate():
    for k in range(10):
        duel(k < 3, opening=("a1",))
    for k in range(10):
        duel(k < 7, opening=("c3",))
    rows = _section(explorer.count(Filters("duel")), "first_move").rows
    assert [(r.key, r.rank) for r in rows] == [('{"cell":"c3","type":"place"}', 1), ('{"cell":"a1","type":"place"}', 2)]


def test_a_sides_filter_changes_exactly_the_rows_it_should(history):
    every = explorer.count(Filters("duel"))
    b_only = explorer.count(Filters("duel", sides=(("obelisk", "B"),)))
    assert set(_rows(every, "sides")) - set(_rows(b_only, "sides")) == {"obelisk-A"}
    assert _rows(b_only, "sides") == {"obelisk-B": (5, 3), "pyramid-A": (5, 3), "temple-A": (5, 3), "tomb-A": (5, 3)}
    assert _rows(b_only, "seats") == {"2-1": (5, 3), "2-2": (5, 2)}
    assert _rows(b_only, "first_move") == {'{"cell":"b2","type":"place"}': (5, 3)}


def test_a_players_filter_keeps_the_games_they_all_played(history):
    cy = _player("Cy").pk
    assert _rows(explorer.count(Filters("duel", players=(cy,))), "seats") == {"2-1": (3, 1), "2-2": (3, 2)}
    ana_and_ben = (_player("Ana").pk, _player("Ben").pk)
    assert explorer.count(Filters("duel", players=ana_and_ben)).games == 13


def test_a_period_filter_keeps_the_games_played_then():
    duel(True, played_on=datetime.date(2024, 5, 1))
    duel(False, played_on=datetime.date(2025, 5, 1))
    answer = explorer.count(Filters("duel", date_from=datetime.date(2025, 1, 1)))
    assert _rows(answer, "seats") == {"2-1": (1, 0), "2-2": (1, 1)}


def test_first_moves_tree_counts_each_line_of_play(history):
    tree = explorer.count(Filters("duel")).tree
    assert [(n.rate.games, n.rate.wins) for n in tree] == [(12, 8), (4, 1)]
    a1 = tree[1]
    assert [(n.move["cell"], n.rate.games) for n in a1.children] == [("b2", 3), ("c3", 1)]
    assert [(n.move["cell"], n.rate.games, n.rate.wins) for n in a1.children[0].children] == [("c3", 3, 1)]


def test_the_tree_says_moves_in_the_move_lists_words(history):
    tree = explorer_words.worded(explorer.count(Filters("duel"))).tree
    assert tree[0].label == "player 1 places a meeple on b2"
    assert tree[0].children[0].label == "player 2 places a meeple on a1"


def test_score_only_games_count_by_seat_and_sides_only():
    duel(True)
    game = GameFactory(sides=ALL_A)  # score only: no engine facts
    for order, name in enumerate(("Ana", "Ben")):
        ResultFactory(seat=SeatFactory(game=game, player=_player(name), order=order), rank=order + 1)
    GameFactsFactory(game=game)
    answer = explorer.count(Filters("duel"))
    assert _rows(answer, "seats")["2-1"] == (2, 2)
    assert _rows(answer, "first_move") == {'{"cell":"b2","type":"place"}': (1, 1)}


def test_the_answer_is_worked_out_again_when_the_history_changes(history):
    assert explorer.explore(Filters("duel")).games == 16
    duel(True)
    assert explorer.explore(Filters("duel")).games == 17
