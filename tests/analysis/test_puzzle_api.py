"""The puzzles' API (games/analysis/puzzle_api.py): a player's own queue, one puzzle with its
legal moves, answering it; who may read and answer what is what the pages allow."""

import pytest
from rest_framework.test import APIClient

from games.analysis.models import Puzzle
from games.ui.timeline import load_timeline
from tests.analysis.test_puzzle_queue import TODAY, a_puzzle
from tests.factories import UserFactory
from tests.games.conftest import token_client

pytestmark = pytest.mark.django_db


def _bens_login(game):
    """The member linked to the player in seat 1, who missed the puzzle's move."""
    user = UserFactory(username="ben-login")
    ben = game.seats.get(order=1).player
    ben.user = user
    ben.save()
    return user, ben


def test_the_player_reads_their_own_queue_of_puzzles_due(game):
    puzzle = a_puzzle(game, seat=1)
    Puzzle.objects.filter(pk=puzzle.pk).update(due_on=TODAY)  # due since then: today is later
    user, ben = _bens_login(game)
    rows = token_client(user).get(f"/api/v1/players/{ben.pk}/puzzles").json()
    assert [(r["id"], r["move"], r["number"], r["seat"]) for r in rows] == [(puzzle.pk, 10, 11, 1)]
    assert "best" not in rows[0]  # the answer is not given away


def test_another_members_queue_is_refused_as_the_page_shows_none(game, bob):
    a_puzzle(game, seat=1)
    _user, ben = _bens_login(game)
    response = token_client(bob).get(f"/api/v1/players/{ben.pk}/puzzles")
    assert response.status_code == 403
    assert "Only the player themselves" in response.json()["detail"]


def test_a_queue_is_refused_to_a_caller_not_signed_in(game):
    _user, ben = _bens_login(game)
    assert APIClient().get(f"/api/v1/players/{ben.pk}/puzzles").status_code in (401, 403)


def test_a_puzzle_gives_every_legal_move_but_not_the_best_one(game):
    puzzle = a_puzzle(game)
    body = APIClient().get(f"/api/v1/puzzles/{puzzle.pk}").json()
    timeline = load_timeline(game)
    assert len(body["moves"]) == len(timeline.game_type.legal_moves(timeline.state(puzzle.move)))
    assert body["moves"][0]["index"] == 0 and body["moves"][0]["text"]
    assert "best" not in body and "best_win" not in body
    assert body["answer_url"] == f"/api/v1/puzzles/{puzzle.pk}/answer"


def test_an_unknown_puzzle_is_not_found():
    assert APIClient().get("/api/v1/puzzles/999999").status_code == 404


def test_the_players_answer_by_json_solves_it_and_schedules_it_again(game):
    puzzle = a_puzzle(game, seat=1)
    user, _ben = _bens_login(game)
    body = token_client(user).post(f"/api/v1/puzzles/{puzzle.pk}/answer", {"move": puzzle.best}, format="json").json()
    assert (body["solved"], body["scheduled"], body["best"]) == (True, True, puzzle.best)
    puzzle.refresh_from_db()
    assert (puzzle.solved, puzzle.interval) == (1, 2)


def test_another_members_answer_by_index_is_told_but_changes_nothing(game, bob):
    puzzle = a_puzzle(game, seat=1)  # its best move is the first legal one
    body = token_client(bob).post(f"/api/v1/puzzles/{puzzle.pk}/answer", {"move": 1}, format="json").json()
    assert (body["solved"], body["scheduled"], body["best_win"]) == (False, False, 0.8)
    puzzle.refresh_from_db()
    assert (puzzle.solved, puzzle.missed) == (0, 0)


def test_a_move_not_legal_there_is_refused_naming_the_field(game, bob):
    puzzle = a_puzzle(game)
    response = token_client(bob).post(f"/api/v1/puzzles/{puzzle.pk}/answer",
                                      {"move": {"type": "place", "cell": "Z9"}}, format="json")
    assert response.status_code == 400
    assert "Not a legal move at this position" in response.json()["move"][0]


def test_an_answer_without_a_move_is_refused_naming_the_field(game, bob):
    puzzle = a_puzzle(game)
    response = token_client(bob).post(f"/api/v1/puzzles/{puzzle.pk}/answer", {}, format="json")
    assert response.status_code == 400 and "move" in response.json()


def test_an_answer_from_a_caller_not_signed_in_is_refused(game):
    puzzle = a_puzzle(game)
    response = APIClient().post(f"/api/v1/puzzles/{puzzle.pk}/answer", {"move": 0}, format="json")
    assert response.status_code in (401, 403)
