"""Request body limits (imhotep_lib.limits): 413 naming the limit, by Content-Length and for
bodies sent without one (chunked); the bulk import page has its own, larger limit."""

import asyncio
import io
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.asgi import get_asgi_application
from django.core.files.uploadedfile import SimpleUploadedFile

from games.models import Game
from rules_engine.duel.apidocs import D9_1_BOARD
from tests.kit import random_record
from tests.security.conftest import signed_in

SMALL = 4096  # bytes: a D9.1 board fits, a padded one does not


@pytest.fixture
def small_limits(settings):
    settings.IMHOTEP_MAX_JSON_BYTES = SMALL
    settings.IMHOTEP_MAX_IMPORT_BYTES = 4 * SMALL


def padded_board(size: int) -> bytes:
    """A JSON board of at least ``size`` bytes (long notes in its history)."""
    return json.dumps({**D9_1_BOARD, "history": {"notes": "x" * size}}).encode()


def test_json_body_over_the_limit_is_413_naming_it(client, small_limits):
    response = client.post("/api/v1/score", padded_board(SMALL), content_type="application/json")
    assert response.status_code == 413
    body = response.json()
    assert body["limit"] == SMALL
    assert "IMHOTEP_MAX_JSON_BYTES" in body["detail"]
    assert f"at most {SMALL} bytes" in body["detail"]


def test_json_body_within_the_limit_is_served(client, small_limits):
    response = client.post("/api/v1/score", D9_1_BOARD, content_type="application/json")
    assert response.status_code == 200


def chunked_post(client, path: str, body: bytes, content_type="application/json"):
    """A POST without Content-Length whose input the server ends itself (as gunicorn
    passes a chunked body to Django)."""
    return client.generic(
        "POST",
        path,
        b"",
        CONTENT_TYPE=content_type,
        HTTP_TRANSFER_ENCODING="chunked",
        **{"wsgi.input": io.BytesIO(body), "wsgi.input_terminated": True},
    )


def test_chunked_body_over_the_limit_is_413(client, small_limits):
    response = chunked_post(client, "/api/v1/score", padded_board(SMALL))
    assert response.status_code == 413
    assert "IMHOTEP_MAX_JSON_BYTES" in response.json()["detail"]


def test_chunked_body_within_the_limit_is_read_and_served(client, small_limits):
    response = chunked_post(client, "/api/v1/score", json.dumps(D9_1_BOARD).encode())
    assert response.status_code == 200
    assert response.json()["winner"] in (0, 1)


def test_chunked_body_over_the_limit_is_413_under_asgi_too(settings):
    settings.IMHOTEP_MAX_JSON_BYTES = SMALL
    body = padded_board(SMALL)
    chunks = [body[i : i + 1000] for i in range(0, len(body), 1000)]
    messages = [{"type": "http.request", "body": c, "more_body": True} for c in chunks]
    messages.append({"type": "http.request", "body": b"", "more_body": False})
    sent = []

    async def receive():
        if messages:
            return messages.pop(0)
        await asyncio.Event().wait()  # no disconnect: Django cancels this wait once it has answered

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/v1/score",
        "raw_path": b"/api/v1/score",
        "query_string": b"",
        "headers": [
            (b"host", b"localhost"),
            (b"content-type", b"application/json"),
            (b"transfer-encoding", b"chunked"),
        ],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    # A thread of its own: Playwright's sync API (browser tests) may leave an event loop running here.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, get_asgi_application()(scope, receive, send)).result()
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert start["status"] == 413


def test_page_form_post_over_the_limit_is_a_413_page(alice, small_limits):
    client = signed_in(alice)
    response = client.post("/games/save-score", {"board": padded_board(SMALL).decode()})
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/html")
    assert "IMHOTEP_MAX_JSON_BYTES" in response.content.decode()
    assert Game.objects.count() == 0


def upload(client, content: bytes):
    return client.post("/games/import", {"file": SimpleUploadedFile("records.ndjson", content)})


def test_import_page_accepts_uploads_above_the_json_limit(alice, small_limits, immediate_tasks):
    content = "\n".join(json.dumps(random_record(seed)) for seed in (1, 2, 3)).encode()
    assert SMALL < len(content) < 4 * SMALL - 1000
    response = upload(signed_in(alice), content)
    assert response.status_code == 202
    assert Game.objects.count() == 3


def test_import_page_upload_over_the_import_limit_is_413(alice, small_limits):
    content = b"\n".join(json.dumps(random_record(seed)).encode() for seed in range(12))
    assert len(content) > 4 * SMALL
    response = upload(signed_in(alice), content)
    assert response.status_code == 413
    assert "IMHOTEP_MAX_IMPORT_BYTES" in response.content.decode()
    assert Game.objects.count() == 0


def test_django_form_data_limit_matches_the_json_limit():
    from django.conf import settings

    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == settings.IMHOTEP_MAX_JSON_BYTES
