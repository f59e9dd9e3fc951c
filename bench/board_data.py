"""What the club's board data costs each `default_registry()` (docs/decisions.md, #32):

    .venv/bin/python bench/board_data.py [--calls 20000]

Builds a throwaway SQLite club with the service's own cache backend (diskcache, in a temporary
folder), then prints the load average and the microseconds per `default_registry()` call
without club data and with one version entered (the TEST set of tests/data, not the real
boards), and per `base_registry()` (the plugins' registry alone) for comparison."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def per_call(fn, calls: int) -> float:
    fn()
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000)
    calls = parser.parse_args().calls
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imhotep_site.settings")
    os.environ["IMHOTEP_CACHE_DIR"] = tempfile.mkdtemp()
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from games import boarddata
    from rules_engine.registry import base_registry, default_registry

    call_command("migrate", verbosity=0)
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"default_registry(), no club data: {per_call(default_registry, calls):.1f} µs")
    data = json.loads((ROOT / "tests" / "data" / "board_data_test_set.json").read_text())["data"]
    boarddata.save("classic", data, user=get_user_model().objects.create(username="bench"))
    print(f"default_registry(), one version entered: {per_call(default_registry, calls):.1f} µs")
    print(f"base_registry(): {per_call(base_registry, calls):.2f} µs")


if __name__ == "__main__":
    main()
