"""The same analysis through Redis and an RQ worker (IMHOTEP_TASKS=rq, REDIS_URL): the setting
a deployment on several machines uses. Runs in its own processes, as a deployment would."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.services import redis_up

ROOT = Path(__file__).resolve().parents[2]
SETUP = """
from games.analysis.service import request_analysis
from games.services.recording import import_record
from django.contrib.auth import get_user_model
from rules_engine.registry import default_registry
import random
record = default_registry().game("duel").random_record(random.Random(3))
record["players"] = ["Ana", "Ben"]
user = get_user_model().objects.create_user("analyst", password="x")
game = import_record(record, user=user, source="recorded").game
print(request_analysis(game)[0].pk)
"""
CHECK = "from games.analysis.models import GameAnalysis as A; a = A.objects.get(); print(a.status, a.runs)"


@pytest.mark.skipif(not redis_up(), reason="no Redis on 127.0.0.1:6379")
def test_an_rq_worker_computes_an_analysis_queued_in_redis(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/rq.sqlite3", "DJANGO_DEBUG": "1",
           "IMHOTEP_TASKS": "rq", "REDIS_URL": "redis://127.0.0.1:6379/11", "IMHOTEP_ANALYSIS_PLAYOUTS": "4"}
    subprocess.run(["redis-cli", "-n", "11", "flushdb"], capture_output=True, check=False)

    def manage(*args: str) -> str:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""

    manage("migrate", "--noinput")
    manage("shell", "-c", SETUP)
    assert manage("shell", "-c", CHECK) == "queued 0"
    manage("rqworker", "default", "--burst", "--job-class", "django_tasks_rq.backend.Job")
    assert manage("shell", "-c", CHECK) == "done 1"
