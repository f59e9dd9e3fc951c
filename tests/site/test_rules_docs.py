"""The rules live in the repository (docs/rules/), and every rule citation points at a section
that exists there, so a person with only a clone can follow any comment or test name."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
SECTIONS = {"duel.md": ("D", 10), "classic.md": ("C", 10), "formats.md": ("F", 4)}
CITATION = re.compile(r"\b(duel|classic|formats)\.md[ ,:]+(?:§ ?)?([DCF]\d+)(?:\.(\d+))?")
SEARCHED = ("rules_engine", "games", "scoring", "imhotep_site", "imhotep_lib", "templates", "tests", "docs", "examples",
            "bench")


def _sections(text):
    """Section id → its text, for the `## D4.` / `### D4.2` headings of a rules page."""
    parts = re.split(r"^#{2,3} ([DCF]\d+(?:\.\d+)?)[.,]?\s", text, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def _citations():
    for folder in SEARCHED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in {".py", ".md", ".html"} or "docs/rules" in path.as_posix():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for match in CITATION.finditer(line):
                    yield f"{path.relative_to(ROOT)}:{number}", match


@pytest.mark.parametrize("page", sorted(SECTIONS))
def test_every_section_id_has_a_heading(page):
    letter, count = SECTIONS[page]
    sections = _sections((RULES / page).read_text(encoding="utf-8"))
    assert [f"{letter}{n}" for n in range(1, count + 1) if f"{letter}{n}" not in sections] == []


def test_every_rule_citation_points_at_an_existing_section():
    pages = {page: _sections((RULES / page).read_text(encoding="utf-8")) for page in SECTIONS}
    broken = []
    for where, match in _citations():
        page, section, item = f"{match[1]}.md", match[2], match[3]
        sections = pages[page]
        # A sub-section is a heading of its own, a numbered step ("2. …") or a bold "**C4.1**" item.
        item_text = rf"^\s*{item}\. |\*\*{section}\.{item}\b"
        found = section in sections and (
            not item or f"{section}.{item}" in sections or re.search(item_text, sections[section], re.M)
        )
        if not found:
            broken.append(f"{where}: {match[0]}")
    assert broken == []


def test_nothing_points_outside_the_clone_for_the_rules():
    outside = [
        f"{where}"
        for folder in (*SEARCHED, "README.md")
        for path in ([ROOT / folder] if folder.endswith(".md") else sorted((ROOT / folder).rglob("*")))
        if path.suffix in {".py", ".md", ".html"} and path.name != Path(__file__).name
        for where in [str(path.relative_to(ROOT))]
        if re.search(r"shared/(rules|seeds)", path.read_text(encoding="utf-8"))
    ]
    assert outside == []
