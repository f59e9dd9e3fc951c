"""B-side board data (classic.md C6 ⚠): what a plugin may supply, checked by `from_mapping`;
which chosen B sides lack it (`missing_sides`). Uses the FICTIONAL data of `board_helpers`."""

from __future__ import annotations

import copy

import pytest

from rules_engine.classic.sitecheck import from_mapping
from rules_engine.classic.sitedata import EMPTY, SiteData, missing_sides, unplayable_sides
from rules_engine.errors import PluginError
from tests.engine.classic.board_helpers import FICTIONAL_DATA

ALL_B = dict.fromkeys(("market", "pyramids", "temple", "burial-chamber", "obelisks"), "B")


def test_c6_nothing_is_shipped():
    assert SiteData() == EMPTY and all(getattr(EMPTY, f) is None for f in SiteData.__dataclass_fields__)


def test_c6_missing_sides_names_every_b_side_but_the_market():
    assert [path for path, _ in missing_sides(ALL_B, EMPTY)] == [
        "sides.pyramids",
        "sides.temple",
        "sides.burial-chamber",
        "sides.obelisks",
    ]


def test_c6_missing_sides_ignores_a_sides():
    assert missing_sides(dict.fromkeys(ALL_B, "A"), EMPTY) == []


def test_c6_full_data_leaves_nothing_missing():
    data = from_mapping(FICTIONAL_DATA)
    assert missing_sides(ALL_B, data) == [] and unplayable_sides(data) == {}
    assert all(missing_sides(ALL_B, data, players=n) == [] for n in (2, 3, 4))


def test_c6_partial_data_is_missing_for_the_other_player_counts():
    data = from_mapping({"temple_b": {"spaces": {"2": ["card", "card", "two-points", "point-or-stones"]}}})
    assert missing_sides({"temple": "B"}, data, players=2) == []
    ((path, message),) = missing_sides({"temple": "B"}, data, players=4)
    assert path == "sides.temple" and "cannot be played or scored yet with 4 players" in message
    assert "with 3 or 4 players" in unplayable_sides(data)["temple"]["B"]


def test_c6_unplayable_sides_for_a_player_count_honour_partial_data():
    data = from_mapping({"temple_b": {"spaces": {"2": ["card", "card", "two-points", "point-or-stones"]}}})
    assert "temple" not in unplayable_sides(data, 2)
    assert "temple" in unplayable_sides(data, 3)


def test_c6_data_is_read_only_and_keyed_by_int_player_counts():
    data = from_mapping(FICTIONAL_DATA)
    assert data.burial_chamber_b["points"][4] == (8, 4, 2, 0)
    assert data.temple_b["spaces"][2][1] == "two-points"
    assert data.pyramids_b["pyramids"][2][0]["bonus"] == "place" and data.pyramids_b["overflow"] == 1
    assert data.obelisks_b["towers"] == (99, 98, 97, 96)
    with pytest.raises(TypeError):
        data.burial_chamber_b["points"][4] = (1, 1, 1, 1)


def changed(path: list, value) -> dict:
    raw = copy.deepcopy(FICTIONAL_DATA)
    target = raw
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return raw


@pytest.mark.parametrize(
    ("raw", "named"),
    [
        ({"tomb_b": {}}, "unknown key 'tomb_b'"),
        (changed(["pyramids_b", "pyramids"], [[{"level": 1, "value": 1}]]), "pyramids_b.pyramids must list 3"),
        (changed(["pyramids_b", "pyramids", 0, 0, "bonus"], "gold"), "pyramids_b.pyramids[0][0].bonus"),
        (changed(["pyramids_b", "pyramids", 0, 2, "value"], 5), "pyramids_b.pyramids[0][2].value"),
        (changed(["pyramids_b", "pyramids", 0, 1, "level"], 0), "pyramids_b.pyramids[0][1].level"),
        (changed(["pyramids_b", "overflow"], -1), "pyramids_b.overflow"),
        (changed(["temple_b", "spaces", "4"], ["card"] * 4), "temple_b.spaces.4 must list 5"),
        (changed(["temple_b", "spaces", "2", 3], "gold"), "temple_b.spaces.2[3]"),
        (changed(["temple_b", "spaces"], {"5": ["card"] * 5}), "temple_b.spaces.5 '5' is not a player count"),
        (changed(["burial_chamber_b", "points", "3"], [7, 3]), "burial_chamber_b.points.3 must give"),
        (changed(["burial_chamber_b", "points", "2"], [5, "x"]), "burial_chamber_b.points.2[1]"),
        (changed(["burial_chamber_b", "points", "2"], [1, 5]), "later place more points"),
        (changed(["obelisks_b", "towers"], []), "obelisks_b.towers must be a non-empty list"),
        (changed(["obelisks_b", "towers"], [9, 0]), "obelisks_b.towers[1]"),
        (changed(["obelisks_b"], {"towers": [9], "height": 3}), "obelisks_b.height 'height' is not a known key"),
        ("not a mapping", "must be a mapping"),
    ],
)
def test_from_mapping_names_the_bad_key(raw, named):
    with pytest.raises(PluginError, match="classic board data") as err:
        from_mapping(raw)
    assert named in str(err.value)


@pytest.mark.parametrize("value", [0, 2, 30])
def test_c6_2_a_bonus_space_must_score_1(value):
    # Rulebook p. 9: each bonus is "1 point + …" (classic.md C6.2).
    with pytest.raises(PluginError, match=r"pyramids\[1\]\[0\]\.value a base space carrying a bonus scores 1"):
        from_mapping(changed(["pyramids_b", "pyramids", 1, 0, "value"], value))


def test_c6_2_a_base_space_without_bonus_keeps_its_open_value():
    data = from_mapping(changed(["pyramids_b", "pyramids", 0, 1, "value"], 7))
    assert data.pyramids_b["pyramids"][0][1]["value"] == 7


def test_c6_2_a_second_level_space_must_score_4():
    with pytest.raises(PluginError, match=r"pyramids\[1\]\[1\]\.value a second-level space scores 4"):
        from_mapping(changed(["pyramids_b", "pyramids", 1, 1, "value"], 3))


@pytest.mark.parametrize(
    ("row", "place"),
    [([80, 40, 20, 10], 0), ([9, 4, 2, 1], 0), ([8, 3, 2, 1], 1), ([8, 4, 1, 0], 2)],
)
def test_c6_4_four_players_first_three_places_must_score_8_4_2(row, place):
    # Rulebook p. 10 example: 8 for the most stones, (4 + 2) / 2 shared for 2nd and 3rd.
    with pytest.raises(PluginError, match=rf"burial_chamber_b\.points\.4\[{place}\] is fixed by the rules: .*8/4/2"):
        from_mapping(changed(["burial_chamber_b", "points", "4"], row))


@pytest.mark.parametrize("fourth", [0, 1, 2])
def test_c6_4_four_players_fourth_place_is_open(fourth):
    data = from_mapping(changed(["burial_chamber_b", "points", "4"], [8, 4, 2, fourth]))
    assert data.burial_chamber_b["points"][4] == (8, 4, 2, fourth)


def test_c6_4_two_and_three_players_are_open():
    data = from_mapping(changed(["burial_chamber_b", "points"], {"2": [9, 9], "3": [1, 0, 0]}))
    assert data.burial_chamber_b["points"] == {2: (9, 9), 3: (1, 0, 0)}
