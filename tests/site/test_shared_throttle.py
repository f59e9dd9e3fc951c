"""Two server processes, one client: the throttle counts the client once across both, because
the cache is shared (diskcache's files every process of the machine shares by default, Redis
with REDIS_URL), never per process."""

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
from tests.services import redis_up

ROOT = Path(__file__).resolve().parents[2]
RATE = 6


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(port: int) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/score", data=json.dumps(D9_1_BOARD).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def wait_up(port: int, process: subprocess.Popen) -> None:
    for _ in range(100):
        if process.poll() is not None:
            raise RuntimeError(process.stderr.read().decode()[-2000:])
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server on port {port} did not start")


@pytest.mark.parametrize("cache", ["diskcache", "redis"])
def test_one_client_is_throttled_at_the_rate_across_two_server_processes(tmp_path, cache):
    if cache == "redis" and not redis_up():
        pytest.skip("no Redis on 127.0.0.1:6379")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/shared.sqlite3", "DJANGO_DEBUG": "1",
           "IMHOTEP_CACHE_DIR": str(tmp_path / "cache"),
           "IMHOTEP_THROTTLE_ANON": f"{RATE}/min", "REDIS_URL": ""}
    if cache == "redis":
        env["REDIS_URL"] = f"redis://127.0.0.1:6379/{9}"
        subprocess.run(["redis-cli", "-n", "9", "flushdb"], capture_output=True, check=False)
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput"], cwd=ROOT, env=env, check=True, capture_output=True)
    ports = [free_port(), free_port()]
    servers = [subprocess.Popen([sys.executable, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{p}",
                                 "--workers", "1"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE) for p in ports]
    try:
        for port, server in zip(ports, servers, strict=True):
            wait_up(port, server)
        statuses = [post(ports[k % 2]) for k in range(RATE + 4)]
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)
    assert statuses[:RATE] == [200] * RATE
    assert set(statuses[RATE:]) == {429}
