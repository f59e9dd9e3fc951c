import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db

BROKEN_REDIS = {"default": {"BACKEND": "imhotep_site.cache_guard.GuardedCache",
                            "INNER": "django.core.cache.backends.redis.RedisCache",
                            "LOCATION": "redis://127.0.0.1:9/0",  # the discard port: nothing listens
                            "OPTIONS": {"socket_connect_timeout": 0.5}}}


def test_healthz_reports_the_database_its_writes_and_the_cache(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "database_writes": "ok", "cache": "ok"}


def test_healthz_says_degraded_but_answers_200_when_the_cache_is_out(client):
    with override_settings(CACHES=BROKEN_REDIS):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "degraded" and "ConnectionError" in response.json()["cache"]


def test_healthz_answers_503_when_the_database_refuses_writes(client):
    from django.db import connection

    # SQLite's read-only switch; PostgreSQL: this test's transaction made read-only (rolled back at its end).
    sqlite = connection.vendor == "sqlite"
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA query_only = ON" if sqlite else "SET TRANSACTION READ ONLY")
    try:
        response = client.get("/healthz")
    finally:
        if sqlite:
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA query_only = OFF")
    assert response.status_code == 503
    assert response.json()["status"] == "error" and response.json()["database"] == "ok"
    assert response.json()["database_writes"] != "ok"


def test_healthz_is_never_cached(client):
    response = client.get("/healthz")
    assert "no-cache" in response["Cache-Control"]


def test_healthz_refuses_post(client):
    assert client.post("/healthz").status_code == 405
