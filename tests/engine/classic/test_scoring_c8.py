"""Base-game end-of-game scoring (classic.md C8) of F3 boards, side A, table-driven; the C10
checks from open implementations; the C8 ranking."""

from __future__ import annotations

import dataclasses

import pytest

from rules_engine.classic.scoring import (
    BREAKDOWN_KEYS,
    burial_groups,
    obelisks_a_points,
    rank,
    ranking_points,
    score_board,
)
from tests.engine.classic.board_helpers import board, player, players


def scored(b: dict) -> dict:
    return rank(score_board(b), b).to_json()


def breakdown(b: dict, key: str) -> list[int]:
    return [p["breakdown"][key] for p in score_board(b).to_json()["players"]]


# --------------------------------------------------------------------------- C5.5 obelisks A


@pytest.mark.parametrize(
    ("heights", "expected"),
    [
        ((1, 0), (10, 0)),  # C10
        ((2, 3), (1, 10)),  # C10
        ((1, 1), (5, 5)),  # C10: (10 + 1) / 2, rounded down
        ((0, 0), (0, 0)),  # nobody has a stone: nobody takes a place
        ((0, 2, 1), (0, 12, 6)),  # C10
        ((3, 2, 1), (12, 6, 1)),
        ((2, 2, 2), (6, 6, 6)),  # (12 + 6 + 1) / 3 = 6.33 → 6
        ((1, 1, 1, 0), (10, 10, 10, 0)),  # C10
        ((5, 3, 3, 1), (15, 7, 7, 1)),  # C5.5: tied 2nd–3rd of four, (10 + 5) / 2 = 7 each
        ((4, 3, 2, 1), (15, 10, 5, 1)),
        ((4, 4, 4, 4), (7, 7, 7, 7)),  # 31 / 4 → 7
        ((0, 0, 5, 0), (0, 0, 15, 0)),
    ],
)
def test_c5_5_obelisks_a_ranking(heights, expected):
    assert tuple(obelisks_a_points(heights)) == expected


def test_c5_5_obelisks_a_on_a_board():
    b = board(*[player(c, obelisk_stones=h) for c, h in zip(("black", "white", "brown"), (0, 2, 1), strict=True)])
    assert breakdown(b, "obelisks") == [0, 12, 6]


def test_c5_5_obelisks_a_line_names_the_place():
    b = board(
        *[player(c, obelisk_stones=h) for c, h in zip(("black", "white", "brown", "grey"), (5, 3, 3, 1), strict=True)]
    )
    line = next(line for line in score_board(b).to_json()["players"][1]["lines"] if line["monument"] == "obelisks")
    assert line == {
        "monument": "obelisks",
        "side": "A",
        "rule": "C5.5",
        "text": "Obelisks A: height 3, tied 2nd–3rd with 1 other (15/10/5/1) → 7",
        "points": 7,
    }


def test_c5_5_ranking_points_with_nobody_scoring():
    assert ranking_points([0, 0, 0], (12, 6, 1)) == [0, 0, 0]


# --------------------------------------------------------------------------- C7 statues


@pytest.mark.parametrize(
    ("statues", "points"),
    [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 17), (8, 21), (10, 25)],  # C10, C7
)
def test_c7_statues(statues, points):
    b = board(player("black", statues=statues), player("white"))
    assert breakdown(b, "statues")[0] == points


# --------------------------------------------------------------------------- C5.4 burial chamber A

# C10: the rulebook's example with 4 players (13 stones, filled column by column).
RULEBOOK_CHAMBER = [
    ["grey", "grey", "brown"],
    ["grey", "grey", "white"],
    ["grey", "grey", "white"],
    ["brown", "brown", "brown"],
    ["black", None, None],
]


def test_c5_4_burial_chamber_a_rulebook_example():
    b = board(*players(4), chamber=RULEBOOK_CHAMBER)
    # black, white, brown, grey: a single → 1; a group of 2 → 3; 3 + 1 → 7; a group of 6 → 17
    assert breakdown(b, "burial_chamber") == [1, 3, 7, 17]


@pytest.mark.parametrize(
    ("colour", "groups"),
    [("grey", [6]), ("brown", [3, 1]), ("white", [2]), ("black", [1]), ("missing", [])],
)
def test_c5_4_burial_groups_of_the_rulebook_example(colour, groups):
    assert burial_groups(RULEBOOK_CHAMBER, colour) == groups


@pytest.mark.parametrize(
    ("chamber", "points"),
    [
        ([], 0),
        ([["black", "white", "black"], ["white", "black", "white"]], 3),  # diagonals do not connect
        ([["black", "black", "black"], ["black", "black", "black"]], 17),  # 6 stones: 15 + 2
        ([["black"] * 3] * 3, 23),  # 9 stones: 15 + 4 × 2
        ([["black", "black", "white"], ["white", "white", "black"], ["black", None, None]], 3 + 1 + 1),
        ([["black", "white", "white"], ["black", "white", "white"], ["black"]], 6),  # a row of 3 across columns
    ],
)
def test_c5_4_burial_chamber_a_groups(chamber, points):
    b = board(player("black"), player("white"), chamber=chamber)
    assert breakdown(b, "burial_chamber")[0] == points


def test_c5_4_burial_chamber_a_line_adds_the_groups():
    b = board(*players(4), chamber=RULEBOOK_CHAMBER)
    lines = score_board(b).to_json()["players"][2]["lines"]
    line = next(line for line in lines if line["monument"] == "burial_chamber")
    assert line["text"] == "Burial chamber A: groups of 3 and 1 stones → 6 + 1 = 7"
    assert (line["side"], line["rule"], line["points"]) == ("A", "C5.4", 7)


# --------------------------------------------------------------------------- C7 decorations


@pytest.mark.parametrize(
    ("decorations", "site_stones", "points"),
    [
        (["pyramids"], {"pyramids": 16, "temple": 0}, 5),  # 16 // 3
        (["pyramids"], {"pyramids": 2, "temple": 0}, 0),
        (["temple", "temple"], {"pyramids": 0, "temple": 11}, 6),  # each card scores: 3 + 3
        (["pyramids", "temple"], {"pyramids": 9, "temple": 14}, 3 + 4),
    ],
)
def test_c7_decorations_count_all_colours_on_the_site(decorations, site_stones, points):
    b = board(player("black", decorations=decorations), player("white"), site_stones=site_stones)
    assert breakdown(b, "decorations")[0] == points


def test_c7_burial_chamber_decoration_counts_the_grid():
    chamber = [["black", "white", "white"], ["white", "black", "black"], ["white"]]  # 7 stones
    b = board(player("black", decorations=["burial-chamber"]), player("white"), chamber=chamber)
    assert breakdown(b, "decorations") == [2, 0]


def test_c7_obelisks_decoration_counts_every_obelisk_on_side_a():
    b = board(player("black", obelisk_stones=4, decorations=["obelisks"]), player("white", obelisk_stones=5))
    assert breakdown(b, "decorations") == [3, 0]


def test_c7_decoration_without_site_stones_needed_elsewhere():
    b = board(player("black", decorations=["obelisks"], obelisk_stones=3), player("white"), site_stones={})
    assert breakdown(b, "decorations") == [1, 0]


# --------------------------------------------------------------------------- C8 totals


@pytest.mark.parametrize(
    ("fields", "key", "points"),
    [
        ({"track": 41}, "track", 41),
        ({"blue_cards": 3}, "blue_cards", 3),  # C8: 1 per unplayed blue card
        ({"blue_cards": 0}, "blue_cards", 0),
        ({"track": 7}, "pharaohs_wrath", 0),  # only the variant changes it (C9)
    ],
)
def test_c8_simple_parts(fields, key, points):
    assert breakdown(board(player("black", **fields), player("white")), key)[0] == points


def test_c8_total_adds_every_part_and_every_point_is_explained():
    b = board(
        player("black", track=41, sled=2, obelisk_stones=4, statues=3, decorations=["pyramids"], blue_cards=1),
        player("white", track=38, obelisk_stones=2),
        chamber=[["black", "black", "white"], ["white", None, None]],
        site_stones={"pyramids": 16, "temple": 11},
    )
    first = score_board(b).to_json()["players"][0]
    assert list(first["breakdown"]) == list(BREAKDOWN_KEYS)
    assert first["breakdown"] == {
        "track": 41,
        "burial_chamber": 3,
        "obelisks": 10,
        "decorations": 5,
        "statues": 6,
        "blue_cards": 1,
        "pharaohs_wrath": 0,
    }
    assert first["total"] == 66 == sum(line["points"] for line in first["lines"])
    assert all(set(line) == {"monument", "side", "rule", "text", "points"} for line in first["lines"])


def test_c8_result_carries_names_and_colours():
    result = score_board(board(player("grey", name="Cy"), player("brown", name=None))).to_json()
    assert [(p["name"], p["colour"]) for p in result["players"]] == [("Cy", "grey"), (None, "brown")]
    assert result["game"] == "classic"


def test_c8_sides_left_out_are_side_a():
    b = board(player("black", obelisk_stones=1), player("white"))
    del b["sides"]
    assert breakdown(b, "obelisks") == [10, 0]


# --------------------------------------------------------------------------- C8 ranking


def ranked(totals, sleds):
    b = board(
        *[
            player(c, track=t, sled=s)
            for c, t, s in zip(("black", "white", "brown", "grey"), totals, sleds, strict=False)
        ]
    )
    result = scored(b)
    return result["winners"], result["tie_broken_by_sled"], [p["rank"] for p in result["players"]]


@pytest.mark.parametrize(
    ("totals", "sleds", "winners", "by_sled", "ranks"),
    [
        # 2 players
        ((50, 40), (0, 5), [0], False, [1, 2]),
        ((40, 50), (5, 0), [1], False, [2, 1]),
        ((50, 50), (3, 1), [0], True, [1, 2]),  # C8: more stones on the sled
        ((50, 50), (1, 3), [1], True, [2, 1]),
        ((50, 50), (2, 2), [0, 1], False, [1, 1]),  # still tied: shared victory
        # 3 players
        ((50, 50, 40), (2, 2, 5), [0, 1], False, [1, 1, 3]),
        ((50, 50, 50), (1, 4, 4), [1, 2], True, [3, 1, 1]),
        ((30, 40, 40), (0, 1, 0), [1], True, [3, 1, 2]),
        # 4 players
        ((60, 60, 60, 30), (1, 3, 3, 0), [1, 2], True, [3, 1, 1, 4]),
        ((60, 40, 40, 40), (0, 1, 2, 2), [0], False, [1, 4, 2, 2]),  # lower places split by the sled too
        ((10, 10, 10, 10), (0, 0, 0, 0), [0, 1, 2, 3], False, [1, 1, 1, 1]),
    ],
)
def test_c8_ranking(totals, sleds, winners, by_sled, ranks):
    assert ranked(totals, sleds) == (winners, by_sled, ranks)


def test_c8_rank_decides_again_from_changed_totals():
    b = board(player("black", track=10), player("white", track=9))
    result = score_board(b)
    lowered = dataclasses.replace(result.players[0], total=result.players[0].total - 5)  # as a variant does
    assert rank(dataclasses.replace(result, players=(lowered, *result.players[1:])), b).winners == (1,)
