"""A two-node deployment on loopback, measured through its balancer, and what happens when a node
dies (docs/operations.md).

    .venv/bin/python bench/cluster.py [--seconds 5] [--no-load] [--no-fault]

Starts, each on a free port and all removed at the end: a new database on the local PostgreSQL
server (CLUSTER_PG, default postgres://postgres@127.0.0.1:5432), Redis (database 12 of the one on
127.0.0.1:6379, or a redis-server of its own when none runs there), two gunicorn instances (4
workers each, production settings), HAProxy round-robin in front of them (deploy/haproxy.cfg,
health-checked on /healthz) and one background-task worker (db_worker). Then:

- load figures through the balancer (wrk, 32 connections, the targets of bench/load.sh, the demo
  club plus 10,000 generated games): req/s, p50, p99 and the ratio to /healthz, with the load
  average before the run;
- the fault test: 4 clients store score-only games through the balancer as fast as they can;
  after 1 s one instance is killed (SIGKILL to its process group, by PID) and the clients go on
  for 2 s. It prints how many writes were acknowledged, how many failed (at most the ones in
  flight may fail), whether every acknowledged game is in the database, and how many writes the
  surviving instance acknowledged after the kill.

tests/site/test_cluster.py runs the fault test (`fault_test`) in CI.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = os.environ.get("CLUSTER_PG", "postgres://postgres@127.0.0.1:5432")
PYTHON = sys.executable
sys.path.insert(0, str(ROOT))  # run from a clone, as a script


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        return False
    return True


def wait_for(url: str, process: subprocess.Popen, what: str) -> None:
    for _ in range(150):
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with status {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not answer {url}")


@dataclass
class Cluster:
    """The processes of the loopback deployment; a context manager that stops them all."""

    load_demo: bool = True
    games: int = 10_000  # generated games besides the demo club (load figures)
    work: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="imhotep-cluster-")))
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)
    ports: dict[str, int] = field(default_factory=dict)
    database: str = field(default_factory=lambda: f"imhotep_cluster_{os.getpid()}")
    env: dict[str, str] = field(default_factory=dict)
    token: str = ""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.ports['lb']}"

    def __enter__(self) -> Cluster:
        try:
            self._start()
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
        self._psql(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
        shutil.rmtree(self.work, ignore_errors=True)

    # -- starting ---------------------------------------------------------------------
    def _psql(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(f"{PG_ADMIN}/postgres", autocommit=True) as conn:
            conn.execute(sql)

    def _spawn(self, name: str, args: list[str], **kwargs) -> subprocess.Popen:
        log = open(self.work / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True, **kwargs)  # its own group: killed as a whole
        self.processes[name] = process
        return process

    def _manage(self, *args: str) -> str:
        done = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)}: {done.stderr[-2000:]}")
        return done.stdout

    def _redis_url(self) -> str:
        if port_open(6379):
            subprocess.run(["redis-cli", "-n", "12", "flushdb"], capture_output=True, check=False)
            return "redis://127.0.0.1:6379/12"
        port = self.ports["redis"] = free_port()
        self._spawn("redis", ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"])
        for _ in range(50):
            if port_open(port):
                break
            time.sleep(0.1)
        return f"redis://127.0.0.1:{port}/0"

    def _start(self) -> None:
        self._psql(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
        self._psql(f'CREATE DATABASE "{self.database}"')
        self.env = {
            **os.environ,
            "DATABASE_URL": f"{PG_ADMIN}/{self.database}",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DJANGO_LOG_LEVEL": "WARNING",
            "IMHOTEP_THROTTLE_ANON": "100000000/min",  # raised: the server is measured, not its 429s
            "IMHOTEP_THROTTLE_USER": "100000000/min",
            "IMHOTEP_TASKS": "database",
        }
        self.env["REDIS_URL"] = self._redis_url()
        self._manage("migrate", "--noinput")
        self._manage("collectstatic", "--noinput")
        if self.load_demo:
            self._manage("load_demo", "--games", str(self.games))
        self.token = self._manage("shell", "-c", TOKEN_SCRIPT).strip().splitlines()[-1]
        for name in ("app1", "app2"):
            port = self.ports[name] = free_port()
            self._spawn(name, [PYTHON, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}",
                               "--workers", "4", "--log-level", "warning"])
        for name in ("app1", "app2"):
            wait_for(f"http://127.0.0.1:{self.ports[name]}/healthz", self.processes[name], name)
        self.ports["lb"] = free_port()
        self.env.update(LB_PORT=str(self.ports["lb"]), APP1_PORT=str(self.ports["app1"]),
                        APP2_PORT=str(self.ports["app2"]))
        self._spawn("haproxy", ["haproxy", "-db", "-f", str(ROOT / "deploy" / "haproxy.cfg")])
        wait_for(f"{self.url}/healthz", self.processes["haproxy"], "haproxy")
        self._spawn("worker", [PYTHON, "manage.py", "db_worker", "--no-reload", "--interval", "1"])

    def kill(self, name: str) -> int:
        """Kill one instance the hard way (its master and workers at once); its PID."""
        pid = self.processes[name].pid
        os.killpg(pid, signal.SIGKILL)
        self.processes[name].wait(timeout=10)
        return pid

    def games_named(self, names: set[str]) -> set[str]:
        """Which of ``names`` have a stored game (a seat of theirs), read from the database."""
        import psycopg

        with psycopg.connect(self.env["DATABASE_URL"]) as conn:
            rows = conn.execute(
                "SELECT DISTINCT p.name FROM games_player p JOIN games_seat s ON s.player_id = p.id "
                "WHERE p.name = ANY(%s)", [sorted(names)]).fetchall()
        return {name for (name,) in rows}


TOKEN_SCRIPT = """
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from games.membership.models import Role
from games.membership.roles import set_role
user, _ = get_user_model().objects.get_or_create(username="cluster-writer")
set_role(user, Role.MEMBER)
print(Token.objects.get_or_create(user=user)[0].key)
"""


# -- the fault test ------------------------------------------------------------------------


@dataclass
class Write:
    name: str
    started: float
    ended: float
    status: int  # the HTTP status, or 0 when the connection failed


@dataclass
class FaultReport:
    writes: list[Write]
    killed_at: float
    killed_pid: int
    clients: int
    stored: set[str]

    @property
    def acknowledged(self) -> list[Write]:
        # 409: "already stored" — the balancer retried a write the dead instance had stored.
        return [w for w in self.writes if w.status in (201, 409)]

    @property
    def failed(self) -> list[Write]:
        return [w for w in self.writes if w.status not in (201, 409)]

    @property
    def lost(self) -> list[str]:
        """Acknowledged writes the database does not have."""
        return [w.name for w in self.acknowledged if w.name not in self.stored]

    @property
    def after_kill(self) -> list[Write]:
        return [w for w in self.acknowledged if w.started > self.killed_at]

    def _statuses(self) -> str:
        counts: dict[int, int] = {}
        for w in self.failed:
            counts[w.status] = counts.get(w.status, 0) + 1
        shown = ", ".join(f"{n} × {'no answer' if s == 0 else s}" for s, n in sorted(counts.items()))
        return f" [{shown}]" if shown else ""

    def lines(self) -> list[str]:
        return [
            f"fault test: {self.clients} clients storing games through the balancer; instance app1 "
            f"(PID {self.killed_pid}) killed with SIGKILL after {self.killed_at - self.writes[0].started:.1f} s",
            f"  writes acknowledged (201, or 409 for a retried one): {len(self.acknowledged)}; "
            f"failed: {len(self.failed)} (at most {self.clients} may: the ones in flight){self._statuses()}",
            f"  acknowledged but missing from the database: {len(self.lost)}",
            f"  acknowledged after the kill (served by app2): {len(self.after_kill)}",
        ]


def _store(url: str, token: str, name: str) -> Write:
    from scoring.api_examples import D9_1_BOARD  # the rulebook's D9.1 end of game

    board = json.loads(json.dumps(D9_1_BOARD))  # each write names its own players: unique content
    board["players"][0]["name"], board["players"][1]["name"] = name, f"{name} (2)"
    request = urllib.request.Request(f"{url}/api/v1/games", data=json.dumps(board).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Authorization": f"Token {token}"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return Write(name, started, time.monotonic(), status)


def fault_test(cluster: Cluster, clients: int = 4, before: float = 1.0, after: float = 2.0) -> FaultReport:
    writes: list[Write] = []
    lock = threading.Lock()
    stop = threading.Event()

    def client(c: int) -> None:
        k = 0
        while not stop.is_set():
            write = _store(cluster.url, cluster.token, f"Fault {c}-{k}")
            with lock:
                writes.append(write)
            k += 1

    threads = [threading.Thread(target=client, args=(c,)) for c in range(clients)]
    for t in threads:
        t.start()
    time.sleep(before)
    killed_at = time.monotonic()
    pid = cluster.kill("app1")
    time.sleep(after)
    stop.set()
    for t in threads:
        t.join()
    writes.sort(key=lambda w: w.started)
    stored = cluster.games_named({w.name for w in writes})
    return FaultReport(writes, killed_at, pid, clients, stored)


# -- load figures --------------------------------------------------------------------------


def load_figures(cluster: Cluster, seconds: int) -> list[str]:
    if shutil.which("wrk") is None:
        return ["load figures: wrk is not installed (apt-get install -y wrk)"]
    subprocess.run([PYTHON, "manage.py", "shell", "-c",
                    f"import runpy, sys; sys.argv = ['targets', '{cluster.work}']; runpy.run_path('bench/targets.py')"],
                   cwd=ROOT, env=cluster.env, check=True, capture_output=True)
    targets = [line.split("|") for line in (cluster.work / "targets").read_text().splitlines()]

    def wrk(path: str, body: str, htmx: str, duration: int) -> str:
        args = ["wrk", "-t2", "-c32", f"-d{duration}s", "--latency", f"{cluster.url}{path}"]
        if body:
            args[1:1] = ["-s", str(ROOT / "bench" / "post_json.lua")]
        if htmx:
            args[1:1] = ["-H", "HX-Request: true"]
        return subprocess.run(args, env={**os.environ, "BODY": body}, capture_output=True, text=True).stdout

    # Warm-up, not measured (as bench/load.sh): otherwise the workers' lazy loading falls on
    # /healthz, the first endpoint and the baseline.
    for _label, path, body, htmx, _share, _p99 in targets:
        wrk(path, body, htmx, 2)
    rows, base = [], None
    for label, path, body, htmx, _share, _p99 in targets:  # targets: bench/load.sh's
        out = wrk(path, body, htmx, seconds)
        rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])
        p50 = re.search(r"^\s+50%\s+(\S+)", out, re.M)[1]
        p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)[1]
        bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        base = base or rps
        errors = bad[1] if bad else 0
        rows.append(f"| {label:44} | {rps:9.0f} | {p50:>9} | {p99:>9} | {rps / base:6.0%} | {errors:>6} |")
    head = [f"| {'endpoint (through HAProxy, 2 × gunicorn 4 workers)':44} | {'req/s':>9} | {'p50':>9} | {'p99':>9} | "
            f"{'/healthz':>6} | {'non-2xx':>6} |", "|" + "---|" * 6]
    return head + rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=5, help="wrk seconds per endpoint")
    parser.add_argument("--no-load", action="store_true", help="skip the load figures")
    parser.add_argument("--no-fault", action="store_true", help="skip the fault test")
    parser.add_argument("--games", type=int, default=10_000, help="generated games for the load figures")
    args = parser.parse_args()
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with Cluster(load_demo=not args.no_load, games=args.games) as cluster:
        print(f"cluster: HAProxy {cluster.url} -> app1 :{cluster.ports['app1']}, app2 :{cluster.ports['app2']}; "
              f"PostgreSQL {cluster.database}; Redis {cluster.env['REDIS_URL']}")
        if not args.no_load:
            print("\n".join(load_figures(cluster, args.seconds)))
        if not args.no_fault:
            report = fault_test(cluster)
            print("\n".join(report.lines()))
            if report.lost or len(report.failed) > report.clients or not report.after_kill:
                sys.exit("fault test FAILED")


if __name__ == "__main__":
    main()
