"""The 2026 Dutch pairing against a second implementation, over random rounds:

    .venv-test/bin/python bench/dutch_differential.py [--rounds 1000] [--seed 1]

caissify-pairings (what events use) and pairing-core's dutch-2026 (requirements-dev) pair the
same round of random 4–10 player events (tests/events/dutch_differential.py); prints the load
average, the counts (same pairing %, refused, illegal pairings, byes above the lowest legal
score) and the seconds taken."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.events.dutch_differential import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    start = time.process_time()
    counts = run(args.rounds, args.seed)
    total = counts["rounds"]
    for key in sorted(counts):
        print(f"{key}: {counts[key]} ({100 * counts[key] / total:.1f} %)")
    print(f"CPU s: {time.process_time() - start:.1f}")


if __name__ == "__main__":
    main()
