"""A restart under load (issues 38 and 52; docs/operations.md "Restarts"): the time from the
start command to the first answer of any kind and to the first 200 of /games/, and until a round
of requests on every page kind is all answered, for the start sequence of before issue 52 (the
baseline) and for `make serve`'s.

    .venv/bin/python bench/restart_under_load.py [--load 8] [--settle 60] [--rounds 2] [--cold]
        [--kinds baseline,new] [--compiled-cap 900]

- baseline: what `make serve` ran on every start before: `manage.py check --deploy`, `migrate`,
  `collectstatic`, then gunicorn whose master warmed the app (and the kernels) after binding
  the socket (the old deploy/gunicorn.conf.py, kept below);
- new: what `make serve` runs now: gunicorn with deploy/gunicorn.conf.py alone (the one-time
  steps were `make deploy`'s: run once here before the burners start, as an operator would).

Both run with the production settings (DJANGO_DEBUG=0; the redirect to HTTPS off: loopback);
the database is DATABASE_URL (PostgreSQL, as `make serve` requires), else a new SQLite file;
the kernels' cache is this checkout's (imhotep_site/kernels.py), compiled once before anything
is measured. ``--cold`` adds one start of each on an empty kernel cache (a fresh clone's first
start, or a numba upgrade without `make deploy`): `make serve`'s then listens at once and
compiles the kernels in a background process (/healthz 503 "warming", the pure engine serves),
so for it the time until /healthz answers 200 (the kernels compiled and stamped, at most
``--compiled-cap`` s) is printed too, and the compiler is killed if still running. ``--kinds
new`` leaves the baseline's starts out (its cold start held connections for minutes).

The load: CPU-bound processes (``--load`` minus the load average already there, at most 16),
each stopping by itself after ``--max-seconds``; ``--settle`` seconds are left for the load
average to climb before the first start. Each start: the start command, the first 200 of
/games/, 24 requests (4 at a time: the games list, the standings, the home page, the API's
list) all 200; then SIGKILL to the whole server and the next. The load average is printed
before each start. Loopback only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
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

# deploy/gunicorn.conf.py before issue 52: the warm-up ran after the socket was bound, so
# connections were accepted and held while the master warmed (or compiled the kernels).
OLD_CONFIG = '''
preload_app = True


def when_ready(server):
    from imhotep_site.warm import warm

    statuses = warm(server.app.wsgi())
    server.log.info("app warmed before forking: %s", statuses)
'''


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def burn(seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for _ in range(100_000):
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


def gunicorn(port: int, workers: int, config: Path) -> list[str]:
    # `make serve`'s arguments (Makefile), the access log left out.
    return [PYTHON, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
            "--config", str(config), "--graceful-timeout", "20", "--max-requests", "2000",
            "--max-requests-jitter", "200"]


def old_sequence(port: int, workers: int, config: Path) -> str:
    manage = f"{PYTHON} manage.py"
    return (f"{manage} check --deploy && {manage} migrate --noinput && "
            f"{manage} collectstatic --noinput --verbosity 0 && exec {' '.join(gunicorn(port, workers, config))}")


def measure(url: str, server: subprocess.Popen, cap: float) -> tuple[float, float, float]:
    """Seconds to the first answer of /games/ (any status), to its first 200, and until 24
    requests (4 at a time) all answered 200."""
    began = time.monotonic()
    answered = float("inf")
    while (status := get(f"{url}/games/")) != 200:
        if status and answered == float("inf"):
            answered = time.monotonic() - began
        if time.monotonic() - began > cap or server.poll() is not None:
            return answered, float("inf"), float("inf")
        time.sleep(0.05)
    first = time.monotonic() - began
    answered = min(answered, first)
    with ThreadPoolExecutor(4) as pool:
        statuses = list(pool.map(get, [f"{url}{PATHS[k % len(PATHS)]}" for k in range(24)]))
    round_done = time.monotonic() - began
    if set(statuses) != {200}:
        print(f"    statuses of the round: {sorted(statuses)}")
    return answered, first, round_done


def healthy(url: str, began: float, cap: float) -> tuple[float, str]:
    """Seconds from ``began`` until /healthz answers 200, and what it said first."""
    said = ""
    while time.monotonic() - began < cap:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=60):
                return time.monotonic() - began, said
        except urllib.error.HTTPError as error:
            said = said or f"{error.code} {json.loads(error.read()).get('status')}"
        except OSError:
            pass
        time.sleep(0.5)
    return float("inf"), said


def stop_compiler(numba_dir: Path) -> None:
    """Kill the background compiler a cold start left (imhotep_site/kernels.py's marker)."""
    with contextlib.suppress(OSError, ValueError, KeyError):
        os.kill(json.loads((numba_dir / "imhotep-kernels.warming").read_text())["pid"], signal.SIGKILL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--load", type=float, default=8.0, help="the load average to bring the machine to")
    parser.add_argument("--settle", type=float, default=60.0, help="seconds between the burners' start and the first")
    parser.add_argument("--max-seconds", type=float, default=1200.0, help="a burner stops by itself after this")
    parser.add_argument("--rounds", type=int, default=2, help="starts of each kind")
    parser.add_argument("--workers", type=int, default=(os.cpu_count() or 1) * 2 + 1)
    parser.add_argument("--cap", type=float, default=600.0, help="give a start up after this many seconds")
    parser.add_argument("--cold", action="store_true", help="also one start of each on an empty kernel cache")
    parser.add_argument("--kinds", default="baseline,new", help="which start sequences: baseline, new or both")
    parser.add_argument("--compiled-cap", type=float, default=900.0,
                        help="cold starts of make serve: wait this long at most for /healthz's 200")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="imhotep-restart-"))
    (work / "old.conf.py").write_text(OLD_CONFIG)
    env = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECURE_SSL_REDIRECT": "0", "PYTHONPATH": str(ROOT),
           "DJANGO_SECRET_KEY": secrets.token_urlsafe(40), "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "DJANGO_LOG_LEVEL": "WARNING", "IMHOTEP_CACHE_DIR": str(work / "cache")}
    env.pop("IMHOTEP_LOCAL_SERVE", None)
    env.setdefault("DATABASE_URL", f"sqlite:///{work / 'db.sqlite3'}")
    print(f"load average before anything {load()}", flush=True)
    # `make deploy`'s one-time steps, once, before the load (the kernels: a no-op when cached).
    for step in (["manage.py", "migrate", "--noinput", "-v", "0"],
                 ["manage.py", "collectstatic", "--noinput", "-v", "0"], ["-m", "imhotep_site.kernels"]):
        subprocess.run([PYTHON, *step], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    burners = max(0, min(16, round(args.load - os.getloadavg()[0])))
    print(f"database {env['DATABASE_URL'].rsplit('@', 1)[-1]}; {args.workers} gunicorn workers; {os.cpu_count()} CPUs; "
          f"load average {load()}; starting {burners} CPU burners for a load of {args.load:g}, "
          f"{args.settle:g} s to settle", flush=True)
    procs = [multiprocessing.Process(target=burn, args=(args.max_seconds,), daemon=True) for _ in range(burners)]
    for p in procs:
        p.start()
    time.sleep(args.settle)
    kinds = {"baseline: check, migrate, collectstatic, warm after bind": work / "old.conf.py",
             "new: make serve (warmed before listening)": ROOT / "deploy" / "gunicorn.conf.py"}
    wanted = args.kinds.split(",")
    kinds = {label: config for label, config in kinds.items() if label.split(":")[0] in wanted}
    starts = [(label, config, None) for _ in range(args.rounds) for label, config in kinds.items()]
    if args.cold:
        starts += [(f"{label}, empty kernel cache", config, work / f"numba-{n}")
                   for n, (label, config) in enumerate(kinds.items())]
    try:
        for n, (label, config, numba_dir) in enumerate(starts):
            port = free_port()
            run_env = {**env, **({"NUMBA_CACHE_DIR": str(numba_dir)} if numba_dir else {})}
            command = (old_sequence(port, args.workers, config) if config.name == "old.conf.py"
                       else " ".join(gunicorn(port, args.workers, config)))
            before = load()
            with open(work / f"server-{n}.log", "wb") as log:
                began = time.monotonic()
                server = subprocess.Popen(command, shell=True, cwd=ROOT, env=run_env, stdout=log,
                                          stderr=subprocess.STDOUT, start_new_session=True)
                url = f"http://127.0.0.1:{port}"
                answered, first, round_done = measure(url, server, args.cap)
                print(f"{label:62} load {before}: first answer after {answered:6.2f} s, first 200 after "
                      f"{first:6.2f} s, 24 requests answered after {round_done:6.2f} s", flush=True)
                if numba_dir and config.name != "old.conf.py":
                    compiled, said = healthy(url, began, args.compiled_cap)
                    print(f"{'':62}   /healthz said {said or '200'} first, 200 (kernels compiled) after "
                          f"{compiled:6.2f} s; load {load()}", flush=True)
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
                if numba_dir:
                    stop_compiler(numba_dir)
    finally:
        for p in procs:
            p.terminate()
    print(f"load average at the end {load()}; logs in {work}")


if __name__ == "__main__":
    main()
