"""What `manage.py replay --ndjson` costs per record (#37 "board data per process"):

    .venv/bin/python bench/replay_cost.py [--records 3000] [--baseline /work/main]

Writes ``--records`` random games (the Duel's and the base game's alternately, fixed seed) as
one ndjson file, then runs ``manage.py replay --ndjson`` on it in a fresh process of this
checkout (and of ``--baseline``'s, the same run, for comparison), each against an empty SQLite
file (a database not migrated: the board data cannot be read) and against a migrated one, each
with a fresh cache folder. Prints the load average and the milliseconds per record: the run's
wall time (the fastest of ``--repeats``) less that of the same command on an empty file (start-up), over the records."""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def write_records(path: Path, count: int) -> None:
    import json

    from rules_engine.registry import base_registry

    games = [base_registry().game("duel"), base_registry().game("classic")]
    rng = random.Random(37)
    with path.open("w") as out:
        for k in range(count):
            out.write(json.dumps(games[k % 2].random_record(rng)) + "\n")


def run(checkout: Path, records: Path, database: str, repeats: int) -> float:
    """The fastest of ``repeats`` runs (the machine is shared: the others only add waiting)."""
    return min(run_once(checkout, records, database) for _ in range(repeats))


def run_once(checkout: Path, records: Path, database: str) -> float:
    env = {**os.environ, "DATABASE_URL": database, "IMHOTEP_CACHE_DIR": tempfile.mkdtemp()}
    env.pop("REDIS_URL", None)
    python = checkout / ".venv" / "bin" / "python"
    start = time.perf_counter()
    done = subprocess.run([str(python), "manage.py", "replay", "--ndjson", str(records)], cwd=checkout, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{checkout}: manage.py replay failed ({done.returncode}): {done.stderr[-2000:]}")
    return took


def migrated(checkout: Path) -> str:
    database = f"sqlite:///{tempfile.mkdtemp()}/migrated.sqlite3"
    python = checkout / ".venv" / "bin" / "python"
    subprocess.run([str(python), "manage.py", "migrate", "-v", "0"], cwd=checkout, check=True,
                   env={**os.environ, "DATABASE_URL": database, "IMHOTEP_CACHE_DIR": tempfile.mkdtemp()})
    return database


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another checkout (e.g. /work/main) run the same way")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    records, empty = folder / "records.ndjson", folder / "empty.ndjson"
    write_records(records, args.records)
    empty.write_text("")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    checkouts = [("this checkout", ROOT)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])
    for name, checkout in checkouts:
        for kind, database in (("empty SQLite file", f"sqlite:///{folder}/{name[0]}-empty.sqlite3"),
                               ("migrated", migrated(checkout))):
            startup = run(checkout, empty, database, args.repeats)
            whole = run(checkout, records, database, args.repeats)
            per = (whole - startup) / args.records * 1000
            print(f"{name} ({checkout}), {kind}: {per:.2f} ms per record "
                  f"({whole:.1f} s for {args.records}, start-up {startup:.1f} s)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
