"""A bulk import killed halfway (SIGKILL) and run again (issue 29): every record stored whole,
none twice, and every finished game rated. Real processes on a file SQLite database."""

import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.cli.conftest import ROOT
from tests.games.test_background_imports import ndjson, records

RECORDS = 100
UNRATED = """SELECT COUNT(*) FROM games_game g WHERE g.status = 'finished' AND g.parent_id IS NULL
             AND NOT EXISTS (SELECT 1 FROM games_rating r WHERE r.game_id = g.id)"""


@pytest.fixture
def database(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", IMHOTEP_CACHE_DIR=str(tmp_path / "cache"))
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    return tmp_path / "db.sqlite3", env


def count(path, sql: str) -> int:
    with sqlite3.connect(path, timeout=10) as connection:
        return connection.execute(sql).fetchone()[0]


def import_records(env, path, **kwargs):
    command = [sys.executable, "manage.py", "import_records", str(path), "--no-progress"]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)


def test_a_rerun_after_a_sigkill_stores_the_rest_once_and_rates_every_finished_game(database, tmp_path):
    db, env = database
    upload = tmp_path / "records.ndjson"
    upload.write_bytes(ndjson(records(RECORDS)))
    run = import_records(env, upload)
    deadline = time.monotonic() + 120
    while count(db, "SELECT COUNT(*) FROM games_game") < 10 and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.01)
    run.send_signal(signal.SIGKILL)
    run.wait()
    stored = count(db, "SELECT COUNT(*) FROM games_game")
    assert 10 <= stored < RECORDS, f"killed after {stored} games: not halfway"
    # The run never reached its end, but left the mark with the games it stored.
    assert count(db, UNRATED) > 0 and count(db, "SELECT COUNT(*) FROM games_ratingsbacklog") > 0
    # Whole records only: every stored game has its moves.
    assert count(db, "SELECT COUNT(*) FROM games_game g WHERE NOT EXISTS "
                     "(SELECT 1 FROM games_move m WHERE m.game_id = g.id)") == 0

    rerun = import_records(env, upload)
    assert rerun.wait(timeout=300) == 0, rerun.stderr.read().decode()
    assert count(db, "SELECT COUNT(*) FROM games_game") == RECORDS
    assert count(db, "SELECT COUNT(DISTINCT content_hash) FROM games_game") == RECORDS
    assert count(db, UNRATED) == 0
    assert count(db, "SELECT COUNT(*) FROM games_ratingsbacklog") == 0

