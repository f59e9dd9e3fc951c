"""The club-night load profile (bench/clubnight.py, docs/operations.md) keeps working: one small
step against the server it starts (SQLite, the embedded cache, the task worker), every kind of
person at a tenth of their usual pace, answered without a failed request. Its speed is the
profile's business (make loadtest), not this test's."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIVE_MOVE = "POST /games/[id]/play (live move)"

pytestmark = pytest.mark.slow


def test_a_small_club_night_step_runs_without_a_failed_request(tmp_path):
    figures = tmp_path / "figures.json"
    env = {k: v for k, v in os.environ.items() if "DATABASE_URL" not in k}
    done = subprocess.run(
        [sys.executable, "bench/clubnight.py", "--steps", "5", "--seconds", "8", "--settle", "2", "--pace", "0.1",
         "--json", str(figures)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (step,) = json.loads(figures.read_text())["steps"]
    measured = {row["name"]: row for row in step["rows"]}
    assert step["failures"] == 0, done.stdout[-3000:]
    assert set(step["people"]) == {"Table", "Spectator", "BigScreen", "Calculator", "ApiClient", "Reader"}
    assert all(step["people"].values()), step["people"]
    assert measured[LIVE_MOVE]["requests"] > 0
    assert measured["GET /games/[id]/replay?follow=N (spectator poll)"]["requests"] > 0
