"""The club-night load profile (issue #30, docs/operations.md "Club-night load profile"):
tables recording live moves, spectators following them, the standings on a big screen,
calculators answering every keystroke, API clients scoring boards and readers browsing the
history, all at once, on loopback (the people: bench/clubnight_users.py, run by locust).

    .venv/bin/python bench/clubnight.py [--cluster] [--steps 10,20,30,50,75,100,150,200]
                                        [--seconds 60] [--settle 15]          (or: make loadtest [CLUSTER=1])

Starts the service on a free port from a fresh temporary copy of what `make run` serves: a new
SQLite file (journal_mode=WAL), the demo club (load_demo), the embedded shared cache in its own
directory, a task worker (manage.py db_worker) and gunicorn with production settings and
`make serve`'s 2 × cores + 1 sync workers (--workers; `make run` itself serves with runserver,
for trying the service out). With --cluster: bench/cluster.py's loopback cluster instead
(PostgreSQL, Redis, two gunicorn instances of 4 workers, HAProxy, one db_worker). One member
per table is created.

Then it steps the number of tables up; each step adds the people that come with them (2
spectators a table; per 10 tables 3 calculator users, 2 API clients, 5 readers; one big screen),
lets them sign in and settle, measures for --seconds and prints per request type p50/p95/p99 and
failures. It stops after the first step whose p95 of a live move (every POST to
/games/<id>/play) passes --p95-limit ms (150) or where any request failed (settling included),
and prints the largest number of tables held. The load average is printed before the run and
before each step. The throttles are raised for the run (they still count every request). The
locust client runs in this process on the same machine: its CPU share is printed per step.
"""

from __future__ import annotations

# locust first: it patches the standard library for gevent before anything else imports it.
import gevent
import gevent.event
import locust
from locust.env import Environment

# isort: split
import argparse
import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a clone, as a script
PYTHON = sys.executable
STEPS = "10,20,30,50,75,100,150,200"


STOP = gevent.event.Event()


def stop(*_signal) -> None:
    STOP.set()


def pause(seconds: float) -> None:
    """Sleep; Ctrl-C or SIGTERM ends the run (the servers are stopped and removed on the way out:
    they run in sessions of their own, which the terminal's Ctrl-C does not reach)."""
    if STOP.wait(seconds):
        raise KeyboardInterrupt


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load_average() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def wait_for(url: str, process: subprocess.Popen, what: str) -> None:
    for _ in range(300):
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with status {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not answer {url}")


def manage(env: dict, *args: str) -> str:
    done = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)}: {done.stderr[-2000:]}")
    return done.stdout


def prepare(env: dict, work: Path, tables: int) -> Path:
    """The members and the fixture the users read (bench/clubnight_setup.py)."""
    fixture = work / "clubnight.json"
    script = f"import runpy, sys; sys.argv = ['setup', {str(fixture)!r}, '{tables}']; " \
             "runpy.run_path('bench/clubnight_setup.py')"
    manage(env, "shell", "--verbosity", "0", "-c", script)
    return fixture


@contextlib.contextmanager
def embedded(args, tables: int):
    """What `make run` serves, on its own temporary SQLite file and cache directory."""
    work = Path(tempfile.mkdtemp(prefix="imhotep-clubnight-"))
    processes: list[subprocess.Popen] = []
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL" and not k.startswith(("DJANGO_", "IMHOTEP_"))}
    env.update(
        DATABASE_URL=f"sqlite:///{work / 'club.sqlite3'}" + (f"?{args.sqlite_options}" if args.sqlite_options else ""),
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(40), DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0", DJANGO_LOG_LEVEL="WARNING",
        IMHOTEP_THROTTLE_ANON="100000000/min", IMHOTEP_THROTTLE_USER="100000000/min",  # the server, not its 429s
        IMHOTEP_CACHE_DIR=str(work / "cache"), IMHOTEP_TASKS="database",
        IMHOTEP_UNCACHED=args.uncached,  # what a cache layer gains: the run without it
        # Static files collected into the work folder, not the checkout, where another run (load.sh,
        # a test) may be collecting at the same moment (bench/cluster_settings.py).
        DJANGO_SETTINGS_MODULE="bench.cluster_settings", CLUSTER_STATIC_ROOT=str(work / "static"))
    try:
        manage(env, "migrate", "--noinput")
        with sqlite3.connect(work / "club.sqlite3") as db:  # kept in the file: every process reads in WAL
            db.execute("PRAGMA journal_mode=WAL")
        manage(env, "load_demo", "--games", str(args.games))
        manage(env, "collectstatic", "--noinput")
        fixture = prepare(env, work, tables)
        port = free_port()
        logs = open(work / "server.log", "wb")  # noqa: SIM115 (closed at the end)

        def spawn(*command: str) -> subprocess.Popen:
            process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=logs, stderr=subprocess.STDOUT,
                                       start_new_session=True)
            processes.append(process)
            return process

        spawn(PYTHON, "manage.py", "db_worker", "--no-reload", "--interval", "2", "--verbosity", "0")
        server = spawn(PYTHON, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}",
                       "--workers", str(args.workers), "--log-level", "warning")
        what = f"gunicorn, {args.workers} sync workers"
        url = f"http://127.0.0.1:{port}"
        wait_for(f"{url}/healthz", server, "gunicorn")
        options = f" ({args.sqlite_options})" if args.sqlite_options else ""
        yield url, fixture, f"embedded default: SQLite (WAL){options} + the embedded cache + db_worker; {what}; {url}"
    finally:
        for process in processes:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, 15)
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)
        if args.keep:
            print(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


@contextlib.contextmanager
def cluster(args, tables: int):
    """bench/cluster.py's loopback cluster (its Cluster, unchanged), with the club-night members."""
    from bench.cluster import Cluster

    with Cluster(games=args.games) as c:
        fixture = prepare(c.env, c.work, tables)
        yield c.url, fixture, (f"cluster: HAProxy {c.url} -> 2 × gunicorn (4 workers), PostgreSQL {c.database}, "
                               f"Redis {c.env['REDIS_URL']}, db_worker")


def people(tables: int) -> int:
    """Users for ``tables`` tables: per table 1 + 2 spectators, per 10 tables 3 calculators,
    2 API clients and 5 readers (the weights of bench/clubnight_users.py), one big screen."""
    return 1 + tables * 4


def percentiles(entry) -> tuple[float, float, float]:
    return tuple(entry.get_response_time_percentile(p) or 0 for p in (0.5, 0.95, 0.99))


def step_rows(stats, seconds: float) -> list[dict]:
    rows = []
    for entry in sorted(stats.entries.values(), key=lambda e: e.name):
        if not entry.num_requests:
            continue
        p50, p95, p99 = percentiles(entry)
        rows.append({"name": entry.name, "requests": entry.num_requests, "failures": entry.num_failures,
                     "p50": p50, "p95": p95, "p99": p99, "rps": entry.num_requests / seconds})
    return rows


def print_rows(rows: list[dict]) -> None:
    print(f"  | {'request':58} | {'requests':>8} | {'req/s':>6} | {'p50 ms':>6} | {'p95 ms':>6} | {'p99 ms':>6} "
          f"| {'failed':>6} |")
    print("  |" + "|".join("-" * w for w in (60, 10, 8, 8, 8, 8, 8)) + "|")
    for r in rows:
        print(f"  | {r['name']:58} | {r['requests']:8d} | {r['rps']:6.1f} | {r['p50']:6.0f} | {r['p95']:6.0f} "
              f"| {r['p99']:6.0f} | {r['failures']:6d} |")


def run_steps(url: str, args) -> dict:
    from bench import clubnight_users as users

    env = Environment(user_classes=users.USER_CLASSES, host=url)
    runner = env.create_local_runner()
    failures: list[str] = []

    def on_request(request_type, name, response_time, response_length, exception=None, **kwargs):
        if exception is not None:
            failures.append(f"{request_type} {name}: {exception}")

    env.events.request.add_listener(on_request)
    me = psutil.Process()
    held, previous, steps = 0, 0, []
    for tables in args.steps:
        print(f"\n== {tables} tables ({people(tables)} people) · load average before the step: "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        failures.clear()
        runner.start(people(tables), spawn_rate=args.spawn_rate)
        deadline = time.monotonic() + people(tables) / args.spawn_rate + 120
        while time.monotonic() < deadline and (runner.user_count < people(tables) or
                                               len(users.READY) < runner.user_classes_count.get("Table", 0)):
            pause(0.5)  # every table signed in with its game started
        pause(args.settle)  # sign-ins and new games, not measured (their failures count)
        env.stats.reset_all()
        cpu, started = me.cpu_times(), time.monotonic()
        pause(args.seconds)
        elapsed = time.monotonic() - started
        used = me.cpu_times()
        client_cpu = (used.user + used.system - cpu.user - cpu.system) / elapsed
        rows = step_rows(env.stats, elapsed)
        live = next((r for r in rows if r["name"] == users.LIVE_MOVE), None)
        counts = dict(sorted(runner.user_classes_count.items()))
        print(f"  people: {counts}; measured {elapsed:.0f} s; locust client CPU {client_cpu:.0%} of one core")
        print_rows(rows)
        failed = len(failures)
        ok = failed == 0 and live is not None and live["requests"] > 0 and live["p95"] <= args.p95_limit
        for message in sorted(set(failures))[:10]:
            print(f"  failure: {message[:300]}")
        verdict = "held" if ok else ("no live move measured" if live is None or not live["requests"] else
                                     f"NOT held: {failed} failed request(s), live move p95 "
                                     f"{live['p95']:.0f} ms (limit {args.p95_limit:.0f} ms)")
        print(f"  {tables} tables: {verdict}", flush=True)
        steps.append({"tables": tables, "people": counts, "rows": rows, "failures": failed, "held": ok,
                      "client_cpu": client_cpu})
        if not ok and not args.all_steps:
            break
        held = tables if ok and held == previous else held
        previous = tables
    runner.quit()
    return {"held": held, "steps": steps}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cluster", action="store_true", help="the loopback cluster (bench/cluster.py)")
    parser.add_argument("--steps", default=STEPS, help=f"numbers of tables, comma-separated (default {STEPS})")
    parser.add_argument("--seconds", type=float, default=60, help="measured seconds per step (default 60)")
    parser.add_argument("--settle", type=float, default=15, help="unmeasured seconds after each step's spawn")
    parser.add_argument("--spawn-rate", type=float, default=10, help="people started per second (default 10)")
    parser.add_argument("--p95-limit", type=float, default=150, help="most p95 of a live move in ms (150)")
    parser.add_argument("--pace", type=float, default=1.0,
                        help="scales every wait (0.1: a move every 1-3 s; for the test)")
    parser.add_argument("--all-steps", action="store_true",
                        help="measure every step even after one is not held (the largest held stays the first run)")
    parser.add_argument("--games", type=int, default=0, help="generated games besides the demo club (load_demo)")
    parser.add_argument("--sqlite-options", default="",
                        help="the SQLite database's OPTIONS as a URL query (DATABASE_URL), "
                             "e.g. transaction_mode=IMMEDIATE&timeout=20")
    parser.add_argument("--uncached", default="", metavar="tables,replays",
                        help="serve without these cache layers (docs/operations.md, Caching): each one's gain "
                             "is this run's p95 against a run with them")
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) * 2 + 1)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--keep", action="store_true", help="keep the embedded run's directory (logs)")
    args = parser.parse_args(argv)
    for number in (signal.SIGINT, signal.SIGTERM):
        gevent.signal_handler(number, stop)
    args.steps = [int(n) for n in args.steps.split(",")]
    if args.uncached and args.cluster:
        parser.error("--uncached measures the embedded default; leave out --cluster")
    os.environ["CLUBNIGHT_PACE"] = str(args.pace)
    print(f"load average before the run: {load_average()}", flush=True)
    print(f"locust {locust.__version__}; {os.cpu_count()} CPUs; steps {args.steps}; {args.seconds:.0f} s measured "
          f"per step after {args.settle:.0f} s settling; limit: live move p95 <= {args.p95_limit:.0f} ms, 0 failures"
          + (f"; without the cache layers: {args.uncached}" if args.uncached else ""))
    target = cluster if args.cluster else embedded
    with target(args, max(args.steps) + 10) as (url, fixture, what):
        os.environ["CLUBNIGHT_FIXTURE"] = str(fixture)
        print(what, flush=True)
        try:
            result = run_steps(url, args)
        except KeyboardInterrupt:
            print("interrupted: stopping the servers", flush=True)
            return 130
    result.update(target=what, load_average=load_average())
    print(f"\nlargest number of tables held: {result['held']} "
          f"({'none' if not result['held'] else 'with their spectators'}; {what.split(':')[0]})")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
