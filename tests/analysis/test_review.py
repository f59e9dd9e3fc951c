"""The review of an analysed game: a move is a mistake of the player who made it, never of the
player whose chance fell because the opponent played well (games/analysis/review.py), and the
pages link each mistake to the position before it, where that mover's options are ranked."""

import re

import pytest
from django.test import Client

from games.analysis.models import GameAnalysis
from games.analysis.review import Mistake, mistakes, worst_by_player
from games.analysis.service import request_analysis, run_analysis
from games.ui.timeline import load_timeline
from tests.kit import random_record
from tests.replay.conftest import store

P = [0.5, 0.5]


@pytest.mark.parametrize(
    ("probabilities", "movers", "expected"),
    [
        # A good move of seat 0 lowers seat 1's chance: nobody's mistake.
        ([P, [0.7, 0.3]], [0], []),
        # Seat 0's move lowers seat 0's own chance by 0.2.
        ([P, [0.3, 0.7]], [0], [Mistake(1, 0, 0.2)]),
        # Seat 1 moves second and throws away 0.3 of its chance; seat 0's first move gained.
        ([P, [0.6, 0.4], [0.9, 0.1]], [0, 1], [Mistake(2, 1, 0.3)]),
        # Biggest first, the earlier one first on a tie.
        ([P, [0.4, 0.6], [0.5, 0.5], [0.4, 0.6]], [0, 1, 0], [Mistake(1, 0, 0.1), Mistake(2, 1, 0.1),
                                                              Mistake(3, 0, 0.1)]),
        # Three players: only the mover's own figure counts.
        ([[0.3, 0.3, 0.4], [0.3, 0.1, 0.6], [0.2, 0.1, 0.7]], [2, 0], [Mistake(2, 0, 0.1)]),
    ],
)
def test_a_mistake_costs_its_own_mover(probabilities, movers, expected):
    assert mistakes(probabilities, movers) == expected


def test_each_player_keeps_their_three_biggest_mistakes():
    found = [Mistake(m, m % 2, round(1 - m / 10, 4)) for m in range(1, 9)]
    kept = worst_by_player(found)
    assert [(m.move, m.seat) for m in kept] == [(1, 1), (2, 0), (3, 1), (4, 0), (5, 1), (6, 0)]


def test_the_position_before_a_move_is_where_it_was_made():
    assert Mistake(12, 0, 0.1).before == 11


@pytest.fixture
def analysed(db, alice, settings):
    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 6
    game = store(random_record(21), alice)
    analysis, _ = request_analysis(game)
    run_analysis(analysis.pk)
    analysis.refresh_from_db()
    assert analysis.status == GameAnalysis.Status.DONE
    return game, analysis


def test_every_stored_mistake_is_its_movers_own_loss(analysed):
    game, analysis = analysed
    timeline = load_timeline(game)
    assert analysis.turning
    for point in analysis.turning:
        before, after = analysis.probabilities[point["move"] - 1], analysis.probabilities[point["move"]]
        assert timeline.state(point["move"] - 1).to_move == point["seat"]
        assert point["drop"] == pytest.approx(before[point["seat"]] - after[point["seat"]], abs=1e-4)


def test_a_turning_point_links_to_the_position_before_the_move(analysed):
    game, analysis = analysed
    body = Client().get(f"/games/{game.pk}/replay").content.decode()
    first = max(analysis.turning, key=lambda t: t["drop"])
    assert f'href="/games/{game.pk}/replay?ply={first["move"] - 1}" class="turning-point"' in body
    name = load_timeline(game).names[first["seat"]]
    assert f"{name}'s move cost {name}" in body


def test_the_game_page_lists_each_players_biggest_mistakes(analysed):
    game, analysis = analysed
    body = Client().get(f"/games/{game.pk}/").content.decode()
    section = body[body.index('id="mistakes"'):]
    for name in load_timeline(game).names:
        assert f"<h3>{name}</h3>" in section
    links = re.findall(r'class="mistake" data-ply="(\d+)"', section)
    assert len(links) == len(analysis.turning) and len(links) <= 3 * 2


def test_the_game_page_says_nothing_of_mistakes_before_an_analysis(db, alice):
    game = store(random_record(21), alice)
    assert 'id="mistakes"' not in Client().get(f"/games/{game.pk}/").content.decode()


def test_play_on_is_not_offered_at_a_finished_games_last_position(db, alice):
    game = store(random_record(21), alice)
    client = Client()
    client.force_login(alice)
    plies = game.moves.count()
    assert 'id="play-on"' in client.get(f"/games/{game.pk}/replay?ply={plies - 1}").content.decode()
    assert 'id="play-on"' not in client.get(f"/games/{game.pk}/replay?ply={plies}").content.decode()


def test_a_refused_variation_is_a_page_in_the_readers_language(db, alice):
    game = store(random_record(21), alice)
    client = Client(headers={"accept-language": "de"})
    client.force_login(alice)
    response = client.post(f"/games/{game.pk}/play-on", {"ply": 9999})
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")
    body = response.content.decode()
    assert "Keine Variante begonnen" in body and "Zurück zur Wiedergabe" in body
