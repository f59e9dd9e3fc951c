"""No module of the service grows past 400 lines (issue #16): a module that long holds several
ideas and is split by what it holds. Migrations are generated and left out."""

from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
PACKAGES = ("games", "scoring", "rules_engine", "imhotep_site", "imhotep_lib")
LIMIT = 400


def test_no_module_is_over_400_lines():
    long = {
        str(path.relative_to(ROOT)): lines
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        for lines in [len(path.read_text(encoding="utf-8").splitlines())]
        if lines > LIMIT
    }
    assert long == {}
