"""`make run` (README): debug off over plain HTTP on this machine (IMHOTEP_LOCAL_SERVE), the port
chosen by PORT or HOST, the sign-in line printed again once the server answers, each log line
printed once, and SQLite set up for concurrent work whatever URL names it."""

import os
import shutil
import subprocess

import pytest

from imhotep_site.settings import SQLITE_OPTIONS, database
from tests.site.test_settings import PRODUCTION, ROOT, run_manage

LOCAL = {**PRODUCTION, "IMHOTEP_LOCAL_SERVE": "1", "DJANGO_ALLOWED_HOSTS": "127.0.0.1"}
SHOW = "from django.conf import settings as s; print(s.DEBUG, s.SESSION_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, " \
       "s.STORAGES['staticfiles']['BACKEND'].rsplit('.', 1)[1], s.WHITENOISE_USE_FINDERS)"


def make_dry_run(*args):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run(["make", "--no-print-directory", "-n", *args], cwd=ROOT, env=clean,
                          capture_output=True, text=True)


def test_make_run_settings_have_debug_off_without_tls_only_parts():
    result = run_manage("shell", "--no-imports", "-c", SHOW, **LOCAL)
    assert result.stdout.split() == ["False", "False", "False", "StaticFilesStorage", "True"], result.stderr


def test_production_settings_keep_tls_and_collected_static_files():
    result = run_manage("shell", "--no-imports", "-c", SHOW, **PRODUCTION)
    assert result.stdout.split() == ["False", "True", "True", "CompressedManifestStaticFilesStorage", "False"]


def test_a_django_log_line_is_printed_once_in_development():
    code = "import logging; logging.getLogger('django.request').warning('one line only')"
    result = run_manage("shell", "-c", code, DJANGO_DEBUG="1")
    assert result.stderr.count("one line only") == 1, result.stderr


@pytest.mark.parametrize("url", ["sqlite:///club.sqlite3", "sqlite://:memory:"])
def test_every_sqlite_url_gets_wal_immediate_transactions_and_a_busy_timeout(url):
    assert database(url)["OPTIONS"] == SQLITE_OPTIONS


def test_postgresql_urls_get_no_sqlite_options():
    assert "transaction_mode" not in database("postgres://u@db:5432/imhotep").get("OPTIONS", {})


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
@pytest.mark.parametrize(("args", "address"), [(["PORT=8123"], "127.0.0.1:8123"),
                                               (["HOST=0.0.0.0:8080"], "0.0.0.0:8080")])
def test_make_run_serves_on_the_port_asked_and_prints_the_sign_in_again_when_it_answers(args, address):
    result = make_dry_run("run", *args)
    assert result.returncode == 0, result.stderr
    assert f"runserver --noreload {address}" in result.stdout
    assert f"deploy/wait_up.py http://{address}/healthz" in result.stdout
    assert result.stdout.count('"$signin"') >= 2  # at once, and again once the server answers


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_compiles_the_kernels_into_the_shared_cache_beside_the_server():
    """#52: the same step as `make deploy` (python -m imhotep_site.kernels: var/numba-cache, a
    no-op once compiled), so the server's and the worker's first replay load them."""
    result = make_dry_run("run")
    assert result.returncode == 0, result.stderr
    kernels, server = result.stdout.find("-m imhotep_site.kernels"), result.stdout.find("runserver")
    assert -1 < kernels < server, result.stdout
