"""The security settings come from the environment, with clear errors for bad values."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "from django.conf import settings as s; "
    "print(s.IMHOTEP_MAX_JSON_BYTES, s.DATA_UPLOAD_MAX_MEMORY_SIZE, s.IMHOTEP_MAX_IMPORT_BYTES, "
    "s.IMHOTEP_MAX_IMPORT_RECORDS, s.IMHOTEP_MAX_MOVES, s.AXES_FAILURE_LIMIT, "
    "int(s.AXES_COOLOFF_TIME.total_seconds()), s.REST_FRAMEWORK['NUM_PROXIES'], "
    "s.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES']['auth'])"
)


def run(**env):
    full = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "IMHOTEP_"))}
    full.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SHOW], cwd=ROOT, env=full, capture_output=True, text=True
    )


def test_defaults():
    result = run()
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == [
        "1048576",
        "1048576",
        "20971520",
        "1000",
        "2000",
        "5",
        "900",
        "0",
        "10/min",
    ]


def test_each_limit_is_read_from_the_environment():
    result = run(
        IMHOTEP_MAX_JSON_BYTES="5000",
        IMHOTEP_MAX_IMPORT_BYTES="90000",
        IMHOTEP_MAX_IMPORT_RECORDS="7",
        IMHOTEP_MAX_MOVES="300",
        IMHOTEP_LOGIN_FAILURE_LIMIT="9",
        IMHOTEP_LOGIN_COOLOFF_MINUTES="2",
        IMHOTEP_NUM_PROXIES="1",
        IMHOTEP_THROTTLE_AUTH="3/min",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["5000", "5000", "90000", "7", "300", "9", "120", "1", "3/min"]


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("IMHOTEP_MAX_JSON_BYTES", "1MB", "IMHOTEP_MAX_JSON_BYTES must be a whole number"),
        ("IMHOTEP_MAX_MOVES", "0", "IMHOTEP_MAX_MOVES must be a whole number above 0"),
        ("IMHOTEP_LOGIN_FAILURE_LIMIT", "-1", "IMHOTEP_LOGIN_FAILURE_LIMIT must be a whole number above 0"),
    ],
)
def test_bad_values_name_the_variable(name, value, message):
    result = run(**{name: value})
    assert result.returncode != 0
    assert message in result.stderr
