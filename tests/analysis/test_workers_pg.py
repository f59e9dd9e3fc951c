"""Two task workers against PostgreSQL share the queue, and each analysis is computed once
(the database backend hands a task to one worker; `run_analysis` claims its row)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from games.analysis.models import GameAnalysis
from games.analysis.service import request_analysis
from tests.factories import UserFactory
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


def test_two_workers_compute_each_analysis_once(settings):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://…)")
    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 4
    member = UserFactory(username="analyst")
    games = [store(random_record(30 + k), member) for k in range(6)]
    for game in games:
        request_analysis(game)
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "IMHOTEP_ANALYSIS_PLAYOUTS": "4", "DJANGO_DEBUG": "1"}
    command = [sys.executable, "manage.py", "db_worker", "--batch", "--no-startup-delay", "--no-reload",
               "--verbosity", "0"]
    workers = [subprocess.Popen(command, cwd=ROOT, env=env) for _ in range(2)]
    assert [w.wait(timeout=300) for w in workers] == [0, 0]
    analyses = GameAnalysis.objects.order_by("pk")
    assert [(a.status, a.runs) for a in analyses] == [("done", 1)] * len(games)
