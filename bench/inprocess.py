"""The in-process benches' start: production settings (DEBUG off: Django then keeps no query
log), with a SQLite database and a cache of the run's own in a folder removed at exit, and
Django set up. The variables are set whatever the caller's environment says: a bench never
touches a real database."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def production_django(prefix: str, extra: dict[str, str] | None = None) -> Path:
    """Set the environment and ``django.setup()``; the run's working folder."""
    sys.path.insert(0, str(ROOT))
    work = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, work, ignore_errors=True)
    for name, value in {
        "DJANGO_SETTINGS_MODULE": "imhotep_site.settings", "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": f"bench-only-{os.getpid()}-{time.time_ns()}-0123456789abcdefghijklmnopqrstuvwxyz",
        "DJANGO_ALLOWED_HOSTS": "testserver", "DJANGO_SECURE_SSL_REDIRECT": "0", "DJANGO_LOG_LEVEL": "WARNING",
        "DATABASE_URL": f"sqlite:///{work}/bench.sqlite3", "IMHOTEP_CACHE_DIR": f"{work}/cache",
        **(extra or {}),
    }.items():
        os.environ[name] = value
    import django

    django.setup()
    return work


def configured_django() -> None:
    """``django.setup()`` with the settings the environment gives (the database and cache
    ``manage.py`` would use): for the scripts that time pages against the configured club
    (bench/history_pages.py, replay_step.py, calculator_update.py; once manage.py commands)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imhotep_site.settings")
    import django

    django.setup()
