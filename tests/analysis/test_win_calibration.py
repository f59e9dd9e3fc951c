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
