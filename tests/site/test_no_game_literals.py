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
#: What may name a game: the games' own folders; management commands (they pick a game to run);
#: migrations (history). The API's views and serializers name none: each game documents its own
#: formats (`GameType.board_schema` …, rules_engine/apidocs.py) and the schema hook adds them.
ALLOWED = (
    "games/ui/duel/",
    "games/ui/classic/",
    "games/migrations/",
    "games/events/migrations/",
    "games/seasons/migrations/",
    "games/management/",
    "scoring/management/",
)


#: The built-in games' own record and board fields (formats.md F1–F4: the Duel's setup, drawn
#: tokens and starting player; the base game's cards turned up): a game reads and writes them
#: through its `GameType` (`with_table`, `without_table`, `starting_player` …), never the page
#: code. The fields every format shares (game, players, moves, setup, sides, variants) are free.
GAME_FIELDS = ("round_cards", "market_draws", "transcribed", "refill", "refills", "reveal", "supply", "boats",
               "starting_player")
FIELD = re.compile(rf"""["'](?:{"|".join(GAME_FIELDS)})["']""")
#: ``getattr``/``hasattr`` on a game type, a game's adapter, a position or a replay: what a game
#: can do is a method of its `GameType` or `GameUI` with a default, never probed for.
PROBE = re.compile(r"""\b(?:getattr|hasattr)\(\s*[\w.()\[\]]*\b(?:game_type|gt|ui|state|timeline|replay|game\(|"""
                   r"""game_ui\(|registry\(\))""")
#: Where probing is the point: the registries that build the contract's objects (rules_engine's
#: and the web adapters'), the contract's own defaults, a variant's replay wrapping the game's.
PROBE_ALLOWED = ("rules_engine/registry.py", "rules_engine/gametype.py", "rules_engine/variants.py",
                 "games/ui/registry.py")


def _offenders(pattern: re.Pattern = LITERAL, searched=SEARCHED) -> list[str]:
    found = []
    for path in sorted(set(searched)):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(ALLOWED):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{rel}:{number}: {line.strip()}")
    return found


def test_the_search_covers_the_page_code():
    names = {p.relative_to(ROOT).as_posix() for p in SEARCHED}
    assert {"games/replay/views.py", "games/play/views.py", "games/ui/calculators.py",
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


def test_no_page_code_outside_the_game_folders_names_a_games_record_fields():
    assert _offenders(FIELD) == []


def test_the_field_search_finds_a_games_record_field():
    assert FIELD.search("for key in ('round_cards', 'market_draws'):")
    assert not FIELD.search('record["moves"].append(move)')


#: Generic code of the engine too: the analysis and the registry's neighbours.
GENERIC = [*SEARCHED, *ROOT.glob("rules_engine/*.py"), *ROOT.glob("rules_engine/analysis/*.py")]


def test_nothing_outside_the_registries_probes_a_game_with_getattr():
    found = [line for line in _offenders(PROBE, GENERIC) if not line.startswith(PROBE_ALLOWED)]
    assert found == []


def test_the_probe_search_finds_a_getattr_on_a_game():
    assert PROBE.search('trim = getattr(engine.registry().game(game.game_type), "trimmed_setup", None)')
    assert PROBE.search('transcription=getattr(state, "transcription", False),')
    assert PROBE.search('fast = getattr(game_type, "fast_playout", None)')
    assert not PROBE.search('result = getattr(seat, "result", None)')
