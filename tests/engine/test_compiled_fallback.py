"""A numba that is installed but fails to load (issue #52; rules_engine/compiled.py): whatever it
raises — here AttributeError, as numba does with an old ``coverage`` on the path (numba issues
10239, 10705) — is logged once and the analysis plays the pure engine's playouts."""

from tests.kit import run_script

BROKEN_NUMBA = """
import random, sys, tempfile, pathlib
stand_in = pathlib.Path(tempfile.mkdtemp()) / "numba"
stand_in.mkdir()
(stand_in / "__init__.py").write_text("raise AttributeError(\\"module 'coverage' has no attribute 'types'\\")")
sys.path.insert(0, str(stand_in.parent))
from rules_engine.duel import playout
from rules_engine.duel.plugin import DUEL
record = playout.random_record(random.Random(1))
state = DUEL.setup(record)
print(DUEL.fast_outcomes(state, record, random.Random(1), 5) is None,
      DUEL.fast_outcomes(state, record, random.Random(2), 5) is None)  # a second call: nothing more in the log
"""


def test_a_numba_that_raises_attribute_error_on_import_falls_back_to_the_pure_engine():
    done = run_script(BROKEN_NUMBA)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]
    assert done.stderr.count("compiled playouts are off (AttributeError: module 'coverage' has no attribute") == 1
