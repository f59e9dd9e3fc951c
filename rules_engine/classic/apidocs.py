"""What the API's documentation shows of the base game (rules_engine/apidocs.py): the JSON Schema
of its F3 board, F4 record and F3 score result (formats.md), mirroring what `scoring` and `record`
check, and examples made up to show each rule of classic.md C8–C9, which tests also score."""

from __future__ import annotations

import json
from pathlib import Path

from rules_engine.apidocs import (
    BOARD,
    RECORD,
    ApiExample,
    Schema,
    array,
    enum,
    game_field,
    integer,
    obj,
    or_null,
    player_score,
    score_line,
    sides_field,
    string,
)
from rules_engine.classic.components import BUILDING_SITES, BURIAL_ROWS, COLOURS, SLED_CAPACITY, STONES_PER_COLOUR
from rules_engine.gametype import AnyGame
from rules_engine.scores import Json

# --------------------------------------------------------------------------- schemas

_COLOUR = enum(COLOURS, "black, white, brown or grey (C1)")
_SITE = enum(BUILDING_SITES, "one of the four building sites")


def board_schema(game: AnyGame) -> Schema:
    """F3: an end-game board of the base game."""
    player = obj(
        {
            "name": string(nullable=True),
            "colour": enum(COLOURS, "black, white, brown or grey; distinct (C1)"),
            "track": integer(0, description="points on the score track before the final scoring (C8)"),
            "sled": integer(0, SLED_CAPACITY, "stones on the sled: breaks a tie (C8)"),
            "obelisk_stones": integer(0, STONES_PER_COLOUR, "obelisk height on side A, loose stones not in a "
                                                            "tower on side B (C5.5, C6.5)"),
            "statues": integer(0, 10, "statue cards held (C7)"),
            "decorations": array(_SITE, "the decoration cards held, by site; a site may appear twice (C7)"),
            "blue_cards": integer(0, 10, "unplayed blue cards, 1 point each (C8)"),
            "reached": array(_SITE, "only with the pharaohs-wrath variant: the building sites this player got a "
                                    "stone onto (C9)"),
        },
        required=("colour", "track", "sled", "obelisk_stones", "statues", "decorations", "blue_cards"),
    )
    chamber_entry = or_null(enum(COLOURS), "a stone's colour, or null for an empty place")
    return obj(
        {
            "game": game_field(game),
            "sides": sides_field(game, "the side of each site, shared by all; omitted sites are A. A B side whose "
                                       "board data is missing (classic.md C6 ⚠) is refused with a 400 saying it "
                                       "cannot be scored yet"),
            "variants": array(string(), 'e.g. ["pharaohs-wrath"] (C9); see GET /api/v1/games-types'),
            "players": array(player, "2–4 players in seat order", minItems=game.min_players,
                             maxItems=game.max_players),
            "burial_chamber": array(array(chamber_entry, minItems=1, maxItems=BURIAL_ROWS),
                                    "the chamber's columns from left to right, each 3 entries from top to bottom "
                                    "(a colour or null); only the end of the filling may be empty (C5.4)"),
            "site_stones": obj({"pyramids": integer(0), "temple": integer(0),
                                "obelisks": integer(0, description="only with obelisks side B, whose towers the "
                                                                   "board does not show")},
                               description="stones of all colours on a site, needed only for a decoration of "
                                           "that site (C7)"),
        },
        required=("game", "players", "burial_chamber"),
        description="An end-game board of the base game, Imhotep: Builder of Egypt (formats.md F3).",
    )


def record_schema(game: AnyGame) -> Schema:
    """F4: a whole game of the base game, move by move."""
    round_card = array(integer(1, 4), minItems=4, maxItems=4)
    return obj(
        {
            "game": game_field(game),
            "sides": sides_field(game, "the side of each site (C6); a site left out is on side A"),
            "variants": array(string(), "see GET /api/v1/games-types"),
            "players": array(string(), "in seat order; players[0] is seat 1 and starts round 1",
                             minItems=game.min_players, maxItems=game.max_players),
            "colours": array(_COLOUR),
            "setup": obj({"round_cards": array(round_card, "the 6 round cards in the order revealed, each 4 ship "
                                                           "capacities (C1)", minItems=6, maxItems=6),
                          "market_draws": array(string(), "every market card in the order drawn over the whole "
                                                          "game (C7 card ids)")}),
            "moves": array(obj({"type": string('"get-stones", "place", "sail", "play" or "pass" (formats.md F4)')},
                               required=("type",)),
                           'e.g. {"type": "get-stones"}, {"type": "place", "ship": 2, "slot": 1}, '
                           '{"type": "sail", "ship": 1, "site": "market", "take": ["statue"]}, '
                           '{"type": "play", "card": "chisel", "places": [...]}, {"type": "pass"}'),
        },
        required=("game", "players", "setup", "moves"),
        description="A whole game of the base game, move by move (formats.md F4).",
    )


def score_schema(game: AnyGame) -> Schema:
    """The F3 score result (`ClassicScore.to_json`): ``winners``, ``tie_broken_by_sled``, colours and ranks."""
    return obj(
        {
            "game": game_field(game),
            "variants": array(string()),
            "winners": array(integer(), "indexes of the winners: more than one is a shared win (C8)"),
            "tie_broken_by_sled": {"type": "boolean",
                                   "description": "the best totals were equal and the sled decided (C8)"},
            "players": array(player_score(colour=True, rank=True,
                                          breakdown="track, burial_chamber, obelisks, decorations, statues, "
                                                    "blue_cards, pharaohs_wrath"),
                             minItems=game.min_players, maxItems=game.max_players),
        },
        required=("game", "winners", "tie_broken_by_sled", "players"),
        description="The score of a base-game board (formats.md F3 result), every point explained with its rule "
                    "(C5–C9).",
    )


# --------------------------------------------------------------------------- examples (classic.md C8–C9)

# F3: three players with the Pharaoh's wrath variant (C9); Cy put no stone on the obelisks.
CLASSIC_BOARD: dict[str, Json] = {
    "game": "classic",
    "sides": {"market": "A", "pyramids": "A", "temple": "A", "burial-chamber": "A", "obelisks": "A"},
    "variants": ["pharaohs-wrath"],
    "players": [
        {"name": "Ana", "colour": "black", "track": 41, "sled": 2, "obelisk_stones": 4, "statues": 3,
         "decorations": ["pyramids"], "blue_cards": 1,
         "reached": ["pyramids", "temple", "burial-chamber", "obelisks"]},
        {"name": "Ben", "colour": "white", "track": 38, "sled": 0, "obelisk_stones": 2, "statues": 0,
         "decorations": [], "blue_cards": 0,
         "reached": ["pyramids", "temple", "burial-chamber", "obelisks"]},
        {"name": "Cy", "colour": "brown", "track": 35, "sled": 3, "obelisk_stones": 0, "statues": 2,
         "decorations": ["burial-chamber"], "blue_cards": 2,
         "reached": ["pyramids", "temple", "burial-chamber"]},
    ],
    "burial_chamber": [["black", "black", "white"], ["white", "brown", "brown"], ["brown", None, None]],
    "site_stones": {"pyramids": 16},
}


def _wrath(text: str, points: int) -> dict[str, Json]:
    return {**score_line("pharaohs_wrath", None, "C9", text, points), "variant": "pharaohs-wrath"}


CLASSIC_RESULT: dict[str, Json] = {
    "game": "classic",
    "variants": ["pharaohs-wrath"],
    "winners": [0],
    "tie_broken_by_sled": False,
    "players": [
        {"name": "Ana", "colour": "black", "total": 68, "rank": 1,
         "breakdown": {"track": 41, "burial_chamber": 3, "obelisks": 12, "decorations": 5, "statues": 6,
                       "blue_cards": 1, "pharaohs_wrath": 0},
         "lines": [
             score_line("track", None, "C8", "Score track before the final scoring: 41", 41),
             score_line("burial_chamber", "A", "C5.4", "Burial chamber A: one group of 2 stones → 3", 3),
             score_line("obelisks", "A", "C5.5", "Obelisks A: height 4, 1st (12/6/1) → 12", 12),
             score_line("decorations", None, "C7", "Decorations, 1 per 3 stones: pyramids (16 stones) → 5", 5),
             score_line("statues", None, "C7", "Statues: 3 statues → 6", 6),
             score_line("blue_cards", None, "C8", "Blue cards: 1 unplayed → 1", 1),
             _wrath("Pharaoh's wrath: a stone on all four building sites → 0", 0),
         ]},
        {"name": "Ben", "colour": "white", "total": 46, "rank": 2,
         "breakdown": {"track": 38, "burial_chamber": 2, "obelisks": 6, "decorations": 0, "statues": 0,
                       "blue_cards": 0, "pharaohs_wrath": 0},
         "lines": [
             score_line("track", None, "C8", "Score track before the final scoring: 38", 38),
             score_line("burial_chamber", "A", "C5.4", "Burial chamber A: groups of 1 and 1 stones → 1 + 1 = 2", 2),
             score_line("obelisks", "A", "C5.5", "Obelisks A: height 2, 2nd (12/6/1) → 6", 6),
             score_line("decorations", None, "C7", "Decorations: none → 0", 0),
             score_line("statues", None, "C7", "Statues: 0 statues → 0", 0),
             score_line("blue_cards", None, "C8", "Blue cards: 0 unplayed → 0", 0),
             _wrath("Pharaoh's wrath: a stone on all four building sites → 0", 0),
         ]},
        {"name": "Cy", "colour": "brown", "total": 41, "rank": 3,
         "breakdown": {"track": 35, "burial_chamber": 4, "obelisks": 0, "decorations": 2, "statues": 3,
                       "blue_cards": 2, "pharaohs_wrath": -5},
         "lines": [
             score_line("track", None, "C8", "Score track before the final scoring: 35", 35),
             score_line("burial_chamber", "A", "C5.4", "Burial chamber A: groups of 2 and 1 stones → 3 + 1 = 4", 4),
             score_line("obelisks", "A", "C5.5", "Obelisks A: no stone → 0 (no place)", 0),
             score_line("decorations", None, "C7", "Decorations, 1 per 3 stones: burial chamber (7 stones) → 2", 2),
             score_line("statues", None, "C7", "Statues: 2 statues → 3", 3),
             score_line("blue_cards", None, "C8", "Blue cards: 2 unplayed → 2", 2),
             _wrath("Pharaoh's wrath: no stone on the obelisks → −5", -5),
         ]},
    ],
}

# F3: eleven statues between two players (the game has 10, C7) and six stones on a sled (C1).
_INVALID_PLAYERS: list[dict[str, Json]] = [
    {"name": "Ana", "colour": "black", "track": 30, "sled": 6, "obelisk_stones": 0, "statues": 6,
     "decorations": [], "blue_cards": 0},
    {"name": "Ben", "colour": "white", "track": 28, "sled": 1, "obelisk_stones": 0, "statues": 5,
     "decorations": [], "blue_cards": 0},
]
CLASSIC_INVALID_BOARD: dict[str, Json] = {
    "game": "classic",
    "players": [*_INVALID_PLAYERS],
    "burial_chamber": [],
}

# F3: a B side whose board data nobody could confirm (classic.md C6 ⚠) is refused, never guessed.
CLASSIC_B_SIDE_BOARD: dict[str, Json] = {**CLASSIC_INVALID_BOARD, "sides": {"burial-chamber": "B"}, "players": [
    {**p, "sled": 1, "statues": 0} for p in _INVALID_PLAYERS]}

CLASSIC_INVALID_BOARD_ERRORS: dict[str, Json] = {
    "errors": [
        {"field": "players[0].sled", "message": "must be between 0 and 5, got 6"},
        {"field": "players[1].statues", "message": "the players hold 11 statues together; the game has 10 (C7)"},
    ]
}
CLASSIC_B_SIDE_ERRORS: dict[str, Json] = {
    "errors": [
        {"field": "sides.burial-chamber",
         "message": "burial chamber side B cannot be played or scored yet: the rows' ranking points are not known; "
                    "a club admin can enter this board data on the board-data page, or a plugin can supply it"},
    ]
}

# F4: a whole 3-player game of random legal moves, made once with
# ``rules_engine.classic.playout.random_record(random.Random(1), players=3)`` and kept as a file so the
# docs do not change with the engine's random choices. It ends in a tie that the sled breaks (C8).
CLASSIC_RECORD: dict[str, Json] = json.loads(
    (Path(__file__).parent / "examples" / "classic-record.json").read_text(encoding="utf-8"))

# F4: the second move sails ship 1 (capacity 4) empty; it needs 3 stones (C1, C4.3).
CLASSIC_ILLEGAL_RECORD: dict[str, Json] = {
    **{k: v for k, v in CLASSIC_RECORD.items() if k != "moves"},
    "moves": [{"type": "get-stones"}, {"type": "sail", "ship": 1, "site": "temple"}],
}
CLASSIC_ILLEGAL_RECORD_ERROR: dict[str, Json] = {
    "error": {"move": 1, "reason": "sail: ship 1 (capacity 4) holds 0 stones; it needs at least 3 to sail (C4.3)"}
}


EXAMPLES = (
    ApiExample(BOARD, "Base game (F3): three players with Pharaoh's wrath, Ana scores 68", CLASSIC_BOARD),
    ApiExample(BOARD, "Base game: an impossible board (F3 validation)", CLASSIC_INVALID_BOARD),
    ApiExample(BOARD, "Base game: a B side that cannot be scored yet", CLASSIC_B_SIDE_BOARD),
    ApiExample(RECORD, "Base game (F4): a whole 3-player game", CLASSIC_RECORD),
    ApiExample(RECORD, "Base game: a record whose second move is illegal (C4.3)", CLASSIC_ILLEGAL_RECORD),
)
