"""What `manage.py replay --ndjson` costs per record against the plain reference replay of the same
records, measured in the same run (#53 "one validator of records"):

    .venv/bin/python bench/replay_cli_reference.py [--records 1000] [--repeats 3]

Writes ``--records`` random games (the Duel's and the base game's alternately, fixed seed, as
bench/replay_cost.py writes them) as one ndjson file, then

- runs ``manage.py replay --ndjson`` on it in a fresh process (against a SQLite file that is not
  migrated, so no board data is read) and on an empty file, and takes the CPU time the child
  used (`resource.getrusage(RUSAGE_CHILDREN)`, so the load of a shared machine adds no waiting):
  (records run − empty run) / records is the CLI's cost per record: reading the line, the
  whole validation, the final board scored with its explanations, the JSON line written;
- replays the same records in this process by the plain reference of bench/replay_validation.py
  (the moves carried out on one mutable position by the playout primitives, no checks, no
  positions kept, no score): CPU ms per record.

Prints the load average before and after, both figures and their ratio. Goal: at most 1.5.
Each figure is the fastest of ``--repeats`` runs."""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay_cost import write_records  # noqa: E402
from replay_validation import classic_reference, duel_reference  # noqa: E402


def child_cpu(records: Path, database: str, pycache: Path) -> float:
    """CPU seconds (user + system) of one ``manage.py replay --ndjson`` run. The bytecode is
    written to ``pycache`` and read from it by the next runs (a shell with
    PYTHONDONTWRITEBYTECODE set made every run compile the engine's modules again, which only
    the run with records imports: about 0.1 CPU s counted as the records' cost)."""
    env = {**os.environ, "DATABASE_URL": database, "IMHOTEP_CACHE_DIR": tempfile.mkdtemp(),
           "PYTHONPYCACHEPREFIX": str(pycache)}
    env.pop("REDIS_URL", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "manage.py", "replay", "--ndjson", str(records)],
                          cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"manage.py replay failed ({done.returncode}): {done.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def reference_cpu(records: list[dict]) -> float:
    """CPU seconds of the plain reference replay of ``records``."""
    start = time.process_time()
    for rec in records:
        (duel_reference if rec.get("game", "duel") == "duel" else classic_reference)(rec)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    path, empty = folder / "records.ndjson", folder / "empty.ndjson"
    write_records(path, args.records)
    empty.write_text("")
    records = [json.loads(line) for line in path.read_text().splitlines()]
    database = f"sqlite:///{folder}/empty.sqlite3"
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    pycache = folder / "pycache"
    child_cpu(path, database, pycache)  # the first run compiles every module both runs import
    startup = min(child_cpu(empty, database, pycache) for _ in range(args.repeats))
    whole = min(child_cpu(path, database, pycache) for _ in range(args.repeats))
    cli = (whole - startup) / args.records * 1000
    reference = min(reference_cpu(records) for _ in range(args.repeats)) / args.records * 1000
    print(f"manage.py replay --ndjson: {cli:.3f} CPU ms per record ({whole:.2f} CPU s for {args.records} records, "
          f"start-up {startup:.2f} CPU s)")
    print(f"plain reference replay:    {reference:.3f} CPU ms per record")
    print(f"ratio: {cli / reference:.2f}x (goal: at most 1.5x)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
