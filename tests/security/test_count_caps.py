"""Count caps: moves per record (IMHOTEP_MAX_MOVES) on the replay API and every import, records
per bulk import (IMHOTEP_MAX_IMPORT_RECORDS): 413 naming the limit and the count, nothing
stored."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.models import Game, Move
from games.services.recording import Outcome, import_many
from tests.kit import random_record
from tests.security.conftest import signed_in, token_client

MOVES = 12


@pytest.fixture
def move_cap(settings):
    settings.IMHOTEP_MAX_MOVES = MOVES


def test_replay_api_refuses_a_record_over_the_move_cap(client, move_cap):
    record = random_record(3, moves=MOVES + 1)
    response = client.post("/api/v1/replay", record, content_type="application/json")
    assert response.status_code == 413
    detail = response.json()["detail"]
    assert f"has {MOVES + 1} moves" in detail
    assert f"at most {MOVES}" in detail and "IMHOTEP_MAX_MOVES" in detail
    assert response.json()["limit"] == MOVES


def test_replay_api_accepts_a_record_at_the_move_cap(client, move_cap):
    response = client.post("/api/v1/replay", random_record(3, moves=MOVES), content_type="application/json")
    assert response.status_code == 200
    assert response.json()["plies"] == MOVES


def test_games_api_refuses_to_store_a_record_over_the_move_cap(alice, move_cap):
    response = token_client(alice).post("/api/v1/games", random_record(3, moves=MOVES + 1), format="json")
    assert response.status_code == 413
    assert "IMHOTEP_MAX_MOVES" in response.json()["detail"]
    assert Game.objects.count() == 0 and Move.objects.count() == 0


def upload(client, documents: list):
    content = "\n".join(json.dumps(d) for d in documents).encode()
    return client.post("/games/import", {"file": SimpleUploadedFile("records.ndjson", content)})


def test_import_page_refuses_more_records_than_the_cap_and_stores_none(alice, settings):
    settings.IMHOTEP_MAX_IMPORT_RECORDS = 3
    response = upload(signed_in(alice), [random_record(seed, moves=4) for seed in range(4)])
    assert response.status_code == 413
    body = response.content.decode()
    assert "the upload has 4 records" in body and "at most 3" in body
    assert "IMHOTEP_MAX_IMPORT_RECORDS" in body
    assert Game.objects.count() == 0


def test_import_page_refuses_an_upload_with_a_record_over_the_move_cap_and_stores_none(alice, move_cap):
    documents = [random_record(1, moves=5), random_record(2, moves=MOVES + 5)]
    response = upload(signed_in(alice), documents)
    assert response.status_code == 413
    assert f"record 2 has {MOVES + 5} moves" in response.content.decode()
    assert Game.objects.count() == 0


def test_import_page_at_the_record_cap_imports_them_all(alice, settings, immediate_tasks):
    settings.IMHOTEP_MAX_IMPORT_RECORDS = 3
    response = upload(signed_in(alice), [random_record(seed, moves=4) for seed in range(3)])
    assert response.status_code == 202
    assert Game.objects.count() == 3


def test_command_line_import_rejects_only_the_record_over_the_move_cap(db, move_cap):
    # manage.py import_records has no record cap; a record over the move cap is rejected alone.
    outcomes = import_many([random_record(1, moves=5), random_record(2, moves=MOVES + 1), random_record(3, moves=6)])
    assert [o.status for o in outcomes] == [Outcome.IMPORTED, Outcome.REJECTED, Outcome.IMPORTED]
    assert "IMHOTEP_MAX_MOVES" in outcomes[1].reason
    assert Game.objects.count() == 2
