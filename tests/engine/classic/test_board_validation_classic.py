"""F3 board validation (formats.md F3, classic.md C1/C7 physical limits): every problem is
reported at once, each at the field it concerns."""

from __future__ import annotations

import pytest

from rules_engine.classic.scoring import score_board
from rules_engine.errors import BoardError
from tests.engine.classic.board_helpers import board, player, players


def errors_of(b: object) -> list[tuple[str, str]]:
    with pytest.raises(BoardError) as err:
        score_board(b)
    return err.value.errors


def paths_of(b: object) -> list[str]:
    return [path for path, _ in errors_of(b)]


def without(p: dict, key: str) -> dict:
    return {k: v for k, v in p.items() if k != key}


CASES = [
    # (id, board, the one path reported)
    ("not an object", ["classic"], ""),
    ("unknown top field", board(tomb=[]), "tomb"),
    ("another game", board(game="duel"), "game"),
    ("players missing", {"game": "classic", "burial_chamber": []}, "players"),
    ("one player", board(player("black")), "players"),
    ("unknown colour", board(player("red"), player("white")), "players[0].colour"),
    ("colour twice", board(player("black"), player("black")), "players[1].colour"),
    ("required field missing", board(without(player("black"), "track"), player("white")), "players[0].track"),
    ("unknown player field", board(player("black", scarabs=2), player("white")), "players[0].scarabs"),
    ("name not text", board(player("black", name=3), player("white")), "players[0].name"),
    ("negative track", board(player("black", track=-1), player("white")), "players[0].track"),
    ("track not a number", board(player("black", track="41"), player("white")), "players[0].track"),
    ("sled over 5", board(player("black", sled=6), player("white")), "players[0].sled"),
    ("obelisk over 30", board(player("black", obelisk_stones=31), player("white")), "players[0].obelisk_stones"),
    ("statues over 10", board(player("black", statues=11), player("white")), "players[0].statues"),
    ("statues over 10 together", board(player("black", statues=6), player("white", statues=5)), "players[1].statues"),
    ("blue cards over 10", board(player("black", blue_cards=11), player("white")), "players[0].blue_cards"),
    (
        "blue cards over 10 together",
        board(player("black", blue_cards=4), player("white", blue_cards=4), player("brown", blue_cards=3)),
        "players[2].blue_cards",
    ),
    (
        "decoration of no site",
        board(player("black", decorations=["market"]), player("white")),
        "players[0].decorations",
    ),
    ("decorations not a list", board(player("black", decorations="temple"), player("white")), "players[0].decorations"),
    (
        "three decorations of a kind",
        board(
            player("black", decorations=["temple"]),
            player("white", decorations=["temple"]),
            player("brown", decorations=["temple"]),
            site_stones={"pyramids": 0, "temple": 3},
        ),
        "players[2].decorations",
    ),
    ("side not A or B", board(sides={"temple": "C"}), "sides.temple"),
    ("unknown site", board(sides={"tomb": "A"}), "sides.tomb"),
    ("sides not an object", {**board(), "sides": ["A"]}, "sides"),
    ("unknown variant", board(variants=["scarabs"]), "variants[0]"),
    ("variants not a list", board(variants="pharaohs-wrath"), "variants"),
    ("chamber missing", {k: v for k, v in board().items() if k != "burial_chamber"}, "burial_chamber"),
    ("chamber not a list", board(chamber={"black": 3}), "burial_chamber"),
    ("column not a list", board(chamber=["black"]), "burial_chamber[0]"),
    ("column of 4", board(chamber=[["black", "white", "black", "white"]]), "burial_chamber[0]"),
    ("short column before the last", board(chamber=[["black"], ["white", "black", "white"]]), "burial_chamber[0]"),
    ("gap in a column", board(chamber=[["black", None, "white"]]), "burial_chamber[0][2]"),
    ("gap before a column", board(chamber=[["black", "white", None], ["black", None, None]]), "burial_chamber[1][0]"),
    ("colour of no player", board(chamber=[["black", "grey", None]]), "burial_chamber[0][1]"),
    ("site stones not an object", board(site_stones=16), "site_stones"),
    ("unknown site stones", board(site_stones={"market": 3}), "site_stones.market"),
    ("negative site stones", board(site_stones={"pyramids": -1}), "site_stones.pyramids"),
    (
        "site stones needed for a decoration",
        board(player("black", decorations=["temple"]), player("white"), site_stones={"pyramids": 3}),
        "site_stones.temple",
    ),
    (
        "over 30 stones of a colour",
        board(player("black", obelisk_stones=28, sled=2), player("white"), chamber=[["black"]]),
        "players[0]",
    ),
    ("more stones than the box", board(site_stones={"pyramids": 50, "temple": 11}), "site_stones"),
    ("reached of no site", board(player("black", reached=["market"]), player("white")), "players[0].reached"),
    ("reached twice", board(player("black", reached=["temple", "temple"]), player("white")), "players[0].reached"),
]


@pytest.mark.parametrize(("board_", "path"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_f3_validation_names_the_field(board_, path):
    assert paths_of(board_) == [path]


def test_f3_validation_refuses_five_players():
    # a fifth player can only repeat a colour or bring an unknown one: both are said
    assert paths_of(board(*players(4), player("black"))) == ["players", "players[4].colour"]


def test_f3_validation_reports_every_problem_at_once():
    b = board(player("black", sled=9), player("black", statues=-1), chamber=[["brown"]])
    assert paths_of(b) == ["players[0].sled", "players[1].statues", "players[1].colour", "burial_chamber[0][0]"]


def test_f3_validation_messages_say_what_is_wrong():
    assert errors_of(board(player("black", sled=6), player("white"))) == [
        ("players[0].sled", "must be between 0 and 5, got 6")
    ]
    assert errors_of(board(chamber=[["black", None, "white"]])) == [
        (
            "burial_chamber[0][2]",
            "the chamber fills column by column from the top (C5.4), "
            "but column 1, row 2 of the burial chamber before it is empty",
        )
    ]


def test_f3_validation_suggests_a_close_field_name():
    ((path, message),) = errors_of(board(player("black", statue=2), player("white")))
    assert path == "players[0].statue" and "did you mean 'statues'?" in message


@pytest.mark.parametrize(
    "chamber",
    [[], [["black"]], [["black", "white"]], [["black", "white", "black"], ["white", None, None]], [[None, None, None]]],
    ids=["empty", "one stone", "short last column", "full then partial", "all empty"],
)
def test_f3_chamber_filled_to_any_point_is_valid(chamber):
    score_board(board(chamber=chamber))


def test_f3_reached_is_optional_without_the_variant():
    score_board(board(player("black", obelisk_stones=2), player("white")))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (float("nan"), "must be a whole number of points (0–999), got a non-finite number"),
        (float("inf"), "must be a whole number of points (0–999), got a non-finite number"),
        (3.0, "must be a whole number of points written without a decimal point, got 3.0"),
        (10**400, "must be between 0 and 999, got a huge number"),
        (True, "must be a whole number of points (0–999), got true"),
    ],
    ids=["nan", "infinity", "decimal point", "huge", "bool"],
)
def test_f3_validation_names_odd_numbers_as_the_duel_board_does(value, message):
    # rules_engine/validation.py, shared with the Duel's F1 board
    assert errors_of(board(player("black", track=value), player("white"))) == [("players[0].track", message)]
