"""The service `make run` serves has no example plugin: the fictional house rule of
examples/imhotep-house-rules lives only in the test environment (.venv-test)."""

import subprocess
from pathlib import Path

import pytest

SERVICE_PYTHON = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "python"
ENTRY_POINTS = "import importlib.metadata as m; print(sorted(e.name for e in m.entry_points(group='imhotep')))"


@pytest.mark.skipif(not SERVICE_PYTHON.exists(), reason="no .venv: run the suite with `make test`")
def test_the_service_environment_has_no_plugin_installed():
    out = subprocess.run([SERVICE_PYTHON, "-c", ENTRY_POINTS], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
