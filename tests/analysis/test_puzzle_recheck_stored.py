"""Puzzles stored before the re-check, re-checked in place (issue #54,
games/analysis/puzzle_recheck.py): the real positions of tests/engine/test_puzzle_recheck.py,
stored as club games with a puzzle each, as an older analysis kept them."""

import datetime

import pytest
from django.core.management import call_command

from games.analysis.models import GameLuck, Puzzle
from games.analysis.puzzle_recheck import recheck_game
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db
C1, C2 = {"type": "place", "cell": "c1"}, {"type": "place", "cell": "c2"}


def stored_puzzle(seed: int, move: int, best: dict) -> Puzzle:
    game = store(random_record(seed))
    entry = {"move": move, "seat": move % 2, "win": 0.5, "best": best, "best_win": 0.97, "second_win": 0.4,
             "played_win": 0.4}
    GameLuck.objects.create(game=game, engine_version="x", record_hash="x", playouts=6,
                            status=GameLuck.Status.DONE, puzzles=[entry])
    return Puzzle.objects.create(game=game, move=move, seat=move % 2, player=game.seats.get(order=move % 2).player,
                                 best=best, win=0.5, best_win=0.97, second_win=0.4, due_on=datetime.date(2026, 12, 1),
                                 interval=4, solved=2)


def test_a_stored_puzzle_between_two_near_equal_moves_is_dropped():
    puzzle = stored_puzzle(0, 13, C1)
    done = recheck_game(puzzle.game)
    assert (done.kept, done.dropped) == (0, 1)
    assert not Puzzle.objects.filter(pk=puzzle.pk).exists()
    assert GameLuck.objects.get(game=puzzle.game).puzzles == []


def test_a_clear_stored_puzzle_takes_the_rechecks_chances_and_keeps_its_schedule():
    puzzle = stored_puzzle(1, 53, C2)
    call_command("recheck_puzzles")
    puzzle.refresh_from_db()
    assert puzzle.best == C2 and 0.6 < puzzle.best_win < 0.95 and puzzle.second_win < puzzle.best_win - 0.2
    assert (puzzle.interval, puzzle.solved) == (4, 2)
    [entry] = GameLuck.objects.get(game=puzzle.game).puzzles
    assert (entry["best_win"], entry["second_win"]) == (puzzle.best_win, puzzle.second_win)
