"""Game analysis through the API and the replay page, with the database task backend and a
real worker (`db_worker --batch`)."""

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from games.analysis.models import GameAnalysis
from games.analysis.service import run_analysis

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def work(monkeypatch):
    """Run the real database worker over the queue, in this process. Its connection
    housekeeping would close the connection that holds this test's transaction (PostgreSQL),
    so that one call is skipped here; test_workers_pg.py runs real worker processes."""
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    return lambda: call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def test_starting_an_analysis_answers_202_with_a_status_url_and_a_worker_computes_it(
    work, game, member, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        started = api(member).post(f"/api/v1/games/{game.pk}/analysis")
    assert started.status_code == 202
    assert started.json()["status"] == "queued"
    work()
    done = api().get(started.json()["status_url"]).json()
    assert done["status"] == "done"
    assert len(done["probabilities"]) == game.moves.count() + 1
    assert all(abs(sum(p) - 1) < 1e-6 for p in done["probabilities"])
    assert done["turning_points"] and {"move", "seat", "drop", "best"} <= set(done["turning_points"][0])


def test_an_analysis_of_the_same_moves_is_reused(work, game, member, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        api(member).post(f"/api/v1/games/{game.pk}/analysis")
    work()
    again = api(member).post(f"/api/v1/games/{game.pk}/analysis")
    assert again.status_code == 200 and again.json()["status"] == "done"
    assert GameAnalysis.objects.count() == 1


def test_a_claimed_analysis_is_not_computed_twice(game, member, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        api(member).post(f"/api/v1/games/{game.pk}/analysis")
    analysis = GameAnalysis.objects.get()
    run_analysis(analysis.pk)
    run_analysis(analysis.pk)  # a second worker handed the same task
    analysis.refresh_from_db()
    assert (analysis.status, analysis.runs) == ("done", 1)


def test_visitors_read_but_do_not_start_analyses(game):
    assert api().post(f"/api/v1/games/{game.pk}/analysis").status_code in (401, 403)
    assert api().get(f"/api/v1/games/{game.pk}/analysis").json()["status"] == "none"


def test_hint_ranks_the_best_moves_at_a_ply(game):
    body = api().get(f"/api/v1/games/{game.pk}/hint", {"ply": 5}).json()
    wins = [m["win"] for m in body["moves"]]
    assert body["ply"] == 5 and len(wins) == 3 and wins == sorted(wins, reverse=True)


@pytest.mark.parametrize("ply", ["x", "999"])
def test_hint_names_a_bad_ply(game, ply):
    response = api().get(f"/api/v1/games/{game.pk}/hint", {"ply": ply})
    assert response.status_code == 400 and "ply" in response.json()["error"]


def test_the_replay_page_shows_the_graph_and_turning_points_once_analysed(
    work, game, member, django_capture_on_commit_callbacks
):
    client = Client()
    client.force_login(member)
    assert 'id="start-analysis"' in client.get(f"/games/{game.pk}/replay").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/games/{game.pk}/analysis")
    assert 'id="analysis-progress"' in client.get(f"/games/{game.pk}/replay").content.decode()
    work()
    body = client.get(f"/games/{game.pk}/replay?ply=3").content.decode()
    assert 'class="win-chart"' in body and 'class="turning-point"' in body
    assert f'href="/games/{game.pk}/replay?ply=3"' in body


def test_the_hint_toggle_lists_the_best_moves_in_words(game):
    body = Client().get(f"/games/{game.pk}/replay?ply=4&hint=1").content.decode()
    assert body.count("% to win</li>") == 3


# --------------------------------------------------------------------------- what-if variations


def test_play_on_from_here_opens_live_entry_on_a_variation_with_the_first_moves(game, member):
    client = Client()
    client.force_login(member)
    response = client.post(f"/games/{game.pk}/play-on", {"ply": 7})
    variation = game.variations.get()
    assert response["Location"] == f"/games/{variation.pk}/play"
    assert (variation.branch_ply, variation.moves.count(), variation.status) == (7, 7, "in_progress")
    assert list(variation.moves.values_list("data", flat=True)) == list(game.moves.values_list("data", flat=True)[:7])


def test_two_variations_from_the_same_position_are_two_games(game, member):
    for _ in range(2):
        api(member).post(f"/api/v1/games/{game.pk}/branches?ply=3")
    assert game.variations.count() == 2


def test_the_api_answers_201_with_the_variations_urls(game, member):
    body = api(member).post(f"/api/v1/games/{game.pk}/branches?ply=2")
    assert body.status_code == 201 and body.json()["play_url"].endswith("/play")


def test_a_variation_from_after_the_end_is_refused_with_the_reason(game, member):
    plies = game.moves.count()
    body = api(member).post(f"/api/v1/games/{game.pk}/branches?ply={plies}")
    assert body.status_code == 400 and "game is over" in body.json()["error"]["ply"]


def test_a_finished_variation_is_not_rated(game, member):
    from games.models import Rating
    from games.play.appending import append_move

    before = Rating.objects.count()
    variation = game.variations.model.objects.get(pk=api(member).post(
        f"/api/v1/games/{game.pk}/branches?ply={game.moves.count() - 1}").json()["id"])
    append_move(variation.pk, variation.moves.count(), game.moves.last().data)
    variation.refresh_from_db()
    assert variation.status == "finished"
    assert Rating.objects.count() == before
    assert not Rating.objects.filter(game=variation).exists()


def test_the_game_page_lists_its_variations(game, member, client):
    variation_id = api(member).post(f"/api/v1/games/{game.pk}/branches?ply=4").json()["id"]
    assert f'href="/games/{variation_id}/">after move 4' in client.get(f"/games/{game.pk}/").content.decode()
