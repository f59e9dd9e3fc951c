"""docs/plugins.md "Adding a game" lists the whole per-game contract (issue 28): every public
method of `GameType` and of the three parts of a game's pages, with its default."""

import inspect
import re
from pathlib import Path

import pytest

from games.ui.gameui import BoardView, Calculator, LiveEntry
from rules_engine.gametype import GameType

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text()
SECTION = DOCS[DOCS.index("## Adding a game"):DOCS.index("## Testing kit")]


def _methods(cls: type) -> list[str]:
    return [name for name, _ in inspect.getmembers(cls, inspect.isfunction) if not name.startswith("_")]


@pytest.mark.parametrize("method", _methods(GameType))
def test_every_game_type_method_is_listed_with_its_default(method):
    assert re.search(rf"^\| `{method}\(", SECTION, re.MULTILINE), f"'Adding a game' does not list {method}"


@pytest.mark.parametrize(("part", "method"), [(c.__name__, m) for c in (Calculator, BoardView, LiveEntry)
                                              for m in _methods(c)])
def test_every_page_part_method_is_listed_with_its_default(part, method):
    assert f"`{part}.{method}(" in SECTION, f"'Adding a game' does not list {part}.{method}"
