"""Building the registry: built-ins through the hooks, refusals of bad registrations,
allow and block lists."""

import types

import pytest

from rules_engine import hookimpl
from rules_engine.duel.plugin import DuelGame
from rules_engine.errors import PluginError, UnknownGameError
from rules_engine.gametype import Variant
from rules_engine.registry import BUILTIN_DISTRIBUTION, Registry


def plugin(**hooks):
    """A throwaway plugin module with the given hook implementations."""
    module = types.ModuleType("throwaway_plugin")
    for name, fn in hooks.items():
        fn.__name__ = name
        setattr(module, name, hookimpl(fn))
    return module


def test_builtin_duel_is_registered_through_the_hooks():
    reg = Registry(load_entry_points=False)
    assert reg.plugins["duel"].distribution == BUILTIN_DISTRIBUTION
    assert reg.game("duel").name == "Imhotep: The Duel"
    assert reg.game_plugin["duel"].name == "duel"


def test_unknown_game_names_the_known_ones():
    reg = Registry(load_entry_points=False)
    with pytest.raises(UnknownGameError, match="unknown game 'chess'; this server knows: classic, duel"):
        reg.game("chess")


def test_duplicate_game_id_is_refused():
    class Copy(DuelGame):
        pass

    copy_plugin = plugin(imhotep_games=lambda: [Copy()])
    with pytest.raises(PluginError, match="game 'duel' is registered twice: by 'duel' and 'copy'"):
        Registry(load_entry_points=False, extra_plugins={"copy": copy_plugin})


def test_game_that_is_not_a_gametype_is_refused():
    bad = plugin(imhotep_games=lambda: ["not a game"])
    with pytest.raises(PluginError, match="returned 'not a game', not a GameType"):
        Registry(load_entry_points=False, extra_plugins={"bad": bad})


def test_hook_answer_that_is_not_a_list_is_refused():
    bad = plugin(imhotep_variants=lambda: 42)
    with pytest.raises(PluginError, match="imhotep_variants must return a list"):
        Registry(load_entry_points=False, extra_plugins={"bad": bad})


def test_variant_of_an_unregistered_game_is_refused():
    orphan = plugin(imhotep_variants=lambda: [Variant(id="x", game="senet", name="X")])
    with pytest.raises(PluginError, match="for game 'senet', which no plugin registers"):
        Registry(load_entry_points=False, extra_plugins={"orphan": orphan})


def test_duplicate_variant_is_refused():
    one = plugin(imhotep_variants=lambda: [Variant(id="x", game="duel", name="X")])
    two = plugin(imhotep_variants=lambda: [Variant(id="x", game="duel", name="X again")])
    with pytest.raises(PluginError, match="variant 'x' of 'duel' is registered twice"):
        Registry(load_entry_points=False, extra_plugins={"one": one, "two": two})


def test_badly_formed_variant_id_is_refused():
    bad = plugin(imhotep_variants=lambda: [Variant(id="Big Rule", game="duel", name="X")])
    with pytest.raises(PluginError, match="must be lower-case letters, digits and dashes"):
        Registry(load_entry_points=False, extra_plugins={"bad": bad})


def test_misspelt_hook_is_refused():
    bad = types.ModuleType("typo")

    def imhotep_gmes():
        return []

    bad.imhotep_gmes = hookimpl(imhotep_gmes)
    with pytest.raises(PluginError, match="malformed"):
        Registry(load_entry_points=False, extra_plugins={"typo": bad})


def test_blocked_plugin_is_not_loaded():
    reg = Registry(load_entry_points=False, block=["duel"])
    assert "duel" not in reg.games


def test_allow_list_loads_only_the_named_plugins():
    extra = plugin(imhotep_variants=lambda: [Variant(id="x", game="duel", name="X")])
    reg = Registry(load_entry_points=False, allow=["duel"], extra_plugins={"extra": extra})
    assert "extra" not in reg.plugins
    assert reg.variants == {}


def test_describe_lists_game_sides_players_and_plugin():
    games = {g["id"]: g for g in Registry(load_entry_points=False).describe()}
    duel = games["duel"]
    assert duel["id"] == "duel"
    assert duel["players"] == {"min": 2, "max": 2}
    assert duel["sides"] == {m: ["A", "B"] for m in ("obelisk", "temple", "pyramid", "tomb")}
    assert duel["plugin"]["distribution"] == BUILTIN_DISTRIBUTION


def test_missing_is_empty_when_the_stored_versions_match():
    reg = Registry(load_entry_points=False)
    assert reg.missing("duel", [], reg.versions("duel")) == []


def test_missing_says_plainly_that_a_game_plugin_is_gone():
    reg = Registry(load_entry_points=False, block=["classic"])
    assert reg.missing("classic", [], {}) == [
        "the game 'classic' is not available: its plugin is not installed or is blocked"
    ]


def test_missing_names_a_variant_whose_plugin_is_gone():
    reg = Registry(load_entry_points=False)
    assert reg.missing("duel", ["scarabs"], {}) == [
        "the variant 'scarabs' of duel is not available: its plugin is not installed or is blocked"
    ]


def test_missing_reports_a_version_change():
    reg = Registry(load_entry_points=False)
    installed = reg.versions("duel")[BUILTIN_DISTRIBUTION]
    assert reg.missing("duel", [], {BUILTIN_DISTRIBUTION: "0.9"}) == [
        f"{BUILTIN_DISTRIBUTION} scored this game at version 0.9; version {installed} is installed"
    ]
