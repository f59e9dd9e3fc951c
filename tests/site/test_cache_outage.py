"""A cache outage makes requests slower, never failing (issue 38, imhotep_site/cache_guard.py):
a real server (gunicorn) whose Redis is a closed port, one whose cache files are on a read-only
file system and one whose cache files are on a full one answer the games list, the standings,
anonymous scoring and a write as usual, and /healthz says the cache is out (200, "degraded": the
node still serves)."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from rules_engine.duel.apidocs import D9_1_BOARD

ROOT = Path(__file__).resolve().parents[2]

SETUP = """
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from games.membership.models import Role
from games.membership.roles import set_role
from tests.factories import UserFactory
from tests.kit import random_record
from tests.replay.conftest import store
cache.set("warm", 1)  # the cache files exist before they are made read-only
user = UserFactory(username="writer")
set_role(user, Role.MEMBER)
store(random_record(5), user)
print(Token.objects.create(user=user).key)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def read_only(directory: Path) -> list[str]:
    """The command prefix that runs a process with ``directory`` read-only: a read-only bind mount
    in a mount namespace of its own (root, whom file modes do not stop), else file modes."""
    if os.geteuid() != 0:
        for path in [directory, *directory.rglob("*")]:
            path.chmod(0o555 if path.is_dir() else 0o444)
        return []
    d = str(directory)
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c",
            f'mount --bind "{d}" "{d}" && mount -o remount,ro,bind "{d}" "{d}" && exec "$@"', "sh"]


def full(directory: Path) -> list[str]:
    """The command prefix that runs a process with ``directory`` on a file system with no room
    left: a small tmpfs of its own mount namespace holding a copy of the cache files, then
    filled up (root only)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a full file system needs root")
    d, copy = str(directory), str(directory.with_name("cache-copy"))
    subprocess.run(["cp", "-a", d, copy], check=True)
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c",
            f'mount -t tmpfs -o size=4m tmpfs "{d}" && cp -a "{copy}/." "{d}/" '
            f'&& {{ head -c 8m /dev/zero > "{d}/filler" 2>/dev/null || true; }} && exec "$@"', "sh"]


class Server:
    def __init__(self, tmp: Path, outage: str):
        self.env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3", "DJANGO_DEBUG": "1",
                    "IMHOTEP_CACHE_DIR": str(tmp / "cache"), "REDIS_URL": "", "DJANGO_LOG_LEVEL": "WARNING"}
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput"], cwd=ROOT, env=self.env, check=True, capture_output=True)
        done = subprocess.run([*manage, "shell", "-c", SETUP], cwd=ROOT, env=self.env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
        self.token = done.stdout.strip().splitlines()[-1]
        prefix = []
        if outage == "redis":
            self.env["REDIS_URL"] = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
        elif outage == "full-files":
            prefix = full(tmp / "cache")
        else:
            prefix = read_only(tmp / "cache")
        self.port = free_port()
        self.log = open(tmp / "server.log", "wb")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [*prefix, sys.executable, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{self.port}",
             "--workers", "1"], cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        self.tmp = tmp
        deadline = time.monotonic() + 120
        while True:
            assert self.process.poll() is None, (tmp / "server.log").read_text()[-3000:]
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=5).close()
                break
            except urllib.error.HTTPError:
                break  # it answers
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def request(self, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)
        self.log.close()


@pytest.fixture(scope="module", params=["redis", "read-only-files", "full-files"])
def server(request, tmp_path_factory):
    started = Server(tmp_path_factory.mktemp(request.param), request.param)
    yield started
    started.stop()


def test_the_games_list_is_served(server):
    assert server.request("/games/")[0] == 200


def test_the_standings_are_served(server):
    assert server.request("/games/standings")[0] == 200


def test_anonymous_scoring_is_served(server):
    status, body = server.request("/api/v1/score", D9_1_BOARD)
    assert status == 200, body[:500]


def test_a_write_is_stored(server):
    board = json.loads(json.dumps(D9_1_BOARD))
    board["players"][0]["name"] = "Outage writer"
    status, body = server.request("/api/v1/games", board, token=server.token)
    assert status == 201, body[:500]


def test_healthz_says_the_cache_is_out_and_the_node_serves(server):
    status, body = server.request("/healthz")
    answer = json.loads(body)
    assert status == 200 and answer["status"] == "degraded", answer
    assert answer["database_writes"] == "ok" and answer["cache"] != "ok"


def test_the_outage_is_logged_once(server):
    server.request("/games/")
    log = (server.tmp / "server.log").read_text()
    assert log.count("serving without it") == 1, log[-3000:]


def test_no_worker_died(server):
    # gunicorn says "Worker (pid:N) was sent SIGBUS!" (the disk cache's files full or read-only did that).
    assert "was sent" not in (server.tmp / "server.log").read_text()
