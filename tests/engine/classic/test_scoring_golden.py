"""Golden F3 boards (tests/data/classic/boards/*.json): each file is a list of cases
``{"name", "board", "expected"}``; ``expected`` is the whole F3 result the registry gives,
lines included; the totals were checked by hand when the file was written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_engine.registry import default_registry

BOARDS = Path(__file__).resolve().parents[2] / "data" / "classic" / "boards"
CASES = [case for path in sorted(BOARDS.glob("*.json")) for case in json.loads(path.read_text())]


def test_there_are_golden_boards():
    assert len(CASES) >= 3


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_board_scores_as_recorded(case):
    assert default_registry().score(case["board"]).to_json() == case["expected"]


def test_the_benchmark_board_is_a_valid_four_player_board():
    from bench.classic_scoring import BOARD

    assert len(default_registry().score(BOARD).to_json()["players"]) == 4
