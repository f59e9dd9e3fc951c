"""A task worker killed (SIGKILL) mid-analysis and mid-import, and another started (issue 38,
games/leases.py): the work its lease held is queued again at the new worker's start, restarted,
and finished. Real `manage.py db_worker` processes on a file SQLite database, or on a new
PostgreSQL database of the server DATABASE_URL names when the suite runs on PostgreSQL."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
import uuid

import pytest

from tests.cli.conftest import ROOT

RECORDS = 150


class Database:
    """The database the workers share, read with plain SQL from the test."""

    def __init__(self, env: dict, sqlite_path=None):
        self.env, self.sqlite_path = env, sqlite_path

    def value(self, sql: str):
        if self.sqlite_path:
            with sqlite3.connect(self.sqlite_path, timeout=10) as conn:
                row = conn.execute(sql).fetchone()
        else:
            import psycopg

            with psycopg.connect(self.env["DATABASE_URL"]) as conn:
                row = conn.execute(sql).fetchone()
        return row[0] if row else None

    def shell(self, script: str) -> str:
        done = subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT, env=self.env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout.strip().splitlines()[-1]

    def worker(self) -> subprocess.Popen:
        command = [sys.executable, "manage.py", "db_worker", "--no-reload", "--no-startup-delay", "--interval", "0.2",
                   "--verbosity", "0"]
        return subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def wait_until(self, sql: str, check, seconds: float, worker: subprocess.Popen) -> object:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = self.value(sql)
            if check(value):
                return value
            assert worker.poll() is None, worker.stderr.read().decode()[-3000:]
            time.sleep(0.05)
        raise AssertionError(f"{sql!r} still {self.value(sql)!r} after {seconds} s")


@pytest.fixture
def database(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    # 5,000 playouts a position: with the compiled playouts (#40) 60 finished the whole game
    # between two of the test's looks, before the kill; this takes about 5 s.
    env.update(IMHOTEP_CACHE_DIR=str(tmp_path / "cache"), IMHOTEP_ANALYSIS_PLAYOUTS="5000", DJANGO_DEBUG="1")
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        # A database of its own beside the test database, dropped at the end.
        import psycopg

        server, name = url.rsplit("/", 1)[0], f"{url.rsplit('/', 1)[1]}_crash_{os.getpid()}"
        with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        env["DATABASE_URL"] = f"{server}/{name}"
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        yield Database(env)
        with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        return
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    yield Database(env, tmp_path / "db.sqlite3")


def kill(worker: subprocess.Popen) -> None:
    worker.send_signal(signal.SIGKILL)
    worker.wait()


ANALYSE = """
from tests.kit import random_record
from tests.replay.conftest import store
from games.analysis.service import request_analysis
print(request_analysis(store(random_record(21)))[0].pk)
"""

IMPORT = f"""
from tests.games.test_background_imports import ndjson, records
from games.services import importing
print(importing.start(ndjson(records({RECORDS})).decode(), user=None, language="en").pk)
"""


def test_an_analysis_whose_worker_was_killed_finishes_after_the_next_worker_starts(database):
    pk = int(database.shell(ANALYSE))
    row = f"FROM analysis_gameanalysis WHERE id = {pk}"
    first = database.worker()
    try:
        done = database.wait_until(f"SELECT plies_done {row} AND status = 'running'", lambda v: v and v >= 1, 120,
                                   first)
    finally:
        kill(first)
    total = database.value(f"SELECT plies_total {row}")
    assert done < total, "the analysis finished before the kill"
    restarted = time.monotonic()
    second = database.worker()
    try:
        database.wait_until(f"SELECT status {row}", lambda v: v == "done", 300, second)
    finally:
        kill(second)
    print(f"analysis killed at {done} of {total} positions (load average {os.getloadavg()[0]:.2f}); done "
          f"{time.monotonic() - restarted:.1f} s after the next worker started")  # -rP shows it
    assert database.value(f"SELECT plies_done {row}") == total
    assert (database.value(f"SELECT runs {row}"), database.value(f"SELECT restarts {row}")) == (2, 1)


def test_an_import_whose_worker_was_killed_finishes_after_the_next_worker_starts(database):
    pk = uuid.UUID(database.shell(IMPORT))
    row = f"FROM games_importjob WHERE CAST(id AS TEXT) IN ('{pk.hex}', '{pk}')"  # SQLite keeps the hex
    first = database.worker()
    try:
        database.wait_until("SELECT COUNT(*) FROM games_game", lambda v: v >= 1, 120, first)
    finally:
        kill(first)
    stored = database.value("SELECT COUNT(*) FROM games_game")
    assert stored < RECORDS and database.value(f"SELECT status {row}") == "running"
    print(f"import killed after {stored} of {RECORDS} records (load average {os.getloadavg()[0]:.2f})")
    second = database.worker()
    try:
        database.wait_until(f"SELECT status {row}", lambda v: v == "done", 300, second)
    finally:
        kill(second)
    assert database.value("SELECT COUNT(*) FROM games_game") == RECORDS
    assert database.value("SELECT COUNT(DISTINCT content_hash) FROM games_game") == RECORDS
    assert (database.value(f"SELECT imported + duplicates {row}"), database.value(f"SELECT restarts {row}")) == (
        RECORDS, 1)
