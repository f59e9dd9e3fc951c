"""The compiled kernels' cache (issue #52, imhotep_site/kernels.py): one directory for every
process of the service, and a stamp that says whether it holds this install's kernels, so that a
start loads them from the cache and never compiles them unawares."""

import os
import subprocess
import sys

import pytest

from imhotep_site import kernels
from tests.site.test_settings import ROOT


@pytest.fixture
def install(tmp_path, monkeypatch):
    """A checkout with one kernel source, its cache in tmp_path/cache."""
    source = tmp_path / "rules_engine" / "duel" / "compiled" / "kernel.py"
    source.parent.mkdir(parents=True)
    source.write_text("# @njit(cache=True) functions\n")
    monkeypatch.setattr(kernels, "ROOT", tmp_path)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    return source


def test_the_settings_put_numbas_cache_under_var_unless_it_is_set():
    script = "import os, django; django.setup(); print(os.environ['NUMBA_CACHE_DIR'])"
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["DJANGO_SETTINGS_MODULE"] = "imhotep_site.settings"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == str(ROOT / "var" / "numba-cache")
    env["NUMBA_CACHE_DIR"] = "/srv/imhotep/numba"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "/srv/imhotep/numba"


def test_an_empty_cache_is_not_ready(install):
    assert not kernels.ready()


def test_a_stamped_cache_is_ready(install):
    kernels.write_stamp({"duel": True}, 41.0)
    assert kernels.ready()


def test_a_kernel_source_changed_after_the_stamp_makes_the_cache_stale(install):
    kernels.write_stamp({"duel": True}, 41.0)
    install.write_text("# @njit(cache=True) functions, one more\n")
    assert not kernels.ready()


def test_another_numba_makes_the_cache_stale(install, monkeypatch):
    kernels.write_stamp({"duel": True}, 41.0)
    stamped = kernels.fingerprint()
    monkeypatch.setattr(kernels, "fingerprint", lambda: {**stamped, "numba": "0.1.0"})
    assert not kernels.ready()


def test_a_damaged_stamp_is_not_ready(install):
    kernels.write_stamp({"duel": True}, 41.0)
    (install.parents[3] / "cache" / kernels.STAMP).write_text('{"fingerprint": ')
    assert not kernels.ready()


def test_a_background_compile_removes_its_warming_marker_when_done(tmp_path, monkeypatch):
    """`python -m imhotep_site.kernels --background` (a start on a stale cache, #52) ends by removing
    the marker that names it; here the cache is already stamped, so it ends at once."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv(kernels.WARMING_ENV, str(tmp_path / "cache" / kernels.MARKER))
    kernels.write_stamp({"duel": True}, 41.0)
    pid = kernels.compile_in_background()
    assert os.waitpid(pid, 0)[1] == 0
    assert not (tmp_path / "cache" / kernels.MARKER).exists()
    assert kernels.warming() is None


def test_a_table_of_the_pure_floor_changed_after_the_stamp_makes_the_cache_stale(install):
    # The kernels freeze the pure floor's tables (e.g. D7's points) into their code (#53).
    table = install.parents[1] / "monument_points.py"
    table.write_text("POINTS = (1, 3, 6)\n")
    kernels.write_stamp({"duel": True}, 41.0)
    table.write_text("POINTS = (1, 3, 7)\n")
    assert not kernels.ready()
