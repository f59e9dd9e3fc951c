"""A two-node deployment on loopback, measured through its balancer, and what happens when a node
dies (docs/operations.md).

    .venv/bin/python bench/cluster.py [--seconds 5] [--no-load] [--no-fault] [--redis-outage]

Starts, each on a free port and all removed at the end: a new database on the local PostgreSQL
server (CLUSTER_PG, default postgres://postgres@127.0.0.1:5432), Redis (database CLUSTER_REDIS_DB,
default 12, of the one on 127.0.0.1:6379, or a redis-server of its own when none runs there), two
gunicorn instances (4 workers each, production settings), HAProxy round-robin in front of them
(deploy/haproxy.cfg: health-checked on /healthz, at most 4 requests at once per instance, the
rest queued) and one background-task worker (db_worker). Then:

- load figures through the balancer (wrk, 32 connections, the targets of bench/load.sh, the demo
  club plus 10,000 generated games): req/s, p50, p99 and the ratio to /healthz, with the load
  average before the run;
- the fault test, counted rather than timed so that a busy machine only makes it slower: every
  one of 8 writers stores two games through the balancer (warm-up), then they store games as
  fast as they can; once 16 writes are acknowledged, instance app1 is killed (SIGKILL to its
  process group, by PID), and the writers go on until each has 5 writes acknowledged that it
  sent after the kill (at most 120 s in all). It prints the writes acknowledged, the ones that
  failed and the ones in flight at the kill (only those may fail), whether every acknowledged
  game is in the database, and the writes the surviving instance acknowledged.

With --redis-outage (its own redis-server, instead of the fault test): 8 clients read the games
list and the standings, score anonymously and store games for 20 s, Redis is killed half way, and
it prints the answers by status before and after, HAProxy's view of each node and each node's
/healthz (issue 38: a cache outage makes requests slower, never failing).

Nothing is assumed ready: the run waits until HAProxy sees both nodes up (its stats socket) and
until every writer's warm-up writes are acknowledged, so a loaded machine makes it slower, not red.
tests/site/test_cluster.py runs the fault test (`fault_test`, bench/cluster_drills.py) in CI.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = os.environ.get("CLUSTER_PG", "postgres://postgres@127.0.0.1:5432")
REDIS_DB = os.environ.get("CLUSTER_REDIS_DB", "12")  # of the Redis on port 6379, emptied at the start
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


def wait_for(url: str, process: subprocess.Popen, what: str, seconds: float = 120.0) -> None:
    """Until ``url`` answers; generous, as a loaded machine starts gunicorn's workers slowly."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with status {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not answer {url} in {seconds:.0f} s")


TOKEN_SCRIPT = """
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from games.membership.models import Role
from games.membership.roles import set_role
user, _ = get_user_model().objects.get_or_create(username="cluster-writer")
set_role(user, Role.MEMBER)
print(Token.objects.get_or_create(user=user)[0].key)
"""


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
    workers: int = 4  # gunicorn workers per instance; the balancer sends each at most this many at once
    own_redis: bool = False  # a redis-server of its own even when one runs on 6379 (to kill it: --redis-outage)

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
        if port_open(6379) and not self.own_redis:
            subprocess.run(["redis-cli", "-n", REDIS_DB, "flushdb"], capture_output=True, check=False)
            return f"redis://127.0.0.1:6379/{REDIS_DB}"
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
            # Static files collected into the work folder, not the checkout (bench/cluster_settings.py).
            "DJANGO_SETTINGS_MODULE": "bench.cluster_settings",
            "CLUSTER_STATIC_ROOT": str(self.work / "static"),
        }
        self.env["REDIS_URL"] = self._redis_url()
        self._manage("migrate", "--noinput")
        self._manage("collectstatic", "--noinput")
        if self.load_demo:
            self._manage("load_demo", "--games", str(self.games))
        self.token = self._manage("shell", "-c", TOKEN_SCRIPT).strip().splitlines()[-1]
        for name in ("app1", "app2"):
            port = self.ports[name] = free_port()
            # As `make serve`: the app loaded and warmed before the workers fork (deploy/gunicorn.conf.py).
            self._spawn(name, [PYTHON, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}",
                               "--workers", str(self.workers), "--log-level", "warning",
                               "--config", str(ROOT / "deploy" / "gunicorn.conf.py")])
        for name in ("app1", "app2"):
            wait_for(f"http://127.0.0.1:{self.ports[name]}/healthz", self.processes[name], name)
        self.ports["lb"] = free_port()
        self.env.update(LB_PORT=str(self.ports["lb"]), APP1_PORT=str(self.ports["app1"]),
                        APP2_PORT=str(self.ports["app2"]), APP_WORKERS=str(self.workers))
        # The deployment's file, plus a stats socket of this run's own: what HAProxy thinks of each node.
        extra = self.work / "stats.cfg"
        extra.write_text(f'global\n    stats socket "{self.work / "haproxy.sock"}" mode 600 level admin\n')
        self._spawn("haproxy", ["haproxy", "-db", "-f", str(ROOT / "deploy" / "haproxy.cfg"), "-f", str(extra)])
        self.wait_until_up("app1", "app2")
        self._spawn("worker", [PYTHON, "manage.py", "db_worker", "--no-reload", "--interval", "1"])

    def view(self) -> dict[str, str]:
        """HAProxy's view of each node (its stats socket's ``show stat``): status, e.g. "UP",
        "DOWN", "UP 1/2" (going down), "DOWN 1/2" (coming up), "no check"."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(10)
            sock.connect(str(self.work / "haproxy.sock"))
            sock.sendall(b"show stat\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        lines = data.decode().splitlines()
        head = lines[0].lstrip("# ").split(",")
        rows = [dict(zip(head, line.split(","), strict=False)) for line in lines[1:] if line]
        return {r["svname"]: r["status"] for r in rows if r.get("pxname") == "app" and r["svname"].startswith("app")}

    def wait_until_up(self, *names: str, seconds: float = 300.0) -> None:
        """Until HAProxy sees every node of ``names`` up (its health checks passed): a loaded
        machine answers the checks late, and writes sent before would find no node."""
        deadline = time.monotonic() + seconds
        view: dict[str, str] = {}
        while time.monotonic() < deadline:
            if self.processes["haproxy"].poll() is not None:
                raise RuntimeError(f"haproxy exited with status {self.processes['haproxy'].returncode}")
            try:
                view = self.view()
            except OSError:
                view = {}
            if all(view.get(name) == "UP" for name in names):
                return
            time.sleep(0.2)
        raise RuntimeError(f"HAProxy did not see {', '.join(names)} up in {seconds:.0f} s: {view}")

    def kill(self, name: str) -> int:
        """Kill one instance the hard way (its master and workers at once); its PID. Returns once
        its port refuses connections: the listening socket lives until the last worker is gone,
        and until then the kernel still accepts connections for it."""
        pid = self.processes[name].pid
        os.killpg(pid, signal.SIGKILL)
        self.processes[name].wait(timeout=10)
        deadline = time.monotonic() + 10
        while port_open(self.ports[name]) and time.monotonic() < deadline:
            time.sleep(0.01)
        return pid

    def games_named(self, names: set[str]) -> set[str]:
        """Which of ``names`` have a stored game (a seat of theirs), read from the database."""
        import psycopg

        with psycopg.connect(self.env["DATABASE_URL"]) as conn:
            rows = conn.execute(
                "SELECT DISTINCT p.name FROM games_player p JOIN games_seat s ON s.player_id = p.id "
                "WHERE p.name = ANY(%s)", [sorted(names)]).fetchall()
        return {name for (name,) in rows}


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
    from bench.cluster_drills import fault_test, redis_outage  # the drills import this module

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=5, help="wrk seconds per endpoint")
    parser.add_argument("--no-load", action="store_true", help="skip the load figures")
    parser.add_argument("--no-fault", action="store_true", help="skip the fault test")
    parser.add_argument("--games", type=int, default=10_000, help="generated games for the load figures")
    parser.add_argument("--redis-outage", action="store_true",
                        help="then kill the cluster's Redis (its own redis-server) under load and count the answers")
    args = parser.parse_args()
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with Cluster(load_demo=not args.no_load, games=args.games, own_redis=args.redis_outage) as cluster:
        print(f"cluster: HAProxy {cluster.url} -> app1 :{cluster.ports['app1']}, app2 :{cluster.ports['app2']}; "
              f"PostgreSQL {cluster.database}; Redis {cluster.env['REDIS_URL']}")
        if not args.no_load:
            print("\n".join(load_figures(cluster, args.seconds)))
        if args.redis_outage:  # instead of the fault test, which would find Redis gone
            print("\n".join(redis_outage(cluster)))
        elif not args.no_fault:
            report = fault_test(cluster)
            print("\n".join(report.lines()))
            if report.problems():
                sys.exit(f"fault test FAILED: {'; '.join(report.problems())}")


if __name__ == "__main__":
    main()
