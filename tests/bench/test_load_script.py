"""bench/load.sh never writes into a real database (docs/operations.md): it ignores
DATABASE_URL, and refuses a LOAD_DATABASE_URL that already holds players or games before
writing anything (migrations included)."""

import hashlib
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# load.sh collects static files into the checkout's staticfiles/, as the cluster test does: one
# pytest-xdist worker runs both.
pytestmark = [pytest.mark.skipif(shutil.which("wrk") is None, reason="load.sh needs wrk"),
              pytest.mark.xdist_group("staticfiles")]


def club_file(path: Path, players: int, games: int) -> Path:
    """A SQLite file with a club's two tables (as much of them as the check reads), in WAL mode as
    the service leaves its files (settings.SQLITE_OPTIONS; switching the mode rewrites the header)."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE games_player (id integer PRIMARY KEY, name text)")
        db.execute("CREATE TABLE games_game (id integer PRIMARY KEY)")
        db.executemany("INSERT INTO games_player (name) VALUES (?)", [(f"p{i}",) for i in range(players)])
        db.executemany("INSERT INTO games_game DEFAULT VALUES", [()] * games)
    db.close()
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_sh(timeout=120, **env):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and "DATABASE_URL" not in k}
    return subprocess.run(
        ["bash", "bench/load.sh", "1"], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=timeout
    )


def test_load_refuses_a_database_that_holds_a_club_and_ignores_database_url(tmp_path):
    real = club_file(tmp_path / "real.sqlite3", players=3, games=0)
    load = club_file(tmp_path / "load.sqlite3", players=1, games=2)
    before = digest(real), digest(load)
    result = load_sh(DATABASE_URL=f"sqlite:///{real}", LOAD_DATABASE_URL=f"sqlite:///{load}")
    assert result.returncode == 2, result.stderr
    assert "the load database already holds 1 player(s) and 2 game(s)" in result.stderr
    assert (digest(real), digest(load)) == before


@pytest.mark.slow
def test_load_is_a_cost_probe_without_issue_17_targets():
    """Issue #30 retired the /healthz-share targets: each endpoint's req/s is still given as a
    share of /healthz's (its cost), with no verdict."""
    result = load_sh(timeout=900, LOAD_GAMES="0", WARMUP="0")  # migrate, the demo club, static files
    assert result.returncode == 0, result.stderr[-3000:]
    rows = [line for line in result.stdout.splitlines() if line.startswith("| ")]
    assert "of /healthz" in rows[0] and "target" not in rows[0]
    assert len(rows) == 1 + 6  # the header, /healthz, two scores, a replay step, the list, the standings
    assert not any(word in result.stdout for word in ("issue #17", "met ≥", "MISSED"))
