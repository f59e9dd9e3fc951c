"""`make serve` loads and warms the app before gunicorn listens and forks its workers (issues 38
and 52, deploy/gunicorn.conf.py, imhotep_site/warm.py): a worker answers its first request without
importing the app, the master hands no open connection to the workers it forks, and no
connection is accepted while the master warms.
bench/restart_under_load.py measures the time to the first answer on a loaded machine."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from django.core.wsgi import get_wsgi_application
from django.db import connection

from tests.site.test_settings import ROOT


@pytest.mark.django_db(transaction=True)
def test_a_warm_up_answers_every_page_it_loads():
    from imhotep_site.warm import warm

    statuses = warm(get_wsgi_application())
    assert set(statuses.values()) == {200}, statuses


@pytest.mark.django_db(transaction=True)
def test_a_warm_up_leaves_no_database_connection_open():
    from imhotep_site.warm import warm

    if connection.vendor == "sqlite":
        pytest.skip("Django never closes the in-memory SQLite test database")
    warm(get_wsgi_application())
    assert connection.connection is None


def test_gunicorn_with_the_serve_config_warms_the_app_before_forking(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3", "DJANGO_DEBUG": "1", "REDIS_URL": "",
           "IMHOTEP_CACHE_DIR": str(tmp_path / "cache")}
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    log = tmp_path / "gunicorn.log"
    with open(log, "wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}",
                                   "--workers", "2", "--config", str(ROOT / "deploy" / "gunicorn.conf.py")],
                                  cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/games/", timeout=10).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
                time.sleep(0.1)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    text = log.read_text()
    warmed, listening = text.find("app warmed before listening and forking"), text.find("Listening at")
    assert -1 < warmed < listening < text.find("Booting worker"), text[-3000:]
    assert "': 200" in text[warmed:listening] and "': 0" not in text[warmed:listening], text[warmed:listening]


def test_gunicorn_with_the_serve_config_refuses_a_database_not_migrated(tmp_path):
    """`make serve` runs no one-time step (#52): where `make deploy` was not run it says so and
    never listens."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3", "DJANGO_DEBUG": "1", "REDIS_URL": "",
           "IMHOTEP_CACHE_DIR": str(tmp_path / "cache")}
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    done = subprocess.run([sys.executable, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}",
                           "--workers", "1", "--config", str(ROOT / "deploy" / "gunicorn.conf.py")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 3, done.stderr[-3000:]
    assert "not starting:" in done.stderr and "migration(s) not applied to the database" in done.stderr
    assert "Run `make deploy`" in done.stderr
    assert "Listening at" not in done.stderr


def test_a_warm_up_loads_each_built_in_games_compiled_playouts():
    """A worker forked after the warm-up plays its first hint without numba's import and compile (#40)."""
    pytest.importorskip("numba")
    from imhotep_site.warm import warm_games
    from rules_engine.classic.compiled import fastplay as classic_fastplay
    from rules_engine.duel.compiled import fastplay as duel_fastplay

    warmed = warm_games()
    assert warmed["duel"] and warmed["classic"]
    assert duel_fastplay._modules is not None and classic_fastplay._KERNEL[0] is not None


WITHOUT_NUMBA = """
import sys
sys.modules["numba"] = None  # import numba raises ImportError
import django
django.setup()
from imhotep_site.warm import warm_games
print("warmed", warm_games())
"""


def test_a_warm_up_goes_on_where_numba_cannot_be_imported():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "imhotep_site.settings"}
    done = subprocess.run([sys.executable, "-c", WITHOUT_NUMBA], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert "'duel': False" in done.stdout and "'classic': False" in done.stdout, done.stdout


def test_a_warm_up_that_fails_is_logged_once(monkeypatch, caplog):
    from types import SimpleNamespace

    from imhotep_site import warm

    def broken() -> bool:
        raise RuntimeError("kernel cache unreadable")

    registry = SimpleNamespace(games={"broken": SimpleNamespace(warm_up=broken)})
    monkeypatch.setattr(warm, "default_registry", lambda: registry)
    with caplog.at_level("INFO", logger=warm.logger.name):
        assert warm.warm_games() == {"broken": False}
    messages = [r.getMessage() for r in caplog.records]
    about = [m for m in messages if "broken" in m and "warmed before" not in m]
    assert about == ["warming the playouts of broken failed"]
