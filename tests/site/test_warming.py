"""A start on a cache without this install's compiled kernels (issue #52, imhotep_site/kernels.py,
deploy/gunicorn.conf.py): the kernels compile in a detached process named by a marker in the
cache, while gunicorn listens at once, /healthz answers 503 "warming" and the engine plays its
pure Python (rules_engine/compiled.py); a marker whose compiler is gone is ignored."""

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from imhotep_site import kernels
from rules_engine import compiled
from tests.site.test_settings import ROOT


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty kernel cache in tmp_path/numba, its marker's path in the environment."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    monkeypatch.setenv(kernels.WARMING_ENV, str(tmp_path / "numba" / kernels.MARKER))
    return tmp_path / "numba"


@pytest.fixture
def compiler():
    """A live process standing for the background compiler."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    yield process
    process.kill()
    process.wait()


def mark(process: subprocess.Popen) -> None:
    kernels.write_marker(process.pid, compiled.process_start(process.pid))


@pytest.mark.django_db
def test_healthz_says_warming_with_503_while_the_markers_compiler_runs(client, cache, compiler):
    mark(compiler)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "warming" and body["database"] == body["database_writes"] == "ok"
    assert body["kernels"].startswith(f"warming: compiling into {cache} (pid {compiler.pid})")


@pytest.mark.django_db
def test_healthz_ignores_a_marker_whose_compiler_is_gone(client, cache):
    crashed = subprocess.Popen([sys.executable, "-c", "raise SystemExit(1)"])
    crashed.wait()
    mark(crashed)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok" and "kernels" not in response.json()


def test_a_compiler_that_died_but_is_not_yet_reaped_is_not_warming(cache):
    crashed = subprocess.Popen([sys.executable, "-c", "raise SystemExit(1)"])
    start = compiled.process_start(crashed.pid)
    deadline = time.monotonic() + 30
    while compiled._stat(crashed.pid)[0] != "Z":  # exited, its parent (this process) not yet waiting
        assert time.monotonic() < deadline
        time.sleep(0.05)
    kernels.write_marker(crashed.pid, start)
    try:
        assert kernels.warming() is None
    finally:
        crashed.wait()


def test_a_marker_naming_a_reused_pid_is_not_warming(cache, compiler):
    kernels.write_marker(compiler.pid, compiled.process_start(compiler.pid) - 1)
    assert kernels.warming() is None


LOAD_WHILE_WARMING = """
import os, sys
from rules_engine import compiled
from rules_engine.classic.compiled import fastplay as classic
names = ("numpy", "rules_engine.duel.compiled.kernel", "rules_engine.duel.compiled.kernel_batch")
print(compiled.load(names, "off: %s") is None, classic.kernel() is None)
os.remove(os.environ["IMHOTEP_KERNELS_WARMING"])  # the compiler stamped the cache and left
loaded = compiled.load(names, "off: %s")
print(loaded is not None and loaded[2].__name__ == names[2], classic.kernel() is not None)
"""


def test_the_engine_loads_no_kernel_while_warming_and_the_modules_once_the_marker_is_gone(cache, compiler):
    pytest.importorskip("numba")
    mark(compiler)
    done = subprocess.run([sys.executable, "-c", LOAD_WHILE_WARMING], cwd=ROOT, env=dict(os.environ),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "True", "True"], done.stdout
    assert "off:" not in done.stderr  # None while warming is not a failure: nothing logged


def get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            status, text = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, {}


@contextlib.contextmanager
def serving_on_an_empty_cache(tmp_path):
    """`make serve`'s gunicorn on a migrated database and an empty kernel cache: (its URL, the log,
    the cache); the server and the compiler it started are killed at the end."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    numba = tmp_path / "numba"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3", "DJANGO_DEBUG": "1", "REDIS_URL": "",
           "IMHOTEP_CACHE_DIR": str(tmp_path / "cache"), "NUMBA_CACHE_DIR": str(numba)}
    env.pop(kernels.WARMING_ENV, None)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    log = tmp_path / "gunicorn.log"
    with open(log, "wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}",
                                   "--workers", "2", "--config", str(ROOT / "deploy" / "gunicorn.conf.py")],
                                  cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield f"http://127.0.0.1:{port}", log, numba
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        with contextlib.suppress(OSError, ValueError, KeyError):
            os.kill(json.loads((numba / kernels.MARKER).read_text())["pid"], signal.SIGKILL)


def first_answer(url: str) -> tuple[int, dict]:
    deadline = time.monotonic() + 120
    while True:
        try:
            return get(f"{url}/healthz")
        except OSError:  # refused: not listening yet
            assert time.monotonic() < deadline
            time.sleep(0.1)


def test_gunicorn_listens_without_waiting_for_the_compile_and_says_warming(tmp_path):
    with serving_on_an_empty_cache(tmp_path) as (url, log, numba):
        status, body = first_answer(url)
        pages = get(f"{url}/games/")[0], get(f"{url}/api/v1/games")[0]
        compiler = json.loads((numba / kernels.MARKER).read_text())
        still_compiling = compiled.alive(compiler["pid"], compiler["start"])
    assert (status, body["status"]) == (503, "warming"), body
    assert pages == (200, 200)  # the pure engine serves meanwhile
    assert still_compiling and not (numba / kernels.STAMP).exists()
    text = log.read_text()
    background, listening = text.find("compiling them in the background"), text.find("Listening at")
    assert -1 < background < listening < text.find("Booting worker"), text[-3000:]


def test_a_killed_compiler_leaves_the_service_warming_no_longer(tmp_path):
    with serving_on_an_empty_cache(tmp_path) as (url, _log, numba):
        assert first_answer(url)[0] == 503
        os.kill(json.loads((numba / kernels.MARKER).read_text())["pid"], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while (answer := get(f"{url}/healthz"))[0] != 200:
            assert time.monotonic() < deadline, answer
            time.sleep(0.2)
    assert answer[1]["status"] == "ok" and "kernels" not in answer[1]
