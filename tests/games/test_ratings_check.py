"""The ratings check (issue 33): each system's log loss and accuracy on a replayed history,
checked against figures worked out by hand, not by the code under test."""

import datetime
import math

import pytest

from games.models import Rating
from games.services import ratings_check
from games.services.ratings_check import OpenSkillSystem, Table
from games.services.recording import import_board
from tests.factories import GameFactory, finished_game
from tests.games.conftest import winning_board

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 5, 1)

# The 6-game Duel history, winner first (dates in this order):
SIX_GAMES = [("Ana", "Ben"), ("Ana", "Cleo"), ("Ben", "Cleo"), ("Ana", "Ben"), ("Cleo", "Ana"), ("Ana", "Cleo")]


def day(n: int) -> datetime.date:
    return DAY + datetime.timedelta(days=n)


def build_six_games() -> None:
    for n, (winner, loser) in enumerate(SIX_GAMES):
        finished_game(names=(winner, loser), totals=(50, 40), played_on=day(n))


def system(check, key):
    return next(s for s in check.systems if s.key == key)


def test_win_count_log_loss_matches_the_hand_computed_one():
    build_six_games()
    # Win share w = (wins + 1) / (games + 2) before the game; P(winner) = w_winner / (w_a + w_b).
    # game  winner (w)      loser (w)       P(winner)                    −ln P
    # 1     Ana 1/2         Ben 1/2         1/2                          0.693147
    # 2     Ana 2/3 (1/1)   Cleo 1/2        (2/3)/(2/3+1/2) = 4/7        0.559616
    # 3     Ben 1/3 (0/1)   Cleo 1/3 (0/1)  1/2                          0.693147
    # 4     Ana 3/4 (2/2)   Ben 2/4 (1/2)   (3/4)/(5/4) = 3/5            0.510826
    # 5     Cleo 1/4 (0/2)  Ana 4/5 (3/3)   (1/4)/(1/4+4/5) = 5/21       1.435085
    # 6     Ana 4/6 (3/4)   Cleo 2/5 (1/3)  (2/3)/(2/3+2/5) = 5/8        0.470004
    # mean = 4.361825 / 6 = 0.726971
    wins = system(ratings_check.check("duel"), "wins")
    assert wins.games == 6
    assert wins.log_loss == pytest.approx(0.726971, abs=1e-6)


def test_win_count_accuracy_counts_a_tied_favourite_as_half_a_hit():
    build_six_games()
    # Favourites (table above): 1 tie (½), 2 Ana ✓, 3 tie (½), 4 Ana ✓, 5 Ana ✗ (Cleo won), 6 Ana ✓
    # = 4 of 6.
    assert system(ratings_check.check("duel"), "wins").accuracy == pytest.approx(4 / 6)


def test_elo_log_loss_matches_the_hand_computed_one():
    build_six_games()
    # Start 1500, K = 32, E = 1 / (1 + 10^((R_loser − R_winner)/400)), winner +32(1 − E).
    # game  winner R     loser R      E(winner)  −ln E
    # 1     Ana 1500     Ben 1500     0.500000   0.693147
    # 2     Ana 1516     Cleo 1500    0.523010   0.648155
    # 3     Ben 1484     Cleo 1484.74 0.498940   0.695269
    # 4     Ana 1531.26  Ben 1500.03  0.544823   0.607295
    # 5     Cleo 1468.70 Ana 1545.83  0.390793   0.939576
    # 6     Ana 1526.33  Cleo 1488.20 0.554665   0.589391
    # mean = 4.172833 / 6 = 0.695472
    elo = system(ratings_check.check("duel"), "elo")
    assert elo.games == 6
    assert elo.log_loss == pytest.approx(0.695472, abs=1e-6)


def test_equal_chances_score_ln_2_and_half_the_games_on_a_two_player_history():
    build_six_games()
    equal = system(ratings_check.check("duel"), "equal")
    assert equal.log_loss == pytest.approx(math.log(2))
    assert equal.accuracy == pytest.approx(0.5)


class Oracle:
    """A system that knows every result in advance (test only)."""

    key = "oracle"
    name = "Oracle"
    two_player_only = False

    def __init__(self, winners: dict[int, int]) -> None:
        self.winners = winners  # game id → winning player id

    def predict(self, table: Table) -> list[float]:
        return [1.0 if pid == self.winners[table.game_id] else 0.0 for pid in table.players]

    def learn(self, played) -> None:
        pass


def test_a_system_that_always_predicts_the_winner_ranks_first():
    build_six_games()
    winners = {p.table.game_id: p.table.players[p.winners[0]] for p in ratings_check.rated_history("duel")}
    systems = (*ratings_check.SYSTEMS, lambda game_type: Oracle(winners))
    result = ratings_check.check("duel", systems)
    assert result.systems[0].key == "oracle"
    assert (result.systems[0].rank, result.systems[0].log_loss, result.systems[0].accuracy) == (1, 0.0, 1.0)


def test_a_shared_first_place_is_counted_but_not_scored():
    build_six_games()
    finished_game(names=("Ana", "Ben"), totals=(45, 45), played_on=day(10))
    result = ratings_check.check("duel")
    assert (result.games, result.shared_wins) == (7, 1)
    assert {s.key: s.games for s in result.systems} == {"openskill": 6, "elo": 6, "wins": 6, "equal": 6}


def test_a_shared_first_place_is_learnt_as_a_win_for_each():
    finished_game(names=("Ana", "Ben"), totals=(45, 45), played_on=day(0))
    finished_game(names=("Ana", "Cleo"), totals=(50, 40), played_on=day(1))
    # Before game 2: Ana (1 + 1) / (1 + 2) = 2/3 against Cleo 1/2: P = 4/7.
    wins = system(ratings_check.check("duel"), "wins")
    assert wins.log_loss == pytest.approx(-math.log(4 / 7))


def test_elo_leaves_games_of_more_than_two_players_to_the_others():
    finished_game(names=("Ana", "Ben", "Cleo"), totals=(50, 40, 30), played_on=day(0), game_type="classic")
    finished_game(names=("Ana", "Ben"), totals=(50, 40), played_on=day(1), game_type="classic")
    result = ratings_check.check("classic")
    assert {s.key: s.games for s in result.systems} == {"openskill": 2, "elo": 1, "wins": 2, "equal": 2}


def test_equal_chances_give_each_of_three_players_a_third():
    finished_game(names=("Ana", "Ben", "Cleo"), totals=(30, 40, 50), played_on=day(0), game_type="classic")
    assert system(ratings_check.check("classic"), "equal").log_loss == pytest.approx(math.log(3))


def test_openskill_gives_a_probability_to_every_player_of_a_multiplayer_game():
    system = OpenSkillSystem("classic")
    predicted = system.predict(Table(1, DAY, (1, 2, 3, 4)))
    assert len(predicted) == 4 and sum(predicted) == pytest.approx(1.0)


def test_openskill_replays_the_stored_ratings():
    for n, (winner, loser) in enumerate(SIX_GAMES):
        import_board(winning_board(winner, loser, day(n)))
    replayed = OpenSkillSystem("duel")
    for played in ratings_check.rated_history("duel"):
        replayed.learn(played)
    stored = {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(game__played_on=day(5))}
    assert stored == {pid: pytest.approx((replayed.ratings[pid].mu, replayed.ratings[pid].sigma)) for pid in stored}


def test_unfinished_games_and_variations_are_left_out():
    build_six_games()
    parent = finished_game(names=("Ana", "Ben"), totals=(50, 40), played_on=day(20))
    finished_game(names=("Ben", "Ana"), totals=(50, 40), played_on=day(21), parent=parent)
    finished_game(names=("Ben", "Ana"), totals=(50, 40), played_on=day(22), status="abandoned")
    GameFactory(status="in_progress", played_on=day(23))
    assert ratings_check.check("duel").games == 7  # the six and the parent


def test_no_games_gives_no_figures():
    result = ratings_check.check("duel")
    assert result.games == 0
    assert all(s.log_loss is None and s.rank is None for s in result.systems)


def test_the_cached_check_follows_the_history():
    build_six_games()
    assert ratings_check.cached_check("duel").games == 6
    finished_game(names=("Ana", "Ben"), totals=(50, 40), played_on=day(30))
    assert ratings_check.cached_check("duel").games == 7


def test_differences_with_the_ratings_in_use_are_paired_over_common_games():
    build_six_games()
    result = ratings_check.check("duel")
    openskill, equal = system(result, "openskill"), system(result, "equal")
    assert openskill.difference is None
    assert equal.difference == pytest.approx(equal.log_loss - openskill.log_loss)


def test_the_cached_check_reads_the_history_once_per_version(django_assert_num_queries):
    build_six_games()
    ratings_check.cached_check("duel")
    with django_assert_num_queries(1):  # the history's version (issue #52: kept in the database)
        ratings_check.cached_check("duel")


def test_a_benchmark_without_the_tables_computes_the_check_each_time(settings, django_assert_num_queries):
    # bench/clubnight.py --uncached tables: the check is one of the tables kept.
    settings.IMHOTEP_TABLES_CACHE = "uncached"
    build_six_games()
    ratings_check.cached_check("duel")
    with django_assert_num_queries(2):  # the history's version, then the check's one query
        ratings_check.cached_check("duel")
