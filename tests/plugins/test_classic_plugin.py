"""The base game (``classic``) as a built-in plugin: registered through the hooks, scoring
through the registry with its variant Pharaoh's wrath (classic.md C9), and B-side board data
supplied by another plugin through ``imhotep_board_data`` (classic.md C6 ⚠)."""

from __future__ import annotations

import types

import pytest

from rules_engine import hookimpl
from rules_engine.classic.game import setup
from rules_engine.errors import BoardError, PluginError, RecordError
from rules_engine.gametype import Variant
from rules_engine.registry import BUILTIN_DISTRIBUTION, Registry, default_registry
from tests.engine.classic.board_helpers import FICTIONAL_DATA, board, player
from tests.engine.classic.classic_helpers import record

ALL = ["pyramids", "temple", "burial-chamber", "obelisks"]


def plugin(**hooks):
    """A throwaway plugin module with the given hook implementations."""
    module = types.ModuleType("throwaway_plugin")
    for name, fn in hooks.items():
        fn.__name__ = name
        setattr(module, name, hookimpl(fn))
    return module


def data_plugin(data, game="classic"):
    return plugin(imhotep_board_data=lambda game_id: data if game_id == game else None)


def test_classic_is_registered_through_the_hooks():
    reg = default_registry()
    game = reg.game("classic")
    assert game.name == "Imhotep: Builder of Egypt"
    assert (game.min_players, game.max_players) == (2, 4)
    assert reg.game_plugin["classic"].distribution == BUILTIN_DISTRIBUTION


def test_classic_describe_lists_sides_variant_and_unplayable_b_sides():
    described = {g["id"]: g for g in Registry(load_entry_points=False).describe()}["classic"]
    assert described["sides"] == {s: ["A", "B"] for s in ("market", *ALL)}
    assert [v["id"] for v in described["variants"]] == ["pharaohs-wrath"]
    assert sorted(described["unplayable_sides"]) == sorted(ALL)
    assert described["unplayable_sides"]["temple"]["B"].startswith("temple side B cannot be played or scored yet")


def test_duel_has_no_unplayable_sides():
    described = {g["id"]: g for g in Registry(load_entry_points=False).describe()}["duel"]
    assert described["unplayable_sides"] == {}


def test_classic_scores_and_ranks_through_the_registry():
    b = board(player("black", track=20, sled=1), player("white", track=20, sled=4))
    result = default_registry().score(b).to_json()
    assert result["winners"] == [1] and result["tie_broken_by_sled"] is True
    assert [p["rank"] for p in result["players"]] == [2, 1]


# --------------------------------------------------------------------------- C9 pharaoh's wrath


@pytest.mark.parametrize(
    ("reached", "penalty"),
    [
        (ALL, 0),
        (["pyramids", "temple", "obelisks"], -5),
        ([], -5),  # one penalty however many sites are lacking
    ],
)
def test_c9_pharaohs_wrath(reached, penalty):
    b = board(player("black", track=30, reached=reached), player("white", reached=ALL), variants=["pharaohs-wrath"])
    first = default_registry().score(b).to_json()["players"][0]
    assert first["breakdown"]["pharaohs_wrath"] == penalty
    assert first["total"] == 30 + penalty


def test_c9_pharaohs_wrath_can_change_the_winner():
    b = board(
        player("black", track=32, reached=["temple"]),
        player("white", track=30, reached=ALL),
        variants=["pharaohs-wrath"],
    )
    result = default_registry().score(b).to_json()
    assert [p["total"] for p in result["players"]] == [27, 30]
    assert result["winners"] == [1] and result["variants"] == ["pharaohs-wrath"]


def test_c9_pharaohs_wrath_line_names_the_lacking_sites():
    b = board(
        player("black", reached=["temple", "pyramids"]), player("white", reached=ALL), variants=["pharaohs-wrath"]
    )
    (line,) = [line for line in default_registry().score(b).to_json()["players"][0]["lines"] if line.get("variant")]
    assert line["text"] == "Pharaoh's wrath: no stone on the burial chamber and obelisks → −5"
    assert (line["rule"], line["points"], line["monument"]) == ("C9", -5, "pharaohs_wrath")


def test_c9_pharaohs_wrath_needs_reached():
    b = board(player("black", reached=ALL), player("white"), variants=["pharaohs-wrath"])
    with pytest.raises(BoardError) as err:
        default_registry().score(b)
    assert [path for path, _ in err.value.errors] == ["players[1].reached"]


def test_c9_without_the_variant_reached_changes_nothing():
    b = board(player("black", track=5, reached=[]), player("white"))
    assert default_registry().score(b).to_json()["players"][0]["total"] == 5


def test_c9_scoring_the_game_directly_applies_the_listed_variant_the_same_way():
    b = board(player("black", track=9, reached=["temple"]), player("white", reached=ALL), variants=["pharaohs-wrath"])
    assert default_registry().game("classic").score(b).to_json() == default_registry().score(b).to_json()


# --------------------------------------------------------------------------- board data hook


def test_b_side_without_data_is_refused_through_the_registry():
    with pytest.raises(BoardError) as err:
        default_registry().score(board(sides={"burial-chamber": "B"}))
    ((path, message),) = err.value.errors
    assert path == "sides.burial-chamber"
    assert message.endswith(
        "not known; a club admin can enter this board data on the board-data page, or a plugin can supply it"
    )


def test_board_data_from_a_plugin_makes_side_b_scorable():
    reg = Registry(load_entry_points=False, extra_plugins={"fictional": data_plugin(FICTIONAL_DATA)})
    b = board(player("black"), player("white"), chamber=[["black", "white", "black"]], sides={"burial-chamber": "B"})
    assert [p["breakdown"]["burial_chamber"] for p in reg.score(b).to_json()["players"]] == [100, 50]
    assert reg.describe()[0]["unplayable_sides"] == {}


def test_board_data_from_two_plugins_is_merged():
    chamber = {"burial_chamber_b": FICTIONAL_DATA["burial_chamber_b"]}
    towers = {"obelisks_b": FICTIONAL_DATA["obelisks_b"]}
    reg = Registry(load_entry_points=False, extra_plugins={"one": data_plugin(chamber), "two": data_plugin(towers)})
    assert sorted(reg.describe()[0]["unplayable_sides"]) == ["pyramids", "temple"]


def test_the_same_board_data_from_two_plugins_is_refused():
    chamber = {"burial_chamber_b": FICTIONAL_DATA["burial_chamber_b"]}
    with pytest.raises(PluginError, match="board data 'burial_chamber_b' of 'classic' is supplied twice"):
        Registry(load_entry_points=False, extra_plugins={"one": data_plugin(chamber), "two": data_plugin(chamber)})


def test_bad_board_data_is_refused_naming_the_plugin_and_key():
    bad = {"obelisks_b": {"towers": [9, "x"]}}
    with pytest.raises(PluginError, match=r"plugin 'bad': classic board data: obelisks_b.towers\[1\]"):
        Registry(load_entry_points=False, extra_plugins={"bad": data_plugin(bad)})


def test_board_data_that_is_not_a_mapping_is_refused():
    with pytest.raises(PluginError, match="imhotep_board_data must return a mapping"):
        Registry(load_entry_points=False, extra_plugins={"bad": data_plugin(["towers"])})


def test_a_game_without_board_data_refuses_some():
    with pytest.raises(PluginError, match="game 'duel' takes no board data"):
        Registry(load_entry_points=False, extra_plugins={"bad": data_plugin({"tomb": 1}, game="duel")})


def test_c9_sites_where_the_board_shows_the_players_stones_count_as_reached():
    # Ruling (docs/rulings.md): the chamber and obelisk stones on the board are evidence enough.
    b = board(
        player("black", reached=["pyramids", "temple"], obelisk_stones=1),
        player("white", reached=ALL),
        chamber=[["black", "white", None]],
        variants=["pharaohs-wrath"],
    )
    assert default_registry().score(b).to_json()["players"][0]["breakdown"]["pharaohs_wrath"] == 0


# formats.md F3, verbatim: Ben's `reached` leaves out the burial chamber where his white stone lies.
F3_EXAMPLE = {
    "game": "classic",
    "sides": {"market": "A", "pyramids": "A", "temple": "A", "burial-chamber": "A", "obelisks": "A"},
    "variants": ["pharaohs-wrath"],
    "players": [
        {"name": "Ana", "colour": "black", "track": 41, "sled": 2, "obelisk_stones": 4, "statues": 3,
         "decorations": ["pyramids"], "blue_cards": 1,
         "reached": ["pyramids", "temple", "burial-chamber", "obelisks"]},
        {"name": "Ben", "colour": "white", "track": 38, "sled": 0, "obelisk_stones": 2, "statues": 0,
         "decorations": [], "blue_cards": 0, "reached": ["pyramids", "temple", "obelisks"]},
    ],
    "burial_chamber": [["black", "black", "white"], ["white", None, None]],
    "site_stones": {"pyramids": 16, "temple": 11},
}


def test_f3_documented_example_is_accepted_and_scored():
    result = default_registry().score(F3_EXAMPLE).to_json()
    ana, ben = result["players"]
    # Ana: 41 + chamber group of 2 (3) + obelisks 1st (10) + 16 // 3 = 5 + 3 statues (6) + 1 blue card.
    assert ana["breakdown"] == {"track": 41, "burial_chamber": 3, "obelisks": 10, "decorations": 5,
                                "statues": 6, "blue_cards": 1, "pharaohs_wrath": 0}
    # Ben: 38 + two single chamber stones (1 + 1) + obelisks 2nd (1); his chamber stones count as reached (C9).
    assert ben["breakdown"] == {"track": 38, "burial_chamber": 2, "obelisks": 1, "decorations": 0,
                                "statues": 0, "blue_cards": 0, "pharaohs_wrath": 0}
    assert (ana["total"], ben["total"], result["winners"]) == (66, 41, [0])


# --------------------------------------------------------------------------- plugin variants


def test_c9_a_plugin_variant_for_classic_replays_through_the_registry():
    sandstorm = plugin(imhotep_variants=lambda: [Variant(id="sandstorm", game="classic", name="Sandstorm")])
    reg = Registry(load_entry_points=False, extra_plugins={"sandstorm": sandstorm})
    rec = record(2, variants=["sandstorm", "pharaohs-wrath"], moves=[{"type": "get-stones"}])
    replayed = reg.replay(rec)  # the registry checks the plugin's variant and strips it for the game
    assert replayed.plies == 1
    with pytest.raises(RecordError, match="unknown variant 'sandstorm'"):
        setup(rec)  # the engine alone does not know the plugin's variant
