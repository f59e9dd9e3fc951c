"""The floors of the code base in figures (#37's closing note), for a before/after table.

    .venv/bin/python bench/floors_metrics.py [ROOT]

ROOT is a checkout (default: this one); run it once on main and once on a branch. It prints:
- import lines from scoring to games and from games to scoring (`from games…`/`import games…`
  written in a scoring module, and the other way round);
- import cycles among modules: the strongly connected groups of grimp's module graph (runtime
  imports, including those inside functions; imports under `if TYPE_CHECKING:` left out) and how
  many modules stand in one;
- whether two top-level packages import each other;
- modules over 350 lines;
- the count of lines naming `Any` in rules_engine (`grep -rnw --include=*.py Any rules_engine`).
It reads files and builds the import graph; it runs none of the project's code.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import grimp

PACKAGES = ("rules_engine", "games", "scoring", "imhotep_site", "imhotep_lib")
SKIP_PARTS = {"migrations", ".venv", ".venv-test", "node_modules", "build"}


def python_files(root: Path, package: str) -> list[Path]:
    base = root / package
    if not base.is_dir():
        return []
    return [p for p in base.rglob("*.py") if not SKIP_PARTS & set(p.relative_to(root).parts)]


def import_lines(root: Path, source: str, target: str) -> int:
    pattern = re.compile(rf"^\s*(from\s+{target}(\.|\s)|import\s+{target}(\.|\s|$))")
    return sum(
        1
        for path in python_files(root, source)
        for line in path.read_text(encoding="utf-8").splitlines()
        if pattern.match(line)
    )


def strongly_connected(graph: grimp.ImportGraph, modules: set[str]) -> list[set[str]]:
    """Tarjan's algorithm, iteratively (the graph is a few hundred modules deep at most)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    counter = 0
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & modules) for m in modules}
    for start in sorted(modules):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            recurse = False
            for i in range(child, len(edges[node])):
                nxt = edges[node][i]
                if nxt not in index:
                    work.append((node, i + 1))
                    work.append((nxt, 0))
                    recurse = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if recurse:
                continue
            if low[node] == index[node]:
                group = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.add(top)
                    if top == node:
                        break
                if len(group) > 1:
                    groups.append(group)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return groups


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    sys.path.insert(0, str(root))
    present = [p for p in PACKAGES if (root / p / "__init__.py").exists()]
    graph = grimp.build_graph(*present, cache_dir=None, exclude_type_checking_imports=True)
    modules = {m for m in graph.modules if m.split(".")[0] in present}
    cycles = strongly_connected(graph, modules)
    pairs = sorted(
        f"{a}<->{b}"
        for a in present
        for b in present
        if a < b and graph.direct_import_exists(importer=a, imported=b, as_packages=True)
        and graph.direct_import_exists(importer=b, imported=a, as_packages=True)
    )
    over = sorted(
        (n, str(p.relative_to(root)))
        for pkg in present
        for p in python_files(root, pkg)
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 350
    )
    any_lines = sum(
        1
        for p in python_files(root, "rules_engine")
        for line in p.read_text(encoding="utf-8").splitlines()
        if re.search(r"\bAny\b", line)
    )
    print(f"root: {root}  load average: {os.getloadavg()[0]:.2f}")
    print(f"import lines scoring -> games: {import_lines(root, 'scoring', 'games')}")
    print(f"import lines games -> scoring: {import_lines(root, 'games', 'scoring')}")
    print(f"top-level packages importing each other: {', '.join(pairs) or 'none'}")
    print(f"import cycles (strongly connected groups): {len(cycles)}, "
          f"modules in them: {sum(len(g) for g in cycles)}")
    for group in sorted(cycles, key=len, reverse=True)[:5]:
        print(f"  {len(group)} modules, e.g. {', '.join(sorted(group)[:6])}")
    print(f"modules over 350 lines: {len(over)}")
    for n, path in over:
        print(f"  {n:5d} {path}")
    print(f"lines naming Any in rules_engine: {any_lines}")


if __name__ == "__main__":
    main()
