"""A server started, and started again after a SIGKILL, while CPU-bound processes load the
machine: the time to the first good answer, and until a round of requests on every page kind is
answered (issue 38; docs/operations.md "Starting under load").

    .venv/bin/python bench/restart_under_load.py [--burners 2] [--workers N] [--warm-up-load 0]

Runs gunicorn as `make serve` does (production settings, deploy/gunicorn.conf.py: the app loaded
and warmed before forking) and, as the baseline in the same run, without the config (each worker
imports the app on its first request). The database is DATABASE_URL (PostgreSQL as in
production; migrated first), else a new SQLite file. ``--burners`` processes spin on the CPU for
the whole run; ``--warm-up-load S`` waits S seconds after starting them so the load average has
climbed before anything is measured. For each way of starting: start, time to the first 200 of
/games/ and until 24 requests (4 at a time, the games list, the standings, the home page, the
API list) are all answered 200; then SIGKILL to the whole server, start again, the same two times.
The load average is printed before each start.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
PATHS = ["/games/", "/games/standings", "/", "/api/v1/games"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def burn() -> None:
    while True:
        pass


def get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=120) as answer:
            answer.read()
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def start(env: dict, port: int, workers: int, preload: bool, log) -> subprocess.Popen:
    args = [PYTHON, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
    if preload:
        args += ["--config", str(ROOT / "deploy" / "gunicorn.conf.py")]
    return subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def measure(url: str, cap: float = 600.0) -> tuple[float, float]:
    """Seconds to the first 200 of /games/, and until 24 requests (4 at a time) all answered 200."""
    began = time.monotonic()
    while get(f"{url}/games/") != 200:
        if time.monotonic() - began > cap:
            return float("inf"), float("inf")
        time.sleep(0.05)
    first = time.monotonic() - began
    with ThreadPoolExecutor(4) as pool:
        statuses = list(pool.map(get, [f"{url}{PATHS[k % len(PATHS)]}" for k in range(24)]))
    round_done = time.monotonic() - began
    if set(statuses) != {200}:
        print(f"    statuses of the round: {sorted(statuses)}")
    return first, round_done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--burners", type=int, default=2, help="CPU-bound processes running meanwhile")
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) * 2 + 1)
    parser.add_argument("--warm-up-load", type=float, default=0.0, help="seconds between the burners and the runs")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="imhotep-restart-"))
    env = {**os.environ, "DJANGO_DEBUG": "0", "IMHOTEP_LOCAL_SERVE": "1",
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(40), "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "DJANGO_LOG_LEVEL": "WARNING", "IMHOTEP_CACHE_DIR": str(work / "cache")}
    env.setdefault("DATABASE_URL", f"sqlite:///{work / 'db.sqlite3'}")
    subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    print(f"database {env['DATABASE_URL'].rsplit('@', 1)[-1]}; {args.workers} gunicorn workers; "
          f"{args.burners} CPU burners; {os.cpu_count()} CPUs; load average before the burners {load()}")
    burners = [multiprocessing.Process(target=burn, daemon=True) for _ in range(args.burners)]
    for b in burners:
        b.start()
    time.sleep(args.warm_up_load)
    try:
        for preload in (False, True):
            label = "preloaded and warmed (make serve)" if preload else "baseline: no preload, lazy workers"
            port = free_port()
            url = f"http://127.0.0.1:{port}"
            with open(work / f"server-{preload}.log", "wb") as log:
                for attempt in ("start", "after SIGKILL"):
                    before = load()
                    server = start(env, port, args.workers, preload, log)
                    first, round_done = measure(url)
                    print(f"{label:36} {attempt:14} load {before}: first 200 after {first:6.2f} s, "
                          f"24 requests answered after {round_done:6.2f} s")
                    os.killpg(server.pid, signal.SIGKILL)
                    server.wait()
                    time.sleep(0.5)  # the port is free again
    finally:
        for b in burners:
            b.terminate()
    print(f"load average at the end {load()}")


if __name__ == "__main__":
    main()
