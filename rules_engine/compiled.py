"""An engine's compiled kernels (numba, issue #40), imported once per process: the modules, or
None where they cannot be loaded here, said once in the log in the caller's words.

Any exception counts, not only ImportError (issue #52): numba's own import fails with
AttributeError or others when the environment disagrees with it (an old ``coverage`` on the
path, numba issues 10239 and 10705; a numpy it does not support). Every caller already runs
the pure engine, the reference, when this answers None.

While the kernels are being compiled into numba's cache by another process (`warming`: the
site's start compiles them in the background when the cache does not hold them, issue #52),
`load` answers None without remembering it, so a request meanwhile plays the pure engine
instead of compiling the kernels itself, and the first call after the compile loads them from
the cache. The marker's path comes from the environment (``IMHOTEP_KERNELS_WARMING``, set by the
site, imhotep_site/kernels.py): this package knows nothing of the site."""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import os
from pathlib import Path
from types import ModuleType

log = logging.getLogger(__name__)
_tried: dict[tuple[str, ...], tuple[ModuleType, ...] | None] = {}
WARMING_ENV = "IMHOTEP_KERNELS_WARMING"


def load(names: tuple[str, ...], off: str) -> tuple[ModuleType, ...] | None:
    """The modules ``names``, imported; None when an import fails, logged once as ``off`` (a
    %-format with the failure, e.g. "the compiled replay is off (%s): …"), and None, not
    remembered, while another process compiles the kernels (`warming`)."""
    if names not in _tried:
        if warming() is not None:
            return None
        try:
            _tried[names] = tuple(importlib.import_module(name) for name in names)
        except ImportError as exc:  # numba (or numpy) is not installed for this platform
            log.warning(off, exc)
            _tried[names] = None
        except Exception as exc:  # installed but broken here: the pure engine serves, once said
            log.warning(off, f"{type(exc).__name__}: {exc}")
            _tried[names] = None
    return _tried[names]


def warming() -> int | None:
    """The process id of the compiler named by the warming marker (``IMHOTEP_KERNELS_WARMING``:
    JSON ``{"pid": …, "start": …}``) while it runs; None without a marker, when that process is
    gone (a compile that crashed or was killed never leaves the service warming), or in the
    compiler itself."""
    path = os.environ.get(WARMING_ENV)
    if not path:
        return None
    try:
        with open(path) as marker:
            named = json.load(marker)
        pid, start = int(named["pid"]), named.get("start")
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if pid == os.getpid() or not alive(pid, start):
        return None
    return pid


def alive(pid: int, start: int | None = None) -> bool:
    """Whether process ``pid`` runs (not a zombie), and is the one that began at ``start`` (its
    `process_start`: a pid reused by another process does not count) where that is known."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        pass
    stat = _stat(pid)
    if stat is None:  # no /proc: the pid alone
        return True
    return stat[0] != "Z" and (start is None or int(stat[19]) == start)


def process_start(pid: int) -> int | None:
    """When process ``pid`` began (clock ticks since boot, /proc), None where that is unknown."""
    stat = _stat(pid)
    return int(stat[19]) if stat else None


def _stat(pid: int) -> list[str] | None:
    """/proc/<pid>/stat's fields after the command's name: [state, ppid, …, starttime (19), …]."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def engine_sources(package: Path) -> list[Path]:
    """Every module of the engine a compiled floor (``package``) belongs to, the floor's own
    included: its kernels freeze into their machine code the tables they read from the pure
    floor (D7's points, the harbor's layout, the cards), so any of them changing makes the
    compiled code stale. Also what imhotep_site/kernels.py's stamp of the cache covers."""
    return sorted(package.parent.rglob("*.py"))


def _numba_cache_dirs(package: Path) -> list[Path]:
    """Where numba keeps ``package``'s compiled kernels: beside them (``__pycache__``), or under
    ``NUMBA_CACHE_DIR`` where that is set (the service sets it: imhotep_site/kernels.py), in
    the subdirectory numba names after the package's path."""
    dirs = [package / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        try:
            from numba.core.caching import UserProvidedCacheLocator
        except Exception:  # no numba (or one that fails to import, see `load`): nothing cached there
            return dirs
        # numba's own naming of the subdirectory (its path's last part and a hash of it); numba is untyped
        subpath: str = UserProvidedCacheLocator.get_suitable_cache_subpath(  # type: ignore[no-untyped-call]
            os.path.abspath(package / "kernel.py"))
        dirs.append(Path(os.environ["NUMBA_CACHE_DIR"]) / subpath)
    return dirs


def fresh_cache(package: Path) -> None:
    """Drop numba's cache of the kernels in ``package`` (a compiled floor's directory) when any
    module of its engine changed (`engine_sources`): numba checks only each function's own
    file, so a kernel would keep an old table frozen into it, or an old kernel module compiled
    in (issue #53). The digest is kept beside each cache (``kernel.digest``)."""
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in engine_sources(package))).hexdigest()
    for cache in _numba_cache_dirs(package):
        stamp = cache / "kernel.digest"
        try:
            if stamp.exists() and stamp.read_text() == digest:
                continue
            for old in [*cache.glob("kernel*.nbi"), *cache.glob("kernel*.nbc")]:
                old.unlink(missing_ok=True)
            cache.mkdir(parents=True, exist_ok=True)
            stamp.write_text(digest)
        except OSError as exc:  # a read-only install: numba then caches elsewhere, or compiles each time
            log.info("the kernel's cache digest cannot be kept: %s", exc)
