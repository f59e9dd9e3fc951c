"""Uploads imported by a background task (issue 29): the page and the API answer 202 with the
import's progress; the worker stores every record in its own transaction and every finished
game gets rated, also when an earlier import died halfway."""

import datetime
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Game, ImportJob, Rating, RatingsBacklog
from games.services import importing, ratings
from games.services.recording import import_record
from tests.factories import UserFactory
from tests.kit import random_record

pytestmark = pytest.mark.django_db


def records(count: int, first_seed: int = 100) -> list[dict]:
    # Dates out of order: a later record may be rated before an earlier one.
    return [random_record(first_seed + i, played_on=datetime.date(2025, 1, 1) + datetime.timedelta(days=(7 * i) % 31))
            for i in range(count)]


def ndjson(documents: list[dict]) -> bytes:
    return "\n".join(json.dumps(d) for d in documents).encode()


def unrated_finished_games() -> list[int]:
    finished = Game.objects.filter(status=Game.Status.FINISHED, parent=None)
    return list(finished.exclude(pk__in=Rating.objects.values("game_id")).values_list("pk", flat=True))


@pytest.fixture
def work(monkeypatch):
    """The real database worker over the queue, in this process (as tests/analysis does)."""
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    return lambda: call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def test_an_upload_is_answered_202_before_anything_is_stored(client, alice):
    client.force_login(alice)
    response = client.post("/games/import", {"file": SimpleUploadedFile("r.ndjson", ndjson(records(3)))})
    assert response.status_code == 202
    assert 'id="import-running"' in response.content.decode()
    assert Game.objects.count() == 0 and ImportJob.objects.get().status == "queued"


def test_the_worker_stores_and_rates_every_game_of_an_upload(client, alice, work):
    client.force_login(alice)
    client.post("/games/import", {"file": SimpleUploadedFile("r.ndjson", ndjson(records(40)))})
    work()
    assert Game.objects.count() == 40 and unrated_finished_games() == []
    assert not RatingsBacklog.objects.exists()


def test_the_progress_page_shows_the_outcome_once_imported(client, alice, work):
    client.force_login(alice)
    client.post("/games/import", {"file": SimpleUploadedFile("r.ndjson", ndjson(records(3)))})
    work()
    job = ImportJob.objects.get()
    body = client.get(f"/games/imports/{job.pk}").content.decode()
    assert "3 records read: 3 imported, 0 duplicates, 0 rejected." in body
    assert 'id="import-running"' not in body and job.text == ""


def test_an_upload_of_many_records_is_stored_and_rated(client, alice, immediate_tasks):
    client.force_login(alice)
    response = client.post("/games/import", {"file": SimpleUploadedFile("r.ndjson", ndjson(records(120)))})
    assert response.status_code == 202
    assert Game.objects.count() == 120 and unrated_finished_games() == []


def test_another_member_cannot_read_an_import(client, alice, immediate_tasks):
    client.force_login(alice)
    client.post("/games/import", {"file": SimpleUploadedFile("r.ndjson", ndjson(records(1)))})
    client.force_login(UserFactory(username="nosy"))
    assert client.get(f"/games/imports/{ImportJob.objects.get().pk}").status_code == 404


def test_the_api_answers_202_with_a_status_url_that_reports_the_outcome(alice, work):
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post("/api/v1/imports", [*records(3), {"players": "nobody"}], format="json")
    assert response.status_code == 202 and response.json()["status"] == "queued"
    work()
    status = api.get(response.json()["status_url"]).json()
    assert (status["status"], status["imported"], status["rejected"], status["done"]) == ("done", 3, 1, 4)
    assert [o["status"] for o in status["outcomes"]] == ["imported"] * 3 + ["rejected"]


def test_the_api_takes_a_body_above_the_json_limit(alice, settings, immediate_tasks):
    settings.IMHOTEP_MAX_JSON_BYTES = settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 20_000
    api = APIClient()
    api.force_authenticate(alice)
    documents = records(12)
    assert len(json.dumps(documents)) > 20_000
    assert api.post("/api/v1/imports", documents, format="json").status_code == 202
    assert Game.objects.count() == 12 and unrated_finished_games() == []


def test_the_api_takes_ndjson(alice, immediate_tasks):
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post("/api/v1/imports", ndjson(records(2)), content_type="application/x-ndjson")
    assert response.status_code == 202 and Game.objects.count() == 2


def test_the_api_refuses_a_body_that_is_not_utf8(alice):
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post("/api/v1/imports", b"\xff\xfe\x00bad", content_type="application/json")
    assert response.status_code == 400 and "UTF-8" in response.json()["detail"]


def test_the_same_upload_again_stores_only_what_is_missing(client, alice, immediate_tasks):
    client.force_login(alice)
    documents = records(6)
    for document in documents[:2]:
        import_record(document)
    client.post("/games/import", {"file": SimpleUploadedFile("r.ndjson", ndjson(documents))})
    job = ImportJob.objects.get()
    assert (job.imported, job.duplicates, Game.objects.count()) == (4, 2, 6)


def test_a_game_stored_unrated_is_marked_in_its_own_transaction(db):
    game = import_record(random_record(7), rate=False).game
    assert RatingsBacklog.objects.get().game_id == game.pk
    assert unrated_finished_games() == [game.pk]


def test_catch_up_rates_the_marked_games_and_clears_the_mark(db):
    for seed in (7, 8, 9):
        import_record(random_record(seed), rate=False)
    assert ratings.catch_up() == 3
    assert unrated_finished_games() == [] and not RatingsBacklog.objects.exists()


def test_a_worker_rates_marked_games_before_its_next_task(alice, work):
    import_record(random_record(7), rate=False)
    APIClient().get("/healthz")  # nothing rates on a read
    api = APIClient()
    api.force_authenticate(alice)
    api.post("/api/v1/imports", [], format="json")  # any task
    work()
    assert unrated_finished_games() == []


def test_import_records_rates_what_a_killed_run_left_unrated(tmp_path):
    import_record(random_record(7), rate=False)  # as a run killed after storing it leaves it
    path = tmp_path / "r.ndjson"
    path.write_bytes(ndjson([random_record(7)]))
    call_command("import_records", str(path), "--no-progress")
    assert Game.objects.count() == 1 and unrated_finished_games() == []


def test_a_worker_rates_marked_games_when_it_starts(work):
    import_record(random_record(7), rate=False)  # as an import killed after storing it leaves it
    work()  # nothing queued
    assert unrated_finished_games() == []


def test_a_worker_starting_imports_again_an_upload_whose_worker_died(client, alice, work):
    client.force_login(alice)
    documents = records(4)
    import_record(documents[0], user=alice, rate=False)  # stored before the first worker died
    client.post("/games/import", {"file": SimpleUploadedFile("r.ndjson", ndjson(documents))})
    job = ImportJob.objects.get()
    from django_tasks_db.models import DBTaskResult

    DBTaskResult.objects.all().delete()  # its task was taken by the worker that died
    # Its lease ran out: the worker that held it renews it no more (games/leases.py).
    ImportJob.objects.filter(pk=job.pk).update(status="running", lease_owner="elsewhere:4242",
                                               lease_until=timezone.now() - datetime.timedelta(seconds=1))
    work()
    job.refresh_from_db()
    assert (job.status, job.imported, job.duplicates, job.restarts) == ("done", 3, 1, 1)
    assert Game.objects.count() == 4 and unrated_finished_games() == []


def test_a_running_import_with_a_live_lease_is_left_alone(alice):
    job = ImportJob.objects.create(created_by=alice, text="[]", status="running", lease_owner="elsewhere:4242",
                                   lease_until=timezone.now() + datetime.timedelta(seconds=60))
    assert importing.resume_stalled() == 0
    job.refresh_from_db()
    assert job.status == "running"


def test_the_api_refuses_a_body_holding_a_nul_byte_and_keeps_nothing(alice):
    """A NUL is no text (and PostgreSQL refuses it in the job's kept upload): 400, no job."""
    from games.models import ImportJob

    api = APIClient()
    api.force_authenticate(alice)
    response = api.post("/api/v1/imports", b'[{"players": ["A\x00"]}]', content_type="application/json")
    assert response.status_code == 400 and "NUL" in response.json()["detail"]
    assert not ImportJob.objects.exists()


def test_the_progress_page_says_an_import_restarted_after_an_interruption(client, alice):
    job = ImportJob.objects.create(created_by=alice, text="[]", total=3, status="queued", restarts=1)
    client.force_login(alice)
    body = client.get(f"/games/imports/{job.pk}", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert 'id="import-restarted"' in body
