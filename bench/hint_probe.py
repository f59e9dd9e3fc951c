"""Anonymous hint readers against a production-style server, and /healthz meanwhile (issue 29).

    .venv/bin/python bench/hint_probe.py [--clients 10] [--seconds 20] [--workers N]

Starts, on a free port and removed at the end: a new SQLite file database with 12 recorded Duel
games, and gunicorn with production settings (DJANGO_DEBUG=0, sync workers, 2 × CPUs + 1 by
default, as `make serve`). Then ``--clients`` anonymous clients ask for hints at random positions
of those games as fast as they can for ``--seconds``, while one more client reads /healthz ten
times a second. Prints the load average before and after, the hint answers by status with their
latencies, and /healthz's p50, p99 and max.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PYTHON = sys.executable
GAMES = 12


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def environment(directory: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "IMHOTEP_")) and k != "DATABASE_URL"}
    env.update(DJANGO_DEBUG="0", DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="127.0.0.1",
               DJANGO_SECURE_SSL_REDIRECT="0", DATABASE_URL=f"sqlite:///{directory / 'db.sqlite3'}",
               IMHOTEP_CACHE_DIR=str(directory / "cache"), IMHOTEP_PLUGINS_LOAD="0")
    return env


def records(count: int) -> str:
    from rules_engine.registry import default_registry

    duel = default_registry().game("duel")
    lines = []
    for seed in range(count):
        record = duel.random_record(random.Random(seed))
        record["players"] = ["Ana", "Ben"]
        lines.append(json.dumps(record))
    return "\n".join(lines) + "\n"


def get(url: str) -> tuple[int, float]:
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        exc.read()
        status = exc.code
    except OSError:
        status = 0
    return status, time.perf_counter() - start


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hint-probe-") as tmp:
        directory = Path(tmp)
        env = environment(directory)
        subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        (directory / "records.ndjson").write_text(records(GAMES))
        subprocess.run([PYTHON, "manage.py", "import_records", str(directory / "records.ndjson"), "--no-progress"],
                       cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
        port = free_port()
        server = subprocess.Popen(
            [PYTHON, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}",
             "--workers", str(args.workers), "--timeout", "30"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                if get(f"{base}/healthz")[0] == 200:
                    break
                time.sleep(0.1)
            else:
                raise SystemExit("gunicorn did not answer /healthz")
            plies = json.loads(urllib.request.urlopen(f"{base}/api/v1/games?page_size=50").read())
            games = [g["id"] for g in plies["results"]]
            run(base, games, args)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)


def run(base: str, games: list[int], args) -> None:
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs; "
          f"gunicorn {args.workers} sync workers, DJANGO_DEBUG=0, SQLite file database; "
          f"{args.clients} anonymous hint clients for {args.seconds:g} s")
    stop = time.monotonic() + args.seconds
    hints: list[tuple[int, float]] = []
    health: list[float] = []
    lock = threading.Lock()

    def reader(seed: int) -> None:
        rng = random.Random(seed)
        while time.monotonic() < stop:
            answer = get(f"{base}/api/v1/games/{rng.choice(games)}/hint?ply={rng.randrange(0, 30)}")
            with lock:
                hints.append(answer)

    def probe() -> None:
        while time.monotonic() < stop:
            status, seconds = get(f"{base}/healthz")
            with lock:
                health.append(seconds if status == 200 else float("inf"))
            time.sleep(0.1)

    threads = [threading.Thread(target=reader, args=(i,)) for i in range(args.clients)]
    threads.append(threading.Thread(target=probe))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    by_status: dict[int, list[float]] = {}
    for status, seconds in hints:
        by_status.setdefault(status, []).append(seconds)
    for status, times in sorted(by_status.items()):
        print(f"hint {status}: {len(times):6d} answers, p50 {statistics.median(times) * 1000:8.1f} ms, "
              f"p99 {percentile(times, 0.99) * 1000:8.1f} ms")
    print(f"/healthz: {len(health)} requests, p50 {statistics.median(health) * 1000:.1f} ms, "
          f"p99 {percentile(health, 0.99) * 1000:.1f} ms, max {max(health) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
