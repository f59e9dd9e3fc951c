"""The embedded default holds concurrent work (issue 27): against one SQLite file, a real server
answers 20 live moves posted at once while the task worker analyses games beside it, with no
"database is locked" (WAL, IMMEDIATE transactions and a busy timeout: settings.SQLITE_OPTIONS)."""

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from deploy.wait_up import wait_up
from tests.site.test_shared_throttle import free_port

ROOT = Path(__file__).resolve().parents[2]
TABLES = 20
# 20 games in progress and 6 finished ones queued for analysis; prints the token and each live
# game's next move.
SETUP = f"""
TABLES = {TABLES}
import json
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from games.analysis.service import request_analysis
from games.membership.models import Role
from games.membership.roles import set_role
from tests.kit import random_record
from tests.replay.conftest import store
user = get_user_model().objects.create_user("recorder")
set_role(user, Role.MEMBER)
for seed in range(6):
    request_analysis(store(random_record(100 + seed), user))
moves = []
for seed in range(TABLES):
    game = store(random_record(seed, moves=8), user)
    moves.append({{"game": game.pk, "ply": 8, "move": random_record(seed)["moves"][8]}})
print(json.dumps({{"token": Token.objects.create(user=user).key, "moves": moves}}))
"""


def post_move(port: int, token: str, entry: dict) -> tuple[int, str]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/games/{entry['game']}/moves",
        data=json.dumps({"ply": entry["ply"], "move": entry["move"]}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, ""
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()[:300]


def test_twenty_live_moves_at_once_beside_the_task_worker_all_succeed(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/club.sqlite3", "DJANGO_DEBUG": "0",
           "IMHOTEP_LOCAL_SERVE": "1", "DJANGO_SECRET_KEY": "a-test-key-" + "x" * 40,
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "IMHOTEP_CACHE_DIR": str(tmp_path / "cache"), "REDIS_URL": "",
           "IMHOTEP_TASKS": "database", "IMHOTEP_ANALYSIS_PLAYOUTS": "20", "IMHOTEP_THROTTLE_USER": "10000/min"}

    def manage(*args: str) -> str:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    manage("migrate", "--noinput")
    club = json.loads(manage("shell", "-c", SETUP).strip().splitlines()[-1])
    port = free_port()
    # As `make run` starts them: runserver (a thread per request) and the worker, polling often.
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = subprocess.Popen([sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.1",
                               "--verbosity", "0"], cwd=ROOT, env=env, stderr=subprocess.PIPE)
    try:
        assert wait_up(f"http://127.0.0.1:{port}/healthz", 120)
        with ThreadPoolExecutor(TABLES) as pool:
            answers = list(pool.map(lambda entry: post_move(port, club["token"], entry), club["moves"]))
    finally:
        for process in (server, worker):
            process.terminate()
            process.wait(timeout=20)
    assert [status for status, _ in answers] == [201] * TABLES, answers
    assert "locked" not in worker.stderr.read().decode()
