"""Branch coverage of the compiled kernels' scoring by the kernel-against-pure comparison
(issue #53): which branches of the compiled end-of-game scoring the comparison tests reach.

    .venv/bin/python bench/kernel_branches.py [--also tests/engine/test_duel_kernel.py ...]

Runs tests/engine/classic/test_kernel_branches.py and tests/engine/test_duel_kernel_branches.py
under ``coverage run --branch`` with ``NUMBA_DISABLE_JIT=1`` (so numba runs the kernels'
Python source and coverage can trace it), then prints the load average and, for each scoring
function of the compiled floors (classic `kernel_score`: `group_points`, `ranking_points`,
`final_scores`, `winners`; what scores during play: `kernel_rules.deliver`, `score_temple_b`,
`kernel_choice.deliver_other`; Duel `kernel_batch.total`), its branches reached of all, and
each module as a whole (they also hold the playout's other rules, not compared here). ``--also``
adds test modules to the run (e.g. the random-playout comparisons, as a baseline: slow
without the JIT)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ("tests/engine/classic/test_kernel_branches.py", "tests/engine/test_duel_kernel_branches.py")
# The scoring functions of each compiled floor (C8/C9; D7).
SCORING = {
    "rules_engine/classic/compiled/kernel_score.py": ("group_points", "ranking_points", "final_scores", "winners"),
    "rules_engine/classic/compiled/kernel_rules.py": ("deliver", "score_temple_b"),  # C5.2, C6.3: during play
    "rules_engine/classic/compiled/kernel_choice.py": ("deliver_other",),  # C5.3–C5.5, C6.5 towers
    "rules_engine/duel/compiled/kernel_batch.py": ("total",),
}


def run(tests: list[str]) -> dict:
    """The coverage JSON of ``tests`` run with the JIT off."""
    python = ROOT / ".venv-test" / "bin" / "python"
    with tempfile.TemporaryDirectory() as tmp:
        data, report = Path(tmp) / ".coverage", Path(tmp) / "coverage.json"
        env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "COVERAGE_FILE": str(data)}
        include = ",".join(str(ROOT / path) for path in SCORING)
        subprocess.run([str(python), "-m", "coverage", "run", "--branch", f"--include={include}", "-m", "pytest",
                        *tests, "-q", "-p", "no:cacheprovider"], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
        subprocess.run([str(python), "-m", "coverage", "json", "-q", "-o", str(report)], cwd=ROOT, env=env,
                       check=True)
        return json.loads(report.read_text())


def branches(summary: dict) -> str:
    total, hit = summary["num_branches"], summary["covered_branches"]
    lines = f"lines {summary['covered_lines']}/{summary['num_statements']}"
    return f"branches {hit}/{total} ({100 * hit / total:.0f}%), {lines}" if total else f"no branches, {lines}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--also", nargs="*", default=[], help="more test modules to run")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    began = time.perf_counter()
    report = run([*TESTS, *args.also])
    print(f"tests: {', '.join([*TESTS, *args.also])} ({time.perf_counter() - began:.0f} s, JIT off)")
    files = {str(Path(name).resolve().relative_to(ROOT)): data for name, data in report["files"].items()}
    for path, functions in SCORING.items():
        data = files.get(path)
        if data is None:
            print(f"{path}: not run")
            continue
        print(f"{path}: {branches(data['summary'])} (the whole module)")
        for name in functions:
            summary = data["functions"][name]["summary"]
            missing = data["functions"][name].get("missing_branches", [])
            print(f"  {name}: {branches(summary)}" + (f"; missing {missing}" if missing else ""))


if __name__ == "__main__":
    main()
