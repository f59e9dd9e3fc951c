"""The catalogues in locale/ are complete and current (docs/i18n.md)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
# What makemessages reads: the apps, the site, the engine and the templates.
SOURCES = ("games", "scoring", "imhotep_site", "imhotep_lib", "rules_engine", "templates", "manage.py")


def _catalogue(language: str) -> Path:
    return ROOT / "locale" / language / "LC_MESSAGES" / "django.po"


def _msgids(po: Path) -> set[str]:
    """The msgids of a PO file (continuation lines joined), the header's empty one left out."""
    ids, current, reading = set(), [], False
    for line in po.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgid "):
            current, reading = [line[6:]], True
        elif reading and line.startswith('"'):
            current.append(line)
        else:
            if reading:
                ids.add("".join(part.strip()[1:-1] for part in current))
            reading = False
    ids.discard("")
    return ids


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_of_the_catalogue_is_translated(language):
    # msgfmt --check also refuses a translation whose placeholders differ from the English.
    run = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(_catalogue(language))],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "untranslated" not in run.stderr and "fuzzy" not in run.stderr, run.stderr
    assert re.match(r"\d+ translated messages?\.", run.stderr.strip()), run.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_header_names_its_language(language):
    header = _catalogue(language).read_text(encoding="utf-8").split("\n\n", 1)[0]
    assert f'"Language: {language}\\n"' in header
    assert "Plural-Forms: nplurals=" in header


def test_makemessages_finds_no_sentence_the_catalogues_lack(tmp_path):
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy(source, tmp_path / name)
    shutil.copytree(ROOT / "locale", tmp_path / "locale", ignore=shutil.ignore_patterns("*.mo"))
    run = subprocess.run([sys.executable, "manage.py", "makemessages", "-l", "de", "--verbosity", "0"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    new = _msgids(tmp_path / "locale/de/LC_MESSAGES/django.po") - _msgids(_catalogue("de"))
    assert not new, f"sentences no catalogue has yet (run makemessages and translate them): {sorted(new)[:20]}"
