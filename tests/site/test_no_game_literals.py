"""No page code outside a game's own folder names a game: views, forms, services and templates
ask the game's web adapter (games/ui/<game>/, hook imhotep_game_ui), so a plugin's game gets
the same pages as the built-in ones (issue 16)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("duel", "classic")
#: A quoted game id ("duel", 'classic'), or a template/context flag named after one.
IDS = "|".join(GAMES)
LITERAL = re.compile(rf"""["'](?:{IDS})["']|\bis_(?:{IDS})\b""")
#: The page code: every view, form and service module of the apps, and every template.
SEARCHED = [
    *ROOT.glob("games/**/*.py"),
    *ROOT.glob("scoring/**/*.py"),
    *ROOT.glob("imhotep_site/*.py"),
    *ROOT.glob("templates/**/*.html"),
]
#: What may name a game: the games' own folders; the API's documentation of each game's
#: formats (serializers and OpenAPI examples document the Duel's and the base game's shapes,
#: formats.md F1–F4); management commands and benchmarks (they pick a game to run);
#: migrations (history).
ALLOWED = (
    "games/ui/duel/",
    "games/ui/classic/",
    "games/api/",
    "games/migrations/",
    "games/management/",
    "scoring/management/",
    "scoring/serializers.py",
    "scoring/api_examples.py",
    "scoring/api.py",
)


def _offenders() -> list[str]:
    found = []
    for path in sorted(set(SEARCHED)):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(ALLOWED):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if LITERAL.search(line):
                found.append(f"{rel}:{number}: {line.strip()}")
    return found


def test_the_search_covers_the_page_code():
    names = {p.relative_to(ROOT).as_posix() for p in SEARCHED}
    assert {"games/replay/views.py", "games/replay/live_views.py", "games/ui/views.py",
            "templates/games/replay.html", "templates/games/detail.html"} <= names


def test_no_page_code_outside_the_game_folders_names_a_game():
    assert _offenders() == []


def test_no_page_code_outside_the_game_folders_imports_an_engine():
    """The web side reaches the engines through the registry and the games' adapters only."""
    engine_import = re.compile(rf"^\s*(?:from|import) rules_engine\.(?:{IDS})\b")
    found = [
        f"{path.relative_to(ROOT).as_posix()}:{n}"
        for path in sorted(set(SEARCHED))
        if path.suffix == ".py" and not path.relative_to(ROOT).as_posix().startswith(ALLOWED)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if engine_import.match(line)
    ]
    assert found == []
