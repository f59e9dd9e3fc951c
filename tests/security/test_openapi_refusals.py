"""The API schema documents the refusals (imhotep_site.openapi): 413 on bodies, 429 on the
throttled endpoints, 401/403 on writes that need a user, each with the {"detail"} body, and
gunicorn's 414 for a too long URL on every operation."""

import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from drf_spectacular.generators import SchemaGenerator

from bench.cluster import free_port
from tests.services import port_open
from tests.site.test_settings import ROOT

DETAIL = {"$ref": "#/components/schemas/Detail"}


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def response_schema(schema, path, method, code):
    return schema["paths"][path][method]["responses"][code]["content"]["application/json"]["schema"]


def test_detail_body_is_a_component(schema):
    detail = schema["components"]["schemas"]["Detail"]
    assert detail["required"] == ["detail"]
    assert detail["properties"]["detail"]["type"] == "string"


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("/api/v1/score", "post"),
        ("/api/v1/replay", "post"),
        ("/api/v1/games", "post"),
        ("/api/v1/games/{id}", "patch"),
        ("/api/v1/games/{id}/moves", "post"),
        ("/api/v1/auth/token", "post"),
    ],
)
def test_every_body_may_be_refused_413(schema, path, method):
    assert response_schema(schema, path, method, "413") == DETAIL


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("/api/v1/score", "post"),
        ("/api/v1/replay", "post"),
        ("/api/v1/games-types", "get"),
        ("/api/v1/auth/token", "post"),
        ("/api/v1/auth/token", "delete"),
    ],
)
def test_throttled_operations_document_429(schema, path, method):
    assert response_schema(schema, path, method, "429") == DETAIL


@pytest.mark.parametrize(
    ("path", "method"),
    [
        ("/api/v1/games", "post"),
        ("/api/v1/games/{id}", "patch"),
        ("/api/v1/games/{id}", "delete"),
        ("/api/v1/auth/token", "delete"),
    ],
)
def test_writes_that_need_a_user_document_401_and_403(schema, path, method):
    responses = schema["paths"][path][method]["responses"]
    assert {"401", "403"} <= set(responses)
    assert "content" in responses["401"]


def test_open_endpoints_document_no_403(schema):
    assert "403" not in schema["paths"]["/api/v1/score"]["post"]["responses"]


@pytest.mark.django_db
def test_a_wrong_token_is_a_documented_401_even_where_no_sign_in_is_needed(schema, client):
    response = client.get("/api/v1/games", HTTP_AUTHORIZATION="Token not-a-token")
    assert response.status_code == 401
    assert "401" in schema["paths"]["/api/v1/games"]["get"]["responses"]
    assert "401" in schema["paths"]["/api/v1/score"]["post"]["responses"]


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), [("post", "/api/v1/score"), ("get", "/api/v1/games-types")])
def test_a_wrong_token_on_an_open_endpoint_is_the_documented_401_not_a_403(schema, client, method, path):
    response = getattr(client, method)(path, {}, content_type="application/json", HTTP_AUTHORIZATION="Token nope")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert "401" in schema["paths"][path][method]["responses"]


def test_reads_document_no_413(schema):
    assert "413" not in schema["paths"]["/api/v1/games"]["get"]["responses"]


def test_the_served_schema_carries_them(client):
    response = client.get("/api/v1/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    responses = response.json()["paths"]["/api/v1/replay"]["post"]["responses"]
    assert {"413", "429"} <= set(responses)


def test_every_operation_documents_414_without_a_body(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert "content" not in operation["responses"]["414"], (method, path)


def test_gunicorn_answers_a_too_long_url_with_the_documented_414(schema, tmp_path):
    port = free_port()
    log = open(tmp_path / "gunicorn.log", "wb")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 120  # gunicorn, not the application, answers: no database needed
        while not port_open(port) and server.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/games?q={'x' * 5000}", timeout=30)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    assert refused.value.code == 414
    assert "414" in schema["paths"]["/api/v1/games"]["get"]["responses"]
