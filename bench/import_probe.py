"""A 1,000-record upload through a production-style server, and an import killed halfway (issue 29).

    .venv/bin/python bench/import_probe.py [--records 1000] [--crash-records 300]

Starts, on a free port and removed at the end: a new SQLite file database, gunicorn with
production settings (DJANGO_DEBUG=0, 2 × CPUs + 1 sync workers) and one background worker
(`db_worker`). Then:

1. a member posts ``--records`` Duel records to ``POST /api/v1/imports`` and follows its
   ``status_url`` until done: prints the answer's status and time, the time until done, and how
   many stored finished games have no rating;
2. with the server and the worker stopped, ``manage.py import_records`` of ``--crash-records``
   other records is killed (SIGKILL) once 50 games of them are stored, then run again: prints the
   games stored and unrated after the kill and after the rerun, and the duplicates (games stored
   twice).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hint_probe import PYTHON, ROOT, environment, free_port, get

UNRATED = """SELECT COUNT(*) FROM games_game g WHERE g.status = 'finished' AND g.parent_id IS NULL
             AND NOT EXISTS (SELECT 1 FROM games_rating r WHERE r.game_id = g.id)"""


def records(first: int, count: int) -> list[dict]:
    from rules_engine.registry import default_registry

    duel = default_registry().game("duel")
    out = []
    for seed in range(first, first + count):
        rng = random.Random(seed)
        record = duel.random_record(rng)
        record["players"] = rng.sample(["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"], 2)
        record["history"] = {"played_on": f"2025-{1 + seed % 12:02d}-{1 + seed % 28:02d}"}
        out.append(record)
    return out


def count(db: Path, sql: str) -> int:
    with sqlite3.connect(db, timeout=30) as connection:
        return connection.execute(sql).fetchone()[0]


def call(url: str, token: str, body: object | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        raise SystemExit(f"{url}: {exc.code} {exc.read()[:500]!r}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--crash-records", type=int, default=300)
    args = parser.parse_args()
    workers = 2 * (os.cpu_count() or 1) + 1
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs; "
          f"gunicorn {workers} sync workers + 1 db_worker, DJANGO_DEBUG=0, SQLite file database")
    with tempfile.TemporaryDirectory(prefix="import-probe-") as tmp:
        directory = Path(tmp)
        db = directory / "db.sqlite3"
        env = environment(directory)
        manage = [PYTHON, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        token = subprocess.run(
            [*manage, "shell", "-c", "from django.contrib.auth.models import User; from rest_framework.authtoken"
             ".models import Token; print(Token.objects.create(user=User.objects.create_user('probe')).key)"],
            cwd=ROOT, env=env, check=True, capture_output=True, text=True).stdout.split()[-1]
        port = free_port()
        server = subprocess.Popen([PYTHON, "-m", "gunicorn", "imhotep_site.wsgi", "--bind", f"127.0.0.1:{port}",
                                   "--workers", str(workers), "--timeout", "30"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        worker = subprocess.Popen([*manage, "db_worker", "--no-reload", "--interval", "0.5", "--verbosity", "0"],
                                  cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                if get(f"{base}/healthz")[0] == 200:
                    break
                time.sleep(0.1)
            upload(base, token, db, records(0, args.records))
        finally:
            for process in (server, worker):
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)
        # Alone on the database: SQLite refuses a write to one of two writing processes at once
        # ("database is locked"), and the worker polls the queue in write transactions.
        crash(env, db, directory, records(100_000, args.crash_records))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def upload(base: str, token: str, db: Path, documents: list[dict]) -> None:
    start = time.perf_counter()
    status, body = call(f"{base}/api/v1/imports", token, documents)
    answered = time.perf_counter() - start
    while body["status"] not in ("done", "failed"):
        time.sleep(0.5)
        _, body = call(base + body["status_url"], token)
    done = time.perf_counter() - start
    finished = count(db, "SELECT COUNT(*) FROM games_game WHERE status = 'finished'")
    print(f"upload of {len(documents)} records: answered {status} in {answered:.2f} s; {body['status']} after "
          f"{done:.1f} s: {body['imported']} imported, {body['duplicates']} duplicates, {body['rejected']} rejected; "
          f"finished games {finished}, "
          f"unrated {count(db, UNRATED)}")


def crash(env: dict, db: Path, directory: Path, documents: list[dict]) -> None:
    path = directory / "crash.ndjson"
    path.write_text("\n".join(json.dumps(d) for d in documents) + "\n")
    before = count(db, "SELECT COUNT(*) FROM games_game")
    command = [PYTHON, "manage.py", "import_records", str(path), "--no-progress"]
    run = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while count(db, "SELECT COUNT(*) FROM games_game") < before + 50 and run.poll() is None:
        time.sleep(0.01)
    run.send_signal(signal.SIGKILL)
    run.wait()
    stored = count(db, "SELECT COUNT(*) FROM games_game") - before
    print(f"import_records of {len(documents)} records killed (SIGKILL) after {stored} games stored: "
          f"unrated finished games {count(db, UNRATED)}")
    start = time.perf_counter()
    rerun = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if rerun.returncode:
        print(f"rerun exit status {rerun.returncode}: {(rerun.stdout + rerun.stderr).strip()[-300:]}")
    total = count(db, "SELECT COUNT(*) FROM games_game") - before
    twice = count(db, "SELECT COUNT(*) - COUNT(DISTINCT content_hash) FROM games_game")
    print(f"rerun ({time.perf_counter() - start:.1f} s): {total} games of the file stored, {twice} stored twice, "
          f"unrated finished games {count(db, UNRATED)}")


if __name__ == "__main__":
    main()
