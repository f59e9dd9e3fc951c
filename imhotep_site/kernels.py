"""Where numba keeps the compiled kernels (issue #52), and compiling them once per install.

Numba compiles a kernel the first time a process uses it and keeps the machine code in
``NUMBA_CACHE_DIR``. Every process of the service (gunicorn's master, `manage.py db_worker`,
`make run`'s server, `make deploy`'s compile step) takes that directory from `cache_dir`, called
by settings.py before numba is imported: ``var/numba-cache`` in the checkout unless
``NUMBA_CACHE_DIR`` is set (a read-only install). `make deploy` and `make serve`'s setup run
``python -m imhotep_site.kernels``, which compiles the kernels there when the cache does not
hold this install's (about 40 CPU s; a minute or more on a loaded machine), and then writes a
stamp: what numba's cache entries depend on (numba's and Python's versions, the machine, the
path, size and modification time of every module of an engine with kernels, the processor). A
start then only loads the kernels from the cache (1.5 CPU s), and `ready` tells it, without
importing numba, whether it may.

Where a start finds the cache without them (numba upgraded without `make deploy`), gunicorn's
master does not wait (deploy/gunicorn.conf.py): `compile_in_background` starts ``python -m
imhotep_site.kernels --background``, detached, and writes a marker beside the stamp naming it
(its pid and start time); the compiler removes it once it has stamped the cache, or on any
failure. While the marker names a live process, `/healthz` answers 503 "warming" and every
process of the service plays the pure engine (rules_engine/compiled.py `warming`, which finds
the marker by ``IMHOTEP_KERNELS_WARMING``, set by `cache_dir`); a killed compiler's marker names
a dead process and is ignored.

Standard library only at import: settings.py imports it.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DIR = ROOT / "var" / "numba-cache"
STAMP = "imhotep-kernels.json"
MARKER = "imhotep-kernels.warming"
WARMING_ENV = "IMHOTEP_KERNELS_WARMING"  # rules_engine/compiled.py reads it (no import of the site there)
# The engines with a compiled floor: numba keys each cache entry by its kernel module's path,
# size and modification time only, but the kernels freeze the pure floor's tables into their
# code, so the stamp covers every module of those engines (rules_engine/compiled.py
# `engine_sources`, which drops numba's own cache on the same change).
COMPILED_FLOORS = "rules_engine/*/compiled"


def cache_dir() -> str:
    """``NUMBA_CACHE_DIR``, set to ``var/numba-cache`` when it is not set: numba reads it when it
    is imported, so this runs first (settings.py). The warming marker's path goes with it into
    the environment, for the engine and every process started from this one."""
    where = os.environ.setdefault("NUMBA_CACHE_DIR", str(DEFAULT_DIR))
    os.environ[WARMING_ENV] = str(Path(where) / MARKER)
    return where


def fingerprint() -> dict[str, object]:
    """What this install's cache entries depend on, without importing numba."""
    try:
        numba = importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:
        numba = None
    sources = {}
    for floor in sorted(ROOT.glob(COMPILED_FLOORS)):
        for path in sorted(floor.parent.rglob("*.py")):
            stat = path.stat()
            sources[str(path)] = [stat.st_size, stat.st_mtime_ns]
    digest = hashlib.sha256(json.dumps(sources, sort_keys=True).encode()).hexdigest()
    return {"numba": numba, "python": sys.version.split()[0], "cpu": _cpu(), "sources": digest}


def _cpu() -> str:
    """The processor's model (numba compiles for the host CPU), or the architecture's name."""
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def _stamp_path() -> Path:
    return Path(cache_dir()) / STAMP


def ready() -> bool:
    """Whether the cache holds this install's compiled kernels (stamped by `compile_kernels`)."""
    try:
        stamp = json.loads(_stamp_path().read_text())
    except (OSError, ValueError):
        return False
    return stamp.get("fingerprint") == fingerprint()


def compile_kernels() -> dict[str, bool]:
    """Compile every registered game's kernels into the cache (or load them if it has them) and
    stamp it; each game's answer (False: no kernels, or numba cannot be imported here)."""
    cache_dir()
    from imhotep_site.warm import warm_games

    began = time.process_time()
    warmed = warm_games()
    write_stamp(warmed, time.process_time() - began)
    return warmed


def write_stamp(warmed: dict[str, bool], cpu_seconds: float) -> None:
    """Say in the cache that it holds this install's kernels (`ready`)."""
    stamp = {"fingerprint": fingerprint(), "warmed": warmed, "cpu_seconds": round(cpu_seconds, 1)}
    path = _stamp_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    partial.write_text(json.dumps(stamp, indent=1))
    partial.replace(path)  # a start never reads a half-written stamp


def marker_path() -> Path:
    return Path(cache_dir()) / MARKER


def warming() -> int | None:
    """The pid of the background compiler while it runs (`compile_in_background`), else None."""
    cache_dir()
    from rules_engine.compiled import warming

    return warming()


def compile_in_background() -> int:
    """Start the compile into the cache in a detached process (it outlives a restart of the
    server that started it) and mark the cache as warming with its pid; the pid."""
    from rules_engine.compiled import process_start

    cache_dir()
    compiler = subprocess.Popen([sys.executable, "-m", "imhotep_site.kernels", "--background"], cwd=ROOT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    write_marker(compiler.pid, process_start(compiler.pid))
    return compiler.pid


def write_marker(pid: int, start: int | None) -> None:
    path = marker_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp-warming")
    partial.write_text(json.dumps({"pid": pid, "start": start, "since": time.time()}))
    partial.replace(path)


def _remove_marker() -> None:
    """The compiler's last step, stamped or failed; a marker naming another compiler is left."""
    path = marker_path()
    try:
        if json.loads(path.read_text()).get("pid") == os.getpid():
            path.unlink()
    except (OSError, ValueError):
        pass


def main(argv: list[str]) -> int:
    force = "--force" in argv
    where = cache_dir()
    if "--background" in argv:  # started by compile_in_background: the marker goes, whatever happens
        try:
            return _compile(where, force)
        finally:
            _remove_marker()
    return _compile(where, force)


def _compile(where: str, force: bool) -> int:
    if ready() and not force:
        print(f"compiled kernels: already in {where}")
        return 0
    print(f"compiled kernels: compiling into {where} (about 40 CPU s) …", flush=True)
    began = time.monotonic()
    warmed = compile_kernels()
    print(f"compiled kernels: {warmed} in {time.monotonic() - began:.0f} s")
    return 0


if __name__ == "__main__":  # python -m imhotep_site.kernels [--force] [--background]
    sys.exit(main(sys.argv[1:]))
