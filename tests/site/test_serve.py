"""`make deploy` and `make serve` (docs/operations.md): both refuse to start without PostgreSQL;
deploy checks, migrates, collects static files and compiles the kernels, serve only starts
gunicorn (test_preload.py: its refusal of an undeployed database); the production settings send
the security headers (HSTS from DJANGO_HSTS_SECONDS). `check --deploy` is in test_settings.py."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from tests.site.test_settings import PRODUCTION, ROOT

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def make(*args, **env):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    return subprocess.run(
        ["make", "--no-print-directory", *args], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True
    )


@pytest.mark.parametrize(
    ("database_url", "message"),
    [
        (None, "DATABASE_URL is not set; production runs on PostgreSQL"),
        ("sqlite:///db.sqlite3", "DATABASE_URL must be a PostgreSQL URL (postgres://…), not 'sqlite:…'"),
    ],
)
def test_make_serve_refuses_without_postgresql(database_url, message):
    env = {**PRODUCTION, **({"DATABASE_URL": database_url} if database_url else {})}
    result = make("serve", **env)
    assert result.returncode == 2
    assert message in result.stderr
    assert "gunicorn" not in result.stdout  # nothing started


def test_make_serve_refuses_without_a_secret_key():
    env = {**PRODUCTION, "DATABASE_URL": "postgres://u@db/imhotep", "DJANGO_SECRET_KEY": ""}
    result = make("serve", **env)
    assert result.returncode == 2
    assert "set DJANGO_SECRET_KEY" in result.stderr


def test_make_deploy_refuses_without_postgresql():
    result = make("deploy", **PRODUCTION)
    assert result.returncode == 2
    assert "make deploy: DATABASE_URL is not set" in result.stderr
    assert "manage.py" not in result.stdout  # nothing run


def test_make_deploy_checks_migrates_collects_and_compiles_the_kernels_in_order():
    result = make("-n", "deploy", **{**PRODUCTION, "DATABASE_URL": "postgres://u@db/imhotep"})
    assert result.returncode == 0, result.stderr
    steps = [
        "manage.py check --deploy",
        "manage.py migrate --noinput",
        "manage.py collectstatic --noinput",
        "python -m imhotep_site.kernels",
    ]
    positions = [result.stdout.find(step) for step in steps]
    assert -1 not in positions, result.stdout
    assert positions == sorted(positions)
    assert "gunicorn" not in result.stdout


def test_make_serve_only_starts_gunicorn_with_overrides():
    env = {**PRODUCTION, "DATABASE_URL": "postgres://u@db/imhotep", "WORKERS": "5", "BIND": "0.0.0.0:9000"}
    result = make("-n", "serve", **env)
    assert result.returncode == 0, result.stderr
    gunicorn = "gunicorn imhotep_site.wsgi --bind 0.0.0.0:9000 --workers 5 --config deploy/gunicorn.conf.py"
    assert gunicorn in result.stdout
    for one_time_step in ("manage.py", "imhotep_site.kernels"):
        assert one_time_step not in result.stdout


HEADERS_SCRIPT = """
import json
from django.core.management import call_command
from django.test import Client
call_command("migrate", verbosity=0)  # /healthz answers 200 only where the database takes writes
response = Client().get("/healthz", secure=True, headers={"host": "scores.example.org"})
print(json.dumps({"status": response.status_code, **dict(response.headers)}))
"""


def test_production_settings_send_the_security_headers(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(PRODUCTION, DJANGO_HSTS_SECONDS="600", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", HEADERS_SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    headers = json.loads(result.stdout.strip().splitlines()[-1])
    assert headers["status"] == 200
    assert headers["Strict-Transport-Security"] == "max-age=600; includeSubDomains; preload"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
