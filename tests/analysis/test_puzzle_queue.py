"""Puzzles from the club's games (issue #41, games/analysis/puzzle_queue.py): kept from a luck
analysis in the queue of the player who missed the move, spaced repetition, the puzzle of the
day, and the puzzle page answering a move played there."""

import datetime
import json

import pytest
from django.test import Client

from games.analysis.models import GameLuck, Puzzle
from games.analysis.puzzle_queue import answer, puzzle_of_the_day, queue, store_puzzles
from games.ui.timeline import load_timeline
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
TODAY = datetime.date(2026, 11, 29)


def a_puzzle(game, seat=1, move=10) -> Puzzle:
    """The luck analysis of ``game`` found a puzzle at ``move``: its best move is the first legal one."""
    timeline = load_timeline(game)
    best = timeline.game_type.move_to_json(timeline.game_type.legal_moves(timeline.state(move))[0])
    luck = GameLuck.objects.create(game=game, engine_version="x", record_hash="x", playouts=6,
                                   status=GameLuck.Status.DONE, puzzles=[
                                       {"move": move, "seat": seat, "win": 0.5, "best": best, "best_win": 0.8,
                                        "second_win": 0.5, "played_win": 0.3}])
    assert store_puzzles(luck, TODAY) == 1
    return Puzzle.objects.get()


def test_a_puzzle_waits_in_the_queue_of_the_player_who_missed_the_move(game):
    puzzle = a_puzzle(game, seat=1)
    ben = game.seats.get(order=1).player
    assert list(queue(ben, TODAY)) == [puzzle]
    assert not queue(game.seats.get(order=0).player, TODAY).exists()


def test_solved_it_comes_back_after_twice_as_many_days_each_time(game):
    puzzle = a_puzzle(game)
    assert answer(puzzle, puzzle.best, own=True, today=TODAY)
    assert puzzle.due_on == TODAY + datetime.timedelta(days=1) and puzzle.interval == 2
    answer(puzzle, puzzle.best, own=True, today=puzzle.due_on)
    assert puzzle.due_on == TODAY + datetime.timedelta(days=3) and puzzle.interval == 4


def test_missed_it_comes_back_the_next_day_from_the_start(game):
    puzzle = a_puzzle(game)
    answer(puzzle, puzzle.best, own=True, today=TODAY)
    assert not answer(puzzle, {"type": "pass"}, own=True, today=TODAY + datetime.timedelta(days=1))
    assert puzzle.due_on == TODAY + datetime.timedelta(days=2) and puzzle.interval == 1


def test_someone_elses_answer_leaves_the_schedule_alone(game):
    puzzle = a_puzzle(game)
    answer(puzzle, puzzle.best, own=False, today=TODAY)
    puzzle.refresh_from_db()
    assert (puzzle.due_on, puzzle.interval, puzzle.solved) == (TODAY, 1, 0)


def test_a_new_analysis_updates_the_chances_of_a_puzzle_it_keeps_and_keeps_its_schedule(game):
    puzzle = a_puzzle(game)
    answer(puzzle, puzzle.best, own=True, today=TODAY)
    again = GameLuck.objects.create(game=game, engine_version="y", record_hash="x", playouts=6,
                                    status=GameLuck.Status.DONE, puzzles=[
                                        {**GameLuck.objects.get(engine_version="x").puzzles[0], "best_win": 0.7}])
    assert store_puzzles(again, TODAY + datetime.timedelta(days=5)) == 0
    puzzle.refresh_from_db()
    assert (puzzle.best_win, puzzle.interval, puzzle.solved) == (0.7, 2, 1)


def test_a_puzzle_the_new_analysis_no_longer_keeps_is_dropped(game):
    a_puzzle(game)  # its margin vanished at the re-check (tests/engine/test_puzzle_recheck.py)
    again = GameLuck.objects.create(game=game, engine_version="y", record_hash="x", playouts=6,
                                    status=GameLuck.Status.DONE, puzzles=[])
    assert store_puzzles(again, TODAY) == 0
    assert not Puzzle.objects.exists()


def test_the_puzzle_of_the_day_is_the_same_all_day(game):
    a_puzzle(game, move=10)
    Puzzle.objects.create(game=game, move=12, seat=1, player=game.seats.get(order=1).player, best={}, win=0.5,
                          best_win=0.8, second_win=0.5, due_on=TODAY)
    assert puzzle_of_the_day(TODAY) == puzzle_of_the_day(TODAY) is not None


def test_playing_the_best_move_on_the_puzzle_page_solves_it(game, member):
    puzzle = a_puzzle(game)
    client = Client()
    client.force_login(member)
    page = client.get(f"/puzzles/{puzzle.pk}").content.decode()
    assert page.count('class="puzzle-move"') == len(load_timeline(game).game_type.legal_moves(
        load_timeline(game).state(puzzle.move)))
    body = client.post(f"/puzzles/{puzzle.pk}", {"move": 0}).content.decode()
    assert 'id="puzzle-result" class="solved"' in body


def test_the_puzzles_page_lists_the_members_own_queue(game):
    puzzle = a_puzzle(game, seat=1)
    user = UserFactory(username="ben-login")
    ben = game.seats.get(order=1).player
    ben.user = user
    ben.save()
    client = Client()
    client.force_login(user)
    body = client.get("/puzzles/").content.decode()
    assert f'href="/puzzles/{puzzle.pk}"' in body and 'id="daily-puzzle"' in body


def test_the_puzzle_page_draws_the_position_as_the_board_its_move_is_played_on(game):
    puzzle = a_puzzle(game)
    body = Client().get(f"/puzzles/{puzzle.pk}").content.decode()
    assert 'class="puzzle-play"' in body and 'id="harbor"' in body and "js/board-pick.js" in body
    assert f"Harbor after move {puzzle.move}" in body  # the position before the move, not the game's end


def test_a_move_played_on_the_board_is_posted_as_its_json_and_answered(game, member):
    puzzle = a_puzzle(game)
    client = Client()
    client.force_login(member)
    body = client.post(f"/puzzles/{puzzle.pk}", {"move": json.dumps(puzzle.best)}).content.decode()
    assert 'id="puzzle-result" class="solved"' in body


def test_a_move_the_position_does_not_allow_is_refused(game, member):
    puzzle = a_puzzle(game)
    client = Client()
    client.force_login(member)
    assert client.post(f"/puzzles/{puzzle.pk}", {"move": '{"type": "place", "cell": "Z9"}'}).status_code == 400
    puzzle.refresh_from_db()
    assert puzzle.solved == puzzle.missed == 0
