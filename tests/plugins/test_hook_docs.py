"""Every hook is documented in docs/plugins.md with its exact signature (datasette's rule)."""

import inspect
import re
from pathlib import Path

import pytest

from games.ui import hookspecs as ui_hookspecs
from rules_engine import hookspecs as engine_hookspecs

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text()
#: The engine's hooks and the web side's (imhotep_game_ui), by name.
SPECS = {
    name: fn
    for module in (engine_hookspecs, ui_hookspecs)
    for name, fn in inspect.getmembers(module, inspect.isfunction)
    if name.startswith("imhotep_")
}
HOOKS = sorted(SPECS)


def test_there_are_hooks_to_document():
    assert {"imhotep_games", "imhotep_variants", "imhotep_variant_fields", "imhotep_variant_score",
            "imhotep_game_ui"} <= set(HOOKS)


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_has_a_section_in_the_plugin_docs(hook):
    assert re.search(rf"^### {hook}$", DOCS, re.MULTILINE), f"docs/plugins.md has no section for {hook}"


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_section_shows_every_argument(hook):
    section = DOCS.split(f"### {hook}\n", 1)[1].split("\n### ", 1)[0]
    params = inspect.signature(SPECS[hook]).parameters
    signature = re.search(rf"def {hook}\((.*?)\) ->", section, re.DOTALL)
    assert signature, f"the section of {hook} shows no signature"
    assert re.findall(r"(\w+)\s*:", signature.group(1)) == list(params)


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_has_a_docstring(hook):
    assert (SPECS[hook].__doc__ or "").strip()
