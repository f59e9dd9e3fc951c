"""Base-game scoring benchmark: ``.venv/bin/python bench/classic_scoring.py [--runs N]``.

Prints the load average, then the median microseconds of `scoring.score_board` (validation + C8
scoring + ranking) on a full 4-player F3 board, side A everywhere; the analysis playouts' fast
path on the same board (`scoring.score_engine_board(..., texts=False)`: no validation, no texts);
and the same board through the registry with the pharaohs-wrath variant.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a clone, as a script


from rules_engine.classic.components import BUILDING_SITES, SITES
from rules_engine.classic.scoring import score_board, score_engine_board

# A busy end of game: a 12-column burial chamber, every kind of card held.
BOARD = {
    "game": "classic",
    "sides": dict.fromkeys(SITES, "A"),
    "players": [
        {"name": "Ana", "colour": "black", "track": 41, "sled": 2, "obelisk_stones": 6, "statues": 3,
         "decorations": ["pyramids", "temple"], "blue_cards": 2, "reached": list(BUILDING_SITES)},
        {"name": "Ben", "colour": "white", "track": 38, "sled": 0, "obelisk_stones": 4, "statues": 4,
         "decorations": ["burial-chamber"], "blue_cards": 1, "reached": list(BUILDING_SITES)},
        {"name": "Cy", "colour": "brown", "track": 44, "sled": 5, "obelisk_stones": 4, "statues": 1,
         "decorations": ["obelisks"], "blue_cards": 0, "reached": ["temple", "burial-chamber", "obelisks"]},
        {"name": "Di", "colour": "grey", "track": 35, "sled": 1, "obelisk_stones": 0, "statues": 2,
         "decorations": ["pyramids"], "blue_cards": 3, "reached": list(BUILDING_SITES)},
    ],
    "burial_chamber": [[("black", "white", "brown", "grey")[(c * 3 + r) % 5 % 4] for r in range(3)] for c in range(12)],
    "site_stones": {"pyramids": 22, "temple": 17},
}  # fmt: skip


def median_us(fn, runs: int) -> float:
    return statistics.median(timeit.repeat(fn, number=1, repeat=runs)) * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5000)
    args = parser.parse_args(argv)
    from rules_engine.registry import Registry

    registry = Registry(load_entry_points=False)
    with_variant = {**BOARD, "variants": ["pharaohs-wrath"]}
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"score_board, 4 players, side A: median {median_us(lambda: score_board(BOARD), args.runs):.1f} µs")
    fast = median_us(lambda: score_engine_board(BOARD, texts=False), args.runs)
    print(f"score_engine_board(texts=False), the playouts' path, same board: median {fast:.1f} µs")
    print(
        "registry.score with pharaohs-wrath: median "
        f"{median_us(lambda: registry.score(with_variant), args.runs):.1f} µs"
    )


if __name__ == "__main__":
    main()
