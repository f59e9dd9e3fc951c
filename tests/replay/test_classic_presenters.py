"""The base-game presenters: what the viewer draws from the classic state JSON (docs/state-json.md).

Hand-written states check the layout rules (C5.2 pyramid spaces, C5.3 temple levels, C5.4
chamber grid); random engine games check that every drawn stone is the engine's."""

import pytest

from games.ui.classic.describe import ClassicStory
from games.ui.classic.presenters import (
    classic_context,
    player_panels,
    round_view,
    ships_view,
    sites_view,
)
from rules_engine.classic.components import PYRAMIDS_A_VALUES, STONES_PER_COLOUR
from rules_engine.registry import default_registry
from tests.kit import random_record
from tests.replay.classic_fixtures import STATE, state


def _site(view, site_id):
    return next(s for s in view if s["id"] == site_id)


def test_c3_1_four_ships_slots_bow_first_and_where_they_sailed():
    ships = ships_view(STATE)
    assert [s["ship"] for s in ships] == [1, 2, 3, 4]
    assert [sl["colour"] for sl in ships[0]["slots"]] == ["black", "", "white", "brown"]
    assert ships[0]["loaded"] == 3 and ships[0]["ready"] is True  # min load 3 (C1)
    assert ships[1]["sailed_to"] == "pyramids" and ships[1]["ready"] is False
    assert ships[2]["ready"] is False  # empty ship cannot sail


def test_c4_2_story_highlights_the_slot_placed_and_the_ship_sailed():
    story = ClassicStory(text="", placed={(1, 3)}, sailed={2}, sites={"pyramids"})
    ships = ships_view(STATE, story)
    assert [sl["placed"] for sl in ships[0]["slots"]] == [False, False, True, False]
    assert ships[1]["just_sailed"] and not ships[0]["just_sailed"]
    assert _site(sites_view(STATE, story), "pyramids")["docked_now"]


def test_c4_2_live_choices_mark_empty_slots():
    choice = object()
    ships = ships_view(STATE, choices={(1, 2): choice})
    assert ships[0]["slots"][1]["choice"] is choice
    assert ships[0]["slots"][0]["choice"] is None


def test_c1_sites_in_board_order_with_their_side_and_docked_ship():
    sites = sites_view(STATE)
    assert [s["id"] for s in sites] == ["market", "pyramids", "temple", "burial-chamber", "obelisks"]
    assert [s["side"] for s in sites] == ["A", "A", "A", "B", "A"]
    assert _site(sites, "pyramids")["ship"] == 2


def test_c5_1_market_face_up_cards_with_their_colours():
    market = _site(sites_view(STATE), "market")
    assert [(c["id"], c["colour"]) for c in market["cards"]] == [
        ("statue", "purple"),
        ("lever", "blue"),
        ("paved-path", "red"),
        ("decoration-temple", "green"),
    ]
    assert market["cards"][3]["name"] == "temple decoration"
    assert market["pair"] == 0


def test_c6_1_market_b_shows_the_face_down_pair():
    s = state()
    s["sites"]["market"] = {"side": "B", "ship": None, "face_up": ["statue", "hammer", "sail"], "pair": 2}
    market = _site(sites_view(s), "market")
    assert market["pair"] == 2 and len(market["cards"]) == 3


def test_c5_2_pyramids_a_spaces_fill_column_by_column_with_their_values():
    pyr = _site(sites_view(STATE), "pyramids")
    base = pyr["levels"][0]["rows"]
    # The base is filled column by column from the top left: space 2 is below space 1.
    assert base[0][0]["n"] == 1 and base[1][0]["n"] == 2 and base[0][1]["n"] == 4
    assert [base[r][0]["value"] for r in range(3)] == list(PYRAMIDS_A_VALUES[:3])
    assert base[0][0]["colour"] == "black" and base[1][0]["colour"] == "white"
    assert pyr["levels"][1]["rows"][0][0]["n"] == 10 and pyr["levels"][2]["rows"][0][0]["n"] == 14
    assert pyr["levels"][2]["rows"][0][0]["colour"] == "brown"
    assert pyr["overflow"] == ["black"]  # the 15th stone is set beside the pyramid


def test_c6_2_pyramids_b_draws_three_piles():
    s = state()
    s["sites"]["pyramids"] = {"side": "B", "ship": None, "pyramids": [["black"], [], ["white", "brown"]]}
    assert _site(sites_view(s), "pyramids")["piles"] == [["black"], [], ["white", "brown"]]


def test_c5_3_temple_top_stone_and_height_per_space():
    temple = _site(sites_view(STATE), "temple")
    assert [sp["colour"] for sp in temple["spaces"]] == ["brown", "white", "brown", "black", "white"]
    assert [sp["height"] for sp in temple["spaces"]] == [2, 2, 1, 1, 1]  # 7 stones on 5 spaces


def test_c5_4_burial_chamber_rows_from_columns():
    chamber = _site(sites_view(STATE), "burial-chamber")
    assert chamber["rows"][0][:3] == ["black", "brown", ""]
    assert chamber["rows"][1][:2] == ["white", ""]
    assert chamber["rows"][2][:2] == ["black", ""]
    assert chamber["count"] == 4
    assert len(chamber["rows"][0]) >= 3  # always room to show the next column


def test_c5_5_obelisk_height_per_player_colour():
    obelisks = _site(sites_view(STATE), "obelisks")["obelisks"]
    assert [(o["colour"], o["height"]) for o in obelisks] == [("black", 2), ("white", 0), ("brown", 5)]


def test_panels_quarry_sled_cards_track_and_score():
    score = {
        "players": [
            {"total": 31, "breakdown": {"track": 14}, "lines": [{"text": "x", "points": 1}]},
            {"total": 12, "breakdown": {}, "lines": []},
            {"total": 17, "breakdown": {}, "lines": []},
        ]
    }
    panels = player_panels(STATE, score)
    ana, ben, _cy = panels
    assert (ana["name"], ana["colour"], ana["quarry"], ana["sled"], ana["track"]) == ("Ana", "black", 22, 3, 14)
    assert ana["sled_places"] == [True, True, True, False, False]
    assert [c["id"] for c in ana["blue"]] == ["lever"] and ana["statues"] == 2
    assert [c["name"] for c in ana["green"]] == ["temple decoration"]
    assert ana["total"] == 31 and ana["lines"] == [{"text": "x", "points": 1}]
    assert ben["to_move"] and not ana["to_move"] and ana["leader"]
    assert ben["reached"] == ["pyramids", "temple"]


def test_panels_fall_back_to_the_state_json_score():
    assert [p["total"] for p in player_panels(STATE)] == [30, 12, 17]


def test_c3_round_and_whose_turn():
    view = round_view(STATE)
    assert (view["round"], view["rounds"], view["to_move"], view["round_first"]) == (2, 6, "Ben", "Ana")
    assert view["leaders"] == ["Ana"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_context_has_one_panel_per_player(players):
    s = state(players=STATE["players"][:2] + [dict(STATE["players"][2], name=f"P{i}") for i in range(players - 2)])
    assert len(classic_context(s, None, None)["panels"]) == players


def test_c7_green_cards_given_as_sites_are_named_as_decorations():
    s = state()
    s["players"][0]["cards"]["green"] = ["pyramids", "decoration-temple"]
    assert [c["name"] for c in player_panels(s)[0]["green"]] == ["pyramids decoration", "temple decoration"]


def test_c6_5_obelisks_b_towers_with_their_values():
    s = state()
    s["sites"]["obelisks"] = {
        "side": "B",
        "ship": None,
        "heights": {"black": 1, "white": 2, "brown": 0},
        "towers": [{"colour": "white", "value": 9}],
    }
    assert _site(sites_view(s), "obelisks")["towers"] == [{"colour": "white", "value": 9}]


def _drawn_stones(ctx, colour) -> int:
    """Stones of ``colour`` the board draws on ships, pyramids, burial chamber and obelisks."""
    sites = {s["id"]: s for s in ctx["sites"]}
    count = sum(sl["colour"] == colour for ship in ctx["ships"] for sl in ship["slots"])
    pyr = sites["pyramids"]
    count += sum(sp["colour"] == colour for lv in pyr.get("levels", []) for row in lv["rows"] for sp in row)
    count += sum(c == colour for pile in pyr.get("piles", []) for c in pile) + pyr["overflow"].count(colour)
    count += sum(c == colour for row in sites["burial-chamber"]["rows"] for c in row)
    count += sum(o["height"] for o in sites["obelisks"]["obelisks"] if o["colour"] == colour)
    return count


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c1_every_stone_is_drawn_somewhere_at_every_ply_of_a_real_game(players):
    """On real engine states: what the board draws, plus the temple, quarry and sled, is each
    player's 30 stones (C1), at every position of a random game."""
    record = random_record(60 + players, players=players, game="classic")
    gt = default_registry().game("classic")
    replay = default_registry().replay(record)
    for ply, st in enumerate(replay.states):
        js = gt.state_to_json(st, record)
        ctx = classic_context(js, None, None)
        assert len(ctx["ships"]) == (0 if js["over"] else 4)  # ships return after round 6 (C3.4)
        assert len(ctx["panels"]) == players and len(ctx["sites"]) == 5
        temple = js["sites"]["temple"]["stones"]
        for i, panel in enumerate(ctx["panels"]):
            colour = panel["colour"]
            total = _drawn_stones(ctx, colour) + temple.count(colour) + panel["quarry"] + panel["sled"]
            assert total == STONES_PER_COLOUR, (ply, colour)
            assert panel["name"] == record["players"][i]
