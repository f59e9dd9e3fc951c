"""An analysis whose worker died (issue 38, games/leases.py): "running" with a lease nobody renews
is not running; asking again queues it, a worker finishes it, and the page says it restarted.
tests/cli/test_worker_crash.py kills real worker processes."""

import datetime

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from games import leases
from games.analysis.models import GameAnalysis
from games.analysis.service import request_analysis

pytestmark = pytest.mark.django_db


@pytest.fixture
def work(monkeypatch):
    """The real database worker in this process (see test_analysis_api.py's `work`)."""
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    return lambda: call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def running(game, *, owner: str, lease_seconds: float) -> GameAnalysis:
    """The game's analysis, left running by the worker ``owner`` with this much lease left."""
    analysis, _ = request_analysis(game)
    GameAnalysis.objects.filter(pk=analysis.pk).update(
        status="running", plies_done=6, lease_owner=owner,
        lease_until=timezone.now() + datetime.timedelta(seconds=lease_seconds))
    from django_tasks_db.models import DBTaskResult

    DBTaskResult.objects.all().delete()  # its task was taken by the worker that died
    return analysis


def test_asking_again_for_an_analysis_whose_lease_expired_queues_it(game, django_capture_on_commit_callbacks):
    analysis = running(game, owner="elsewhere:4242", lease_seconds=-1)
    with django_capture_on_commit_callbacks(execute=True):
        again, queued = request_analysis(game)
    assert queued and (again.pk, again.status, again.restarts) == (analysis.pk, "queued", 1)


def test_asking_again_for_an_analysis_with_a_live_lease_queues_nothing(game):
    running(game, owner="elsewhere:4242", lease_seconds=60)
    again, queued = request_analysis(game)
    assert not queued and (again.status, again.restarts) == ("running", 0)


def test_a_lease_of_a_dead_process_of_this_machine_is_stale_before_it_expires(game):
    import subprocess

    gone = subprocess.Popen(["true"])
    gone.wait()
    analysis = running(game, owner=f"{leases.me().rpartition(':')[0]}:{gone.pid}", lease_seconds=60)
    assert leases.requeue_stale(GameAnalysis) == [analysis.pk]


def test_a_worker_starting_finishes_an_analysis_whose_worker_died(game, work):
    analysis = running(game, owner="elsewhere:4242", lease_seconds=-1)
    work()
    analysis.refresh_from_db()
    assert (analysis.status, analysis.plies_done, analysis.restarts) == ("done", analysis.plies_total, 1)


def test_the_page_says_an_analysis_restarted_after_an_interruption(game, member):
    analysis = running(game, owner="elsewhere:4242", lease_seconds=-1)
    client = Client()
    client.force_login(member)
    client.post(f"/games/{game.pk}/analysis")
    body = client.get(f"/games/{game.pk}/replay", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'id="analysis-restarted"' in body and GameAnalysis.objects.get(pk=analysis.pk).restarts == 1
