"""Base-game side B at the end of the game (classic.md C6.4, C6.5) with the FICTIONAL board
data of `board_helpers` (the real numbers are unknown), and the plain refusal of a B side
whose data is missing (classic.md C6 ⚠: never guess)."""

from __future__ import annotations

import pytest

from rules_engine.classic.scoring import score_board
from rules_engine.classic.sitecheck import from_mapping
from rules_engine.classic.sitedata import EMPTY
from rules_engine.errors import BoardError
from tests.engine.classic.board_helpers import FICTIONAL_DATA, board, player, players

DATA = from_mapping(FICTIONAL_DATA)


def breakdown(b: dict, key: str) -> list[int]:
    return [p["breakdown"][key] for p in score_board(b, DATA).to_json()["players"]]


# --------------------------------------------------------------------------- C6.4 burial chamber B


@pytest.mark.parametrize(
    ("chamber", "expected"),
    [
        ([], [0, 0]),
        # row 1: black 1st (50); row 2: white 1st; row 3: black 1st
        ([["black", "white", "black"]], [100, 50]),
        # row 1: black 2, white 0; row 2: 1 each → (50 + 5) // 2 = 27 each; row 3: white 2
        ([["black", "black", "white"], ["black", "white", "white"]], [50 + 27, 27 + 50]),
        # adjacency does not matter: black's 2 separate stones in row 1 beat white's 1
        ([["black", "white", "white"], ["white", "white", "white"], ["black"]], [50, 5 + 50 + 50]),
    ],
)
def test_c6_4_burial_chamber_b_two_players(chamber, expected):
    b = board(player("black"), player("white"), chamber=chamber, sides={"burial-chamber": "B"})
    assert breakdown(b, "burial_chamber") == expected


def test_c6_4_burial_chamber_b_four_players_shares_ties_as_c5_5():
    chamber = [
        ["black", "white", "brown"],
        ["black", "white", "grey"],
        ["white", "brown", "grey"],
        ["grey", "grey", "grey"],
    ]
    # row 1: black 2, white 1, grey 1 → 8, (4 + 2) // 2 = 3, 3; brown no place
    # row 2: white 2, brown 1, grey 1 → 8, 3, 3
    # row 3: grey 3, brown 1 → 8, 4
    b = board(*players(4), chamber=chamber, sides={"burial-chamber": "B"})
    assert breakdown(b, "burial_chamber") == [8, 3 + 8, 3 + 4, 3 + 3 + 8]


def test_c6_4_burial_chamber_b_line_names_rows_and_places():
    b = board(player("black"), player("white"), chamber=[["black", "white", "black"]], sides={"burial-chamber": "B"})
    lines = score_board(b, DATA).to_json()["players"][0]["lines"]
    (line,) = [line for line in lines if line["monument"] == "burial_chamber"]
    assert line == {
        "monument": "burial_chamber",
        "side": "B",
        "rule": "C6.4",
        "text": "Burial chamber B (50/5): row 1: 1 stone, 1st → 50; row 3: 1 stone, 1st → 50 → 100",
        "points": 100,
    }


# --------------------------------------------------------------------------- C6.5 obelisks B


@pytest.mark.parametrize(("loose", "points"), [(0, 0), (1, 1), (2, 2)])
def test_c6_5_obelisks_b_loose_stones_score_one_each(loose, points):
    b = board(player("black", obelisk_stones=loose), player("white", obelisk_stones=2), sides={"obelisks": "B"})
    assert breakdown(b, "obelisks")[0] == points


def test_c6_5_obelisks_b_decoration_needs_the_site_count():
    b = board(player("black", decorations=["obelisks"]), player("white"), sides={"obelisks": "B"})
    with pytest.raises(BoardError) as err:
        score_board(b, DATA)
    assert [path for path, _ in err.value.errors] == ["site_stones.obelisks"]


def test_c6_5_obelisks_b_decoration_counts_the_given_stones():
    b = board(
        player("black", decorations=["obelisks"], obelisk_stones=1),
        player("white"),
        sides={"obelisks": "B"},
        site_stones={"obelisks": 13},
    )
    assert breakdown(b, "decorations") == [4, 0]


# --------------------------------------------------------------------------- C6 ⚠ data missing

MESSAGES = {
    "pyramids": "pyramids side B cannot be played or scored yet: the pyramids' shapes, their spaces' values and "
    "which spaces carry which bonus are not known; "
    "a club admin can enter this board data on the board-data page, or a plugin can supply it",
    "temple": "temple side B cannot be played or scored yet: which space carries which bonus is not known; "
    "a club admin can enter this board data on the board-data page, or a plugin can supply it",
    "burial-chamber": "burial chamber side B cannot be played or scored yet: the rows' ranking points are not known; "
    "a club admin can enter this board data on the board-data page, or a plugin can supply it",
    "obelisks": "obelisks side B cannot be played or scored yet: the tower spaces' values are not known; "
    "a club admin can enter this board data on the board-data page, or a plugin can supply it",
}


def test_c6_4_burial_chamber_b_without_data_is_refused_plainly():
    with pytest.raises(BoardError) as err:
        score_board(board(sides={"burial-chamber": "B"}), EMPTY)
    assert err.value.errors == [("sides.burial-chamber", MESSAGES["burial-chamber"])]


@pytest.mark.parametrize("site", ["pyramids", "temple", "obelisks"])
def test_c8_b_sides_scored_during_play_need_no_data_at_the_end(site):
    # Pyramids and temple B scored on the track during play; loose obelisk B stones score 1 each
    # (C6.5): the end-of-game scoring reads no open number (docs/rulings.md).
    b = board(player("black", track=12, obelisk_stones=2), player("white"), sides={site: "B"})
    result = score_board(b, EMPTY).to_json()
    assert result["players"][0]["total"] == 12 + (2 if site == "obelisks" else 10)


def test_c6_1_market_b_needs_no_data():
    assert score_board(board(sides={"market": "B"}), EMPTY).to_json()["players"][0]["total"] == 0


@pytest.mark.parametrize("site", sorted(MESSAGES))
def test_c6_side_b_with_data_scores(site):
    assert len(score_board(board(sides={site: "B"}), DATA).to_json()["players"]) == 2


def test_c6_4_data_for_other_player_counts_only_is_refused_naming_the_count():
    data = from_mapping({"burial_chamber_b": {"points": {"4": [8, 4, 2, 1]}}})
    with pytest.raises(BoardError) as err:
        score_board(board(player("black"), player("white"), player("brown"), sides={"burial-chamber": "B"}), data)
    assert err.value.errors == [
        (
            "sides.burial-chamber",
            "burial chamber side B cannot be played or scored yet with 3 players: the rows' ranking points are "
            "not known; "
            "a club admin can enter this board data on the board-data page, or a plugin can supply it",
        )
    ]
