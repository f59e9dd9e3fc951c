"""Where numba cannot be imported (issue #40), `ClassicGame.fast_outcomes` returns None, so the
analysis plays the pure engine's playouts, and says so once in the log."""

from __future__ import annotations

from tests.kit import run_script

SCRIPT = """
import logging, random, sys
sys.modules["numba"] = None  # import numba raises ImportError
logging.basicConfig(level=logging.WARNING, format="LOG %(name)s %(message)s")
from rules_engine.analysis.evaluate import estimate
from rules_engine.classic.game import setup
from rules_engine.classic.playout import random_record
from rules_engine.classic.plugin import CLASSIC
rec = random_record(random.Random(1), 3)
state = setup(rec)
print("batch", CLASSIC.fast_outcomes(state, rec, random.Random(2), 5))
print("batch", CLASSIC.fast_outcomes(state, rec, random.Random(2), 5))
print("estimate", len(estimate(CLASSIC, state, rec, playouts=4, rng=random.Random(3)).wins))
"""


def test_c8_without_numba_the_analysis_falls_back_and_logs_once():
    done = run_script(SCRIPT)
    assert done.returncode == 0, done.stderr
    out = done.stdout + done.stderr
    assert out.count("batch None") == 2
    assert "estimate 3" in out
    assert out.count("numba cannot be imported") == 1
