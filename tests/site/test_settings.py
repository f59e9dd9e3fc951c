"""Settings read from the environment: production checks and clear errors for bad values."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args, **env):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full_env, capture_output=True, text=True
    )


PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "scores.example.org",
}


def test_check_deploy_is_clean_with_production_settings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {**PRODUCTION, "DJANGO_SECRET_KEY": ""}
    result = run_manage("check", **env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("DJANGO_DEBUG", "maybe", "DJANGO_DEBUG must be one of"),
        ("DJANGO_HSTS_SECONDS", "a year", "DJANGO_HSTS_SECONDS must be a whole number"),
        ("DATABASE_URL", "nosuchdb://x", "DATABASE_URL is not a usable database URL"),
    ],
)
def test_bad_environment_values_name_the_variable(name, value, message):
    result = run_manage("check", **{**PRODUCTION, name: value})
    assert result.returncode != 0
    assert message in result.stderr


def test_an_unknown_cache_layer_to_leave_out_is_named():
    result = run_manage("check", IMHOTEP_UNCACHED="tables,pages")
    assert result.returncode != 0
    assert "IMHOTEP_UNCACHED may name replays, tables; got pages" in result.stderr
