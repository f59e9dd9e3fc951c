"""The analysis's win chance checked on the club's finished games
(games/services/win_calibration.py): stored analyses with hand-made chances, counted by hand."""

import math

import pytest

from games.analysis.models import GameAnalysis
from games.analysis.service import analysis_digest
from games.models import Seat
from games.services import win_calibration
from games.services.records import record_of
from rules_engine import ENGINE_VERSION
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db


def _winner(game) -> int:
    seats = list(Seat.objects.filter(game=game).order_by("order").select_related("result"))
    return next(k for k, seat in enumerate(seats) if seat.result.winner)


def _analysed(seed: int, winner_chances: list[float], *, digest: str | None = None, game=None):
    """A finished Duel (``game``, else a new one) whose stored analysis gives its winner
    ``winner_chances`` at each position (the loser the rest); the last position is after the last move."""
    game = game or store(random_record(seed))
    won = _winner(game)
    rows = [[c, 1 - c] if won == 0 else [1 - c, c] for c in winner_chances]
    GameAnalysis.objects.create(game=game, engine_version=ENGINE_VERSION, playouts=6, status=GameAnalysis.Status.DONE,
                                record_hash=digest or analysis_digest(record_of(game)), probabilities=rows)
    return game


def test_every_players_chance_before_each_move_is_counted_against_who_won():
    # Game 1: the winner had 0.65 then 0.85 (the last position, 1.0, is after the last move).
    # Game 2: the winner had 0.25 then 0.45. Chances counted, (chance, won):
    #   0.65 T, 0.35 F, 0.85 T, 0.15 F, 0.25 T, 0.75 F, 0.45 T, 0.55 F
    # Bins of tenths: 0.15 F | 0.25 T | 0.35 F | 0.45 T | 0.55 F | 0.65 T | 0.75 F | 0.85 T
    # every bin one chance, each gap 0.15, 0.25, … : ECE = (0.15 + 0.75 + 0.35 + 0.55 + 0.55 + 0.35 + 0.75 + 0.15) / 8
    _analysed(1, [0.65, 0.85, 1.0])
    _analysed(2, [0.25, 0.45, 1.0])
    check = win_calibration.calibration("duel")
    assert check.games == 2
    assert check.positions == 8
    assert [row.count for row in check.rows] == [0, 1, 1, 1, 1, 1, 1, 1, 1, 0]
    assert [row.observed for row in check.rows[1:9]] == [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    assert math.isclose(check.ece, 3.6 / 8)


def test_an_analysis_of_moves_since_changed_is_left_out():
    _analysed(1, [0.65, 0.85, 1.0])
    _analysed(2, [0.25, 0.45, 1.0], digest="f" * 64)
    check = win_calibration.calibration("duel")
    assert (check.games, check.positions) == (1, 4)


def test_a_game_without_a_finished_analysis_adds_nothing():
    game = _analysed(1, [0.65, 0.85, 1.0])
    GameAnalysis.objects.filter(game=game).update(status=GameAnalysis.Status.RUNNING)
    assert win_calibration.calibration("duel").positions == 0


def test_the_ratings_check_page_shows_the_calibration_error_and_the_bins(client):
    _analysed(1, [0.65, 0.85, 1.0])
    _analysed(2, [0.25, 0.45, 1.0])
    html = client.get("/games/ratings-check?game=duel").content.decode()
    assert "Expected calibration error: 45.0 percentage points (0 is perfect)." in html
    assert "Sample: 2 analysed Imhotep: The Duel games, 8 chances." in html
    assert 'class="reliability-chart"' in html


def test_an_analysis_finished_later_is_seen_at_once_by_the_page(client):
    _analysed(1, [0.65, 0.85, 1.0])
    second = store(random_record(2))
    assert "Sample: 1 analysed" in client.get("/games/ratings-check?game=duel").content.decode()
    _analysed(2, [0.25, 0.45, 1.0], game=second)  # no change of the history: the analyses' stamp moves
    assert "Sample: 2 analysed" in client.get("/games/ratings-check?game=duel").content.decode()


def test_each_bin_shows_its_games_and_one_of_fewer_than_five_shows_no_share(client):
    _analysed(1, [0.65, 0.85, 1.0])
    _analysed(2, [0.25, 0.45, 1.0])
    check = win_calibration.calibration("duel")
    assert [row.games for row in check.rows] == [0, 1, 1, 1, 1, 1, 1, 1, 1, 0]
    assert not any(row.enough for row in check.rows)
    html = client.get("/games/ratings-check?game=duel").content.decode()
    assert "fewer than 5 games: too few to say" in html
    assert 'class="bin"' not in html  # the chart draws no dot it cannot back


def test_a_bin_of_five_games_shows_its_share_and_its_interval_by_game():
    for seed in range(1, 6):
        _analysed(seed, [0.65, 1.0])  # each game: the winner 0.65, the loser 0.35
    check = win_calibration.calibration("duel")
    row = check.rows[6]
    assert (row.games, row.count, row.enough, row.observed) == (5, 5, True, 1.0)
    assert row.interval == (1.0, 1.0)  # every resample of these games has the 0.65 chance won
    assert check.ece_interval == pytest.approx((0.35, 0.35))


def test_the_api_gives_each_bin_its_games_and_its_interval_by_game(api_client):
    for seed in range(1, 6):
        _analysed(seed, [0.65, 1.0])
    body = api_client.get("/api/v1/win-calibration?game=duel").json()
    assert (body["game"], body["games"], body["chances"], body["min_games"]) == ("duel", 5, 10, 5)
    upper = body["bins"][6]
    assert (upper["games"], upper["chances"], upper["enough"], upper["observed"]) == (5, 5, True, 1.0)
    assert (upper["low_95"], upper["high_95"]) == (1.0, 1.0)
    assert body["ece_low_95"] == pytest.approx(0.35) and body["resamples"] == 1000


def test_the_api_gives_no_share_for_a_bin_of_fewer_than_five_games(api_client):
    _analysed(1, [0.65, 0.85, 1.0])
    upper = api_client.get("/api/v1/win-calibration?game=duel").json()["bins"][6]
    assert (upper["games"], upper["enough"], upper["observed"], upper["low_95"]) == (1, False, None, None)


def test_the_api_refuses_an_unknown_game_type_naming_the_field(api_client):
    response = api_client.get("/api/v1/win-calibration?game=chess")
    assert response.status_code == 400 and list(response.json()) == ["game"]
