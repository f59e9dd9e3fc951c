"""The explorer's facts are worked out by the engine when a game is stored or finished (the
service layer), dropped when it is reopened, and filled for games stored by bulk paths."""

import datetime
import random

import pytest
from django_tasks.backends.immediate import ImmediateBackend

from games.models import Game, GameFacts
from games.services import explorer, recording
from games.services.explorer import Filters
from games.services.results import recompute_results
from rules_engine.registry import default_registry

pytestmark = pytest.mark.django_db


def _record(game_type="duel", seed=1):
    record = default_registry().game(game_type).random_record(random.Random(seed))
    record["players"] = ["Ana", "Ben", "Cy", "Dee"][:len(record["players"])]
    return record


@pytest.mark.parametrize("game_type", ["duel", "classic"])
def test_an_imported_game_is_stored_with_the_engines_facts(game_type):
    record = _record(game_type)
    game = recording.import_record(record).game
    facts = GameFacts.objects.get(game=game)
    assert facts.facts["engine"] == default_registry().game(game_type).explorer_facts(record)
    assert facts.fingerprint == default_registry().fingerprint


def test_the_facts_say_who_won_in_play_order_and_the_sides():
    game = recording.import_record(_record()).game
    winner = game.seats.get(result__winner=True).order
    facts = GameFacts.objects.get(game=game).facts
    assert facts["won"] == [int(winner == 0), int(winner == 1)]
    assert (facts["starter"], facts["sides"]) == (0, game.sides)


def test_a_score_only_game_has_facts_without_the_engines():
    from tests.games.conftest import winning_board

    game = recording.import_board(winning_board("Ana", "Ben", datetime.date(2025, 3, 1))).game
    facts = GameFacts.objects.get(game=game).facts
    assert facts["engine"] == {}
    assert sum(facts["won"]) == 1


def test_an_unfinished_game_has_no_facts():
    record = _record()
    record["moves"] = record["moves"][:5]
    game = recording.import_record(record).game
    assert game.status == Game.Status.IN_PROGRESS
    assert not GameFacts.objects.filter(game=game).exists()


def test_a_game_reopened_loses_its_facts():
    game = recording.import_record(_record()).game
    game.moves.order_by("-ply").first().delete()  # as an undo does, before it derives the results again
    recompute_results(game)
    assert not GameFacts.objects.filter(game=game).exists()


def test_fill_works_out_the_facts_bulk_paths_left_out():
    games = [recording.import_record(_record(seed=s)).game for s in range(3)]
    GameFacts.objects.all().delete()  # as a restore or a bulk load leaves them
    assert explorer.uncounted("duel").count() == 3
    assert explorer.fill("duel") == 3
    assert explorer.uncounted("duel").count() == 0
    assert GameFacts.objects.filter(game__in=games).count() == 3


def test_facts_of_another_engine_are_worked_out_again():
    game = recording.import_record(_record()).game
    GameFacts.objects.filter(game=game).update(fingerprint="old-engine", facts={})
    assert explorer.fill() == 1
    assert GameFacts.objects.get(game=game).facts["engine"]["opening"]


def test_an_answer_queues_the_missing_facts_and_replays_none_itself(django_capture_on_commit_callbacks):
    # Issue #52: a reader counts what is known; the backlog is worked out by a worker.
    from django_tasks_db.models import DBTaskResult

    recording.import_record(_record())
    GameFacts.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        answer = explorer.explore(Filters("duel"))
    assert (answer.games, answer.uncounted) == (0, 1)
    assert not GameFacts.objects.exists()
    assert DBTaskResult.objects.filter(task_path="games.tasks.fill_explorer_facts").count() == 1


def test_the_queued_fill_works_the_facts_out_for_the_next_answer(immediate_tasks, django_capture_on_commit_callbacks):
    recording.import_record(_record())
    GameFacts.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        explorer.explore(Filters("duel"))  # the worker (here: at once, on commit) fills them
    answer = explorer.explore(Filters("duel"))
    assert (answer.games, answer.uncounted) == (1, 0)
    assert [s.id for s in answer.sections if s.id == "first_move"] == ["first_move"]


def test_readers_queue_one_fill_while_it_waits(django_capture_on_commit_callbacks):
    from django_tasks_db.models import DBTaskResult

    recording.import_record(_record())
    GameFacts.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        explorer.explore(Filters("duel"))
        explorer.explore(Filters("duel", players=(1,)))
    assert DBTaskResult.objects.filter(task_path="games.tasks.fill_explorer_facts").count() == 1


def test_the_command_fills_the_facts(capsys):
    from django.core.management import call_command

    recording.import_record(_record())
    GameFacts.objects.all().delete()
    call_command("explorer_facts")
    assert "for 1 games" in capsys.readouterr().out
    assert GameFacts.objects.count() == 1


def test_the_page_says_how_many_games_are_being_brought_up_to_date(client):
    for seed in range(3):
        recording.import_record(_record(seed=seed))
    GameFacts.objects.filter(game__in=Game.objects.order_by("pk")[:2]).delete()
    body = client.get("/games/explorer?game=duel").content.decode()
    assert "1 finished Imhotep: The Duel game counted." in body
    assert "2 finished games are not counted yet: their facts are being brought up to date in the background." in body


class QueueOut(ImmediateBackend):
    """A task queue that is out (RQ's Redis down): every enqueue fails."""

    def enqueue(self, task, args, kwargs):
        raise ConnectionError("the queue does not answer")


def test_an_answer_stands_when_the_queue_is_out(settings, django_capture_on_commit_callbacks):
    settings.TASKS = {"default": {"BACKEND": f"{__name__}.QueueOut"}}
    recording.import_record(_record())
    GameFacts.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        answer = explorer.explore(Filters("duel"))
    assert (answer.games, answer.uncounted) == (0, 1)
