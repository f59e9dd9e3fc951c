import pytest

pytestmark = pytest.mark.django_db


def test_healthz_reports_the_database_reachable(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


def test_healthz_is_never_cached(client):
    response = client.get("/healthz")
    assert "no-cache" in response["Cache-Control"]


def test_healthz_refuses_post(client):
    assert client.post("/healthz").status_code == 405
