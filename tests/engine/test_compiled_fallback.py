"""A numba that is installed but fails to load (issue #52; rules_engine/compiled.py): whatever it
raises — here AttributeError, as numba does with an old ``coverage`` on the path (numba issues
10239, 10705) — is logged once and records replay in the pure engine, the same states."""

from tests.kit import run_script

BROKEN_NUMBA = """
import random, sys, tempfile, pathlib
stand_in = pathlib.Path(tempfile.mkdtemp()) / "numba"
stand_in.mkdir()
(stand_in / "__init__.py").write_text("raise AttributeError(\\"module 'coverage' has no attribute 'types'\\")")
sys.path.insert(0, str(stand_in.parent))
from rules_engine.duel import playout
from rules_engine.duel.compiled import fastplay
from rules_engine.duel.record import replay
record = playout.random_record(random.Random(1))
rep = replay(record)
replay(record)  # a second replay: nothing more in the log
print(type(rep.states).__name__, len(rep.states) == len(record["moves"]) + 1, fastplay.available())
"""


def test_a_numba_that_raises_attribute_error_on_import_falls_back_to_the_pure_engine():
    done = run_script(BROKEN_NUMBA)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["list", "True", "False"]
    assert done.stderr.count("compiled replay is off (AttributeError: module 'coverage' has no attribute") == 1
