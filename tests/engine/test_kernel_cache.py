"""numba's cache of a compiled floor is dropped when any module of its engine changes
(rules_engine/compiled.py `fresh_cache`, #53): numba checks only each kernel's own file, while
the kernels freeze the pure floor's tables into their code. The service keeps that cache under
NUMBA_CACHE_DIR (imhotep_site/kernels.py), so that is where it must be dropped."""

import pytest

from rules_engine import compiled

numba_caching = pytest.importorskip("numba.core.caching")


@pytest.fixture
def floor(tmp_path, monkeypatch):
    """An engine with a compiled floor, numba's cache of it under tmp_path/cache."""
    package = tmp_path / "engine" / "compiled"
    package.mkdir(parents=True)
    (package / "kernel.py").write_text("# @njit(cache=True) functions\n")
    (tmp_path / "engine" / "points.py").write_text("POINTS = (1, 3, 6)\n")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    return package


def _cached(package) -> list:
    """numba's cache files of ``package``'s kernels, where numba itself puts them."""
    subpath = numba_caching.UserProvidedCacheLocator.get_suitable_cache_subpath(str(package / "kernel.py"))
    where = package.parents[1] / "cache" / subpath
    where.mkdir(parents=True, exist_ok=True)
    for name in ("kernel.play-10.py311.nbi", "kernel.play-10.py311.1.nbc"):
        (where / name).write_text("compiled")
    return sorted(where.glob("kernel*.nb?"))


def test_the_cache_is_kept_while_the_engine_is_unchanged(floor):
    compiled.fresh_cache(floor)
    files = _cached(floor)
    compiled.fresh_cache(floor)
    assert all(f.exists() for f in files)


def test_a_changed_table_of_the_pure_floor_drops_the_cache_under_numba_cache_dir(floor):
    compiled.fresh_cache(floor)
    files = _cached(floor)
    (floor.parent / "points.py").write_text("POINTS = (1, 3, 7)\n")
    compiled.fresh_cache(floor)
    assert not any(f.exists() for f in files)


def test_a_changed_kernel_module_drops_the_cache_beside_it_too(floor):
    compiled.fresh_cache(floor)
    beside = floor / "__pycache__" / "kernel.play-10.py311.nbi"
    beside.write_text("compiled")
    (floor / "kernel.py").write_text("# @njit(cache=True) functions, one more\n")
    compiled.fresh_cache(floor)
    assert not beside.exists()
