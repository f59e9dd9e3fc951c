"""bench/calculator_update.py (the calculator pages' live-update timing, a script under bench/)
runs against both calculators and prints its figures."""

import importlib.util
import io
from pathlib import Path

import pytest
from django.core.management import call_command

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "calculator_update.py"


def _script():
    spec = importlib.util.spec_from_file_location("bench_calculator_update", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["classic", "duel"])
def test_calculator_update_prints_median_and_p95(game):
    out = io.StringIO()
    call_command(_script().Command(), "--game", game, "--n", "3", stdout=out)
    assert f"{game} calculator live update (htmx partial), 3 requests: median " in out.getvalue()
    assert " ms, p95 " in out.getvalue()
