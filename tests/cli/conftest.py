"""Fixtures of the command-line tests: boards and records as files."""

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine.duel.apidocs import D9_1_BOARD, ILLEGAL_RECORD
from rules_engine.registry import default_registry as registry

ROOT = Path(__file__).resolve().parents[2]


def write_json(path: Path, document) -> Path:
    path.write_text(json.dumps(document))
    return path


@pytest.fixture
def board():
    return copy.deepcopy(D9_1_BOARD)


@pytest.fixture
def board_file(tmp_path, board):
    return write_json(tmp_path / "board.json", board)


@pytest.fixture
def bad_board_file(tmp_path, board):
    board["players"][1]["tomb"] = [11]  # player 1 holds tomb-11 too
    board["players"][1]["meeples_on_harbor"] = 5
    return write_json(tmp_path / "bad-board.json", board)


@pytest.fixture
def records():
    """Three whole random games (F2), the same on every run."""
    game = registry().game("duel")
    return [game.random_record(random.Random(seed)) for seed in (1, 2, 3)]


@pytest.fixture
def illegal_record():
    return copy.deepcopy(ILLEGAL_RECORD)


def run_manage(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``python manage.py ARGS`` in a real process, for the exit codes (``env``: variables to set)."""
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}, **(env or {})}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)
