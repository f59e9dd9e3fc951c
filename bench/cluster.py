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
    writer: int
    started: float
    ended: float
    status: int  # the HTTP status, or 0 when the connection failed


@dataclass
class FaultReport:
    """What the writers saw around the kill; counted, not timed (a busy machine only slows it)."""

    writes: list[Write]
    kill_started: float  # just before SIGKILL was sent
    kill_done: float  # once the instance's processes were gone
    killed_pid: int
    clients: int
    kill_after: int  # acknowledged writes wanted before the kill
    each_after: int  # acknowledged writes wanted from every writer after the kill
    capped: bool  # the cap struck before every writer had its writes after the kill
    stored: set[str]
    survivor_healthy: bool  # the surviving instance's own /healthz answered 200 at the end
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    warm_refused: list[int] = field(default_factory=list)  # warm-up writes refused and sent again
    view_at_kill: dict[str, str] = field(default_factory=dict)  # HAProxy's view once the node was dead
    view_at_end: dict[str, str] = field(default_factory=dict)

    @property
    def acknowledged(self) -> list[Write]:
        # 409: "already stored" — a retried write the dead instance had stored.
        return [w for w in self.writes if w.status in (201, 409)]

    @property
    def failed(self) -> list[Write]:
        return [w for w in self.writes if w.status not in (201, 409)]

    @property
    def lost(self) -> list[str]:
        """Acknowledged writes the database does not have."""
        return [w.name for w in self.acknowledged if w.name not in self.stored]

    @property
    def in_flight(self) -> list[Write]:
        """Writes open at some moment of the kill: sent before it ended, answered after it began.
        The kill lasts from SIGKILL until the port refuses connections (tens of ms on a loaded
        machine): until the last worker is gone the kernel still accepts connections for it."""
        return [w for w in self.writes if w.started < self.kill_done and w.ended > self.kill_started]

    @property
    def in_flight_at_signal(self) -> list[Write]:
        """Writes open when SIGKILL was sent (at most one per writer)."""
        return [w for w in self.writes if w.started < self.kill_started < w.ended]

    @property
    def failed_outside_the_kill(self) -> list[Write]:
        """Failures of writes that were not in flight at the kill: the balancer's to avoid."""
        return [w for w in self.failed if not (w.started < self.kill_done and w.ended > self.kill_started)]

    @property
    def acknowledged_before_kill(self) -> list[Write]:
        return [w for w in self.acknowledged if w.ended < self.kill_started]

    @property
    def after_kill(self) -> list[Write]:
        """Acknowledged writes sent once the instance was dead: the survivor's."""
        return [w for w in self.acknowledged if w.started > self.kill_done]

    def problems(self) -> list[str]:
        """Why the run fails the fault test; empty when it passes."""
        found = []
        if len(self.acknowledged_before_kill) < self.kill_after:
            found.append(f"killed after {len(self.acknowledged_before_kill)} acknowledged writes, "
                         f"not {self.kill_after}")
        if self.lost:
            found.append(f"{len(self.lost)} acknowledged writes missing from the database")
        if self.failed_outside_the_kill or len(self.failed) > len(self.in_flight):
            found.append(f"{len(self.failed)} writes failed, {len(self.failed_outside_the_kill)} of them not in "
                         f"flight at the kill ({len(self.in_flight)} were)")
        if self.capped:
            found.append(f"not every writer had {self.each_after} writes acknowledged after the kill before the cap")
        if not self.survivor_healthy:
            found.append("the surviving instance's /healthz did not answer 200")
        return found

    def after_kill_per_writer(self) -> list[int]:
        counts = [0] * self.clients
        for w in self.after_kill:
            counts[w.writer] += 1
        return counts

    def _statuses(self) -> str:
        counts: dict[int, int] = {}
        for w in self.failed:
            counts[w.status] = counts.get(w.status, 0) + 1
        shown = ", ".join(f"{n} × {'no answer' if s == 0 else s}" for s, n in sorted(counts.items()))
        return f" [{shown}]" if shown else ""

    def lines(self) -> list[str]:
        per_writer = self.after_kill_per_writer()
        return [
            f"fault test (load average before it {' '.join(f'{x:.2f}' for x in self.load_before)}): "
            f"{self.clients} writers storing games through the balancer; instance app1 (PID {self.killed_pid}) "
            f"killed with SIGKILL once {len(self.acknowledged_before_kill)} writes were acknowledged "
            f"(wanted {self.kill_after}), {self.kill_started - self.writes[0].started:.1f} s after the first",
            f"  writes acknowledged (201, or 409 for a retried one): {len(self.acknowledged)}; "
            f"failed: {len(self.failed)}{self._statuses()}; in flight at the kill: {len(self.in_flight)} "
            f"({len(self.in_flight_at_signal)} when SIGKILL was sent, the others sent in the "
            f"{(self.kill_done - self.kill_started) * 1000:.0f} ms until the port refused connections); "
            f"failed outside the kill: {len(self.failed_outside_the_kill)}",
            f"  acknowledged but missing from the database: {len(self.lost)}",
            f"  acknowledged after the kill (served by app2): {len(self.after_kill)}, per writer "
            f"{min(per_writer)}–{max(per_writer)} (wanted {self.each_after} each"
            f"{'; the cap struck first' if self.capped else ''}); app2's /healthz at the end: "
            f"{'200' if self.survivor_healthy else 'no 200'}",
            f"  HAProxy's view: just after the kill {self.view_at_kill}, at the end {self.view_at_end}; warm-up "
            f"writes refused and sent again: {self.warm_refused or 'none'}",
        ]


def _store(url: str, token: str, name: str, writer: int) -> Write:
    from scoring.api_examples import D9_1_BOARD  # the rulebook's D9.1 end of game

    board = json.loads(json.dumps(D9_1_BOARD))  # each write names its own players: unique content
    board["players"][0]["name"], board["players"][1]["name"] = name, f"{name} (2)"
    request = urllib.request.Request(f"{url}/api/v1/games", data=json.dumps(board).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Authorization": f"Token {token}"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return Write(name, writer, started, time.monotonic(), status)


def warm_up(cluster: Cluster, clients: int, seconds: float = 300.0) -> list[int]:
    """Two writes acknowledged from every writer through the balancer, so that both instances
    have answered writes before anything is counted; then both nodes up in HAProxy's view. A
    write refused meanwhile (a loaded machine: a health check late, a node briefly out) is sent
    again, as a client would, until ``seconds``; the refusals' statuses are returned."""
    deadline = time.monotonic() + seconds
    refused: list[int] = []

    def send(c: int) -> None:
        for k in range(2):
            while True:
                write = _store(cluster.url, cluster.token, f"Warm {c}-{k}", c)
                if write.status in (201, 409) or time.monotonic() > deadline:
                    break
                refused.append(write.status)
                time.sleep(0.5)

    threads = [threading.Thread(target=send, args=(c,)) for c in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if time.monotonic() > deadline:
        raise RuntimeError(f"warm-up writes not acknowledged in {seconds:.0f} s: statuses {refused}")
    cluster.wait_until_up("app1", "app2", seconds=max(1.0, deadline - time.monotonic()))
    return refused


def fault_test(cluster: Cluster, clients: int = 8, kill_after: int = 16, each_after: int = 5,
               cap: float = 120.0, victim: str = "app1", survivor: str = "app2") -> FaultReport:
    """Warm up, start ``clients`` writers, kill ``victim`` once ``kill_after`` writes are
    acknowledged, and go on until every writer has ``each_after`` writes acknowledged that it
    sent after the kill (or ``cap`` seconds from the start, whatever the machine's load)."""
    load_before = os.getloadavg()
    warm_refused = warm_up(cluster, clients)
    writes: list[Write] = []
    changed = threading.Condition()
    stop = threading.Event()
    kill_done = [float("inf")]  # read by the writers: what counts as after the kill

    def writer(c: int) -> None:
        k = 0
        while not stop.is_set():
            write = _store(cluster.url, cluster.token, f"Fault {c}-{k}", c)
            with changed:
                writes.append(write)
                changed.notify_all()
            k += 1

    def acknowledged() -> int:
        return sum(w.status in (201, 409) for w in writes)

    def each_has_enough() -> bool:
        counts = [0] * clients
        for w in writes:
            if w.status in (201, 409) and w.started > kill_done[0]:
                counts[w.writer] += 1
        return min(counts) >= each_after

    deadline = time.monotonic() + cap
    threads = [threading.Thread(target=writer, args=(c,), daemon=True) for c in range(clients)]
    for t in threads:
        t.start()
    with changed:
        changed.wait_for(lambda: acknowledged() >= kill_after, timeout=max(0.0, deadline - time.monotonic()))
    kill_started = time.monotonic()
    pid = cluster.kill(victim)
    kill_done[0] = time.monotonic()
    view_at_kill = _view(cluster)
    with changed:
        capped = not changed.wait_for(each_has_enough, timeout=max(0.0, deadline - time.monotonic()))
    stop.set()
    for t in threads:
        t.join()
    writes.sort(key=lambda w: w.started)
    stored = cluster.games_named({w.name for w in writes})
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{cluster.ports[survivor]}/healthz", timeout=30) as answer:
            healthy = answer.status == 200
    except OSError:
        healthy = False
    return FaultReport(writes, kill_started, kill_done[0], pid, clients, kill_after, each_after, capped, stored,
                       healthy, load_before, warm_refused, view_at_kill, _view(cluster))


def _view(cluster: Cluster) -> dict[str, str]:
    try:
        return cluster.view()
    except (OSError, IndexError, KeyError) as exc:
        return {"unknown": str(exc)}


# -- Redis killed under load ---------------------------------------------------------------


def redis_outage(cluster: Cluster, clients: int = 8, seconds: float = 20.0) -> list[str]:
    """``clients`` clients read the games list and the standings, score anonymously and store
    games through the balancer for ``seconds``; the cluster's own Redis is killed (SIGKILL) half
    way. Lines: the answers by status before and after the kill, HAProxy's view of each node and
    each node's /healthz after it (imhotep_site/cache_guard.py: slower, never failing)."""
    from scoring.api_examples import D9_1_BOARD

    if "redis" not in cluster.processes:
        return ["Redis outage: skipped, the cluster uses a shared Redis (run with --redis-outage: its own)"]
    load_before = os.getloadavg()
    warm_up(cluster, clients)
    answers: list[tuple[float, int, str]] = []
    stop = threading.Event()

    def client(c: int) -> None:
        k = 0
        while not stop.is_set():
            kind = ("list", "standings", "score", "write")[k % 4]
            if kind == "write":
                status = _store(cluster.url, cluster.token, f"Outage {c}-{k}", c).status
            else:
                path, body = {"list": ("/games/", None), "standings": ("/games/standings", None),
                              "score": ("/api/v1/score", json.dumps(D9_1_BOARD).encode())}[kind]
                request = urllib.request.Request(f"{cluster.url}{path}", data=body,
                                                 headers={"Content-Type": "application/json"})
                try:
                    with urllib.request.urlopen(request, timeout=60) as answer:
                        answer.read()
                        status = answer.status
                except urllib.error.HTTPError as error:
                    status = error.code
                except OSError:
                    status = 0
            answers.append((time.monotonic(), status, kind))
            k += 1

    threads = [threading.Thread(target=client, args=(c,), daemon=True) for c in range(clients)]
    for t in threads:
        t.start()
    time.sleep(seconds / 2)
    killed = time.monotonic()
    cluster.processes["redis"].send_signal(signal.SIGKILL)
    cluster.processes["redis"].wait()
    time.sleep(seconds / 2)
    view = _view(cluster)
    stop.set()
    for t in threads:
        t.join()
    health = {}
    for name in ("app1", "app2"):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{cluster.ports[name]}/healthz", timeout=30) as answer:
                health[name] = f"{answer.status} {answer.read().decode()}"
        except urllib.error.HTTPError as error:
            health[name] = f"{error.code} {error.read().decode()}"
        except OSError as exc:
            health[name] = str(exc)

    def counts(rows) -> str:
        found: dict[tuple[str, int], int] = {}
        for _, status, kind in rows:
            found[kind, status] = found.get((kind, status), 0) + 1
        return ", ".join(f"{kind} {status}: {n}" for (kind, status), n in sorted(found.items()))

    before = [a for a in answers if a[0] < killed]
    after = [a for a in answers if a[0] >= killed]
    return [f"Redis outage (load average before it {' '.join(f'{x:.2f}' for x in load_before)}): {clients} clients "
            f"for {seconds:.0f} s, Redis killed (SIGKILL) after {seconds / 2:.0f} s",
            f"  before the kill: {counts(before)}",
            f"  after the kill: {counts(after)}; answers 500: {sum(a[1] == 500 for a in after)}, "
            f"other 5xx or none: {sum(a[1] >= 501 or a[1] == 0 for a in after)}",
            f"  HAProxy's view after it: {view}",
            *(f"  {name} /healthz: {body}" for name, body in health.items())]


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
