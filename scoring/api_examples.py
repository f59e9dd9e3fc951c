"""Examples for the API docs, taken from the rulebook (duel.md D9) and, for the base game, made up
to show each rule of classic.md C8–C9. A test posts each request example and checks the documented
answer, so the docs cannot drift from the engine."""

import json
from pathlib import Path

from drf_spectacular.utils import OpenApiExample

# D9.1: Black's boards on the A sides score 69 (2 + 7 + 31 + 26 + 2 + 1).
D9_1_BOARD = {
    "game": "duel",
    "sides": {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"},
    "starting_player": 0,
    "players": [
        {"name": "Black", "obelisk": 2, "obelisk_first_to_five": False,
         "temple": [1, 4, 2], "pyramid": {"light": 4, "dark": 6},
         "tomb": [1, 2, 3, 4, 5, 6, 11], "action_tokens": 2, "meeples_on_harbor": 1},
        {"name": "White", "obelisk": 6, "obelisk_first_to_five": False,
         "temple": [3, 3], "pyramid": {"light": 2, "dark": 0},
         "tomb": [8, 9, 12], "action_tokens": 3, "meeples_on_harbor": 0},
    ],
}


def _line(monument, side, rule, text, points):
    return {"monument": monument, "side": side, "rule": rule, "text": text, "points": points}


D9_1_RESULT = {
    "game": "duel",
    "winner": 0,
    "tie_broken": False,
    "players": [
        {"name": "Black", "total": 69,
         "breakdown": {"obelisk": 2, "temple": 7, "pyramid": 31, "tomb": 26,
                       "action_tokens": 2, "meeples": 1},
         "lines": [
             _line("obelisk", "A", "D7.1", "Obelisk A: 2 tokens → 2 (White has more: no bonus)", 2),
             _line("temple", "A", "D7.2", "Temple A: 1 + 2 + 4 symbols → 7", 7),
             _line("pyramid", "A", "D7.3", "Pyramid A: light 4 → 10, dark 6 → 21", 31),
             _line("tomb", "A", "D7.4", "Tomb A: 1-2-3-4-5-6 → 25, 11 → 1", 26),
             _line("action_tokens", None, "D7.5", "Action tokens: 2 unused → 2", 2),
             _line("meeples", None, "D7.5", "Meeples: 1 on the harbor → 1", 1),
         ]},
        {"name": "White", "total": 29,
         "breakdown": {"obelisk": 12, "temple": 6, "pyramid": 3, "tomb": 5,
                       "action_tokens": 3, "meeples": 0},
         "lines": [
             _line("obelisk", "A", "D7.1", "Obelisk A: 6 tokens → 6 + 6 for more than Black (2)", 12),
             _line("temple", "A", "D7.2", "Temple A: 3 + 3 symbols → 6", 6),
             _line("pyramid", "A", "D7.3", "Pyramid A: light 2 → 3, dark 0 → 0", 3),
             _line("tomb", "A", "D7.4", "Tomb A: 8-9 → 4, 12 → 1", 5),
             _line("action_tokens", None, "D7.5", "Action tokens: 3 unused → 3", 3),
             _line("meeples", None, "D7.5", "Meeples: 0 on the harbor → 0", 0),
         ]},
    ],
}

# D9.2: Black's boards on the B sides score 43 (12 + 26 − 6 + 8 + 2 + 1).
D9_2_BOARD = {
    "game": "duel",
    "sides": {"obelisk": "B", "temple": "B", "pyramid": "B", "tomb": "B"},
    "starting_player": 1,
    "players": [
        {"name": "Black", "obelisk": 6, "obelisk_first_to_five": True,
         "temple": [1, 2, 3, 4, 1, 2, 4, 2], "pyramid": {"light": 0, "dark": 6},
         "tomb": [1, 3, 4, 5], "action_tokens": 2, "meeples_on_harbor": 1},
        {"name": "White", "obelisk": 5, "obelisk_first_to_five": False,
         "temple": [1, 3, 3, 4], "pyramid": {"light": 2, "dark": 0},
         "tomb": [7, 9, 11], "action_tokens": 1, "meeples_on_harbor": 2},
    ],
}

# F1: tomb 7 on both sides of the table, and a 13th obelisk.
INVALID_BOARD = {
    "players": [
        {"obelisk": 7, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [7],
         "action_tokens": 0, "meeples_on_harbor": 0},
        {"obelisk": 6, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [7, 8],
         "action_tokens": 0, "meeples_on_harbor": 0},
    ],
}
INVALID_BOARD_ERRORS = {
    "errors": [
        {"field": "players[1].obelisk",
         "message": "the players hold 7 + 6 = 13 obelisk tokens together; the game has only 12"},
        {"field": "players[1].tomb", "message": "tomb 7 is held by both players"},
    ]
}

SCORE_EXAMPLES = [
    OpenApiExample("D9.1: all A sides, Black scores 69", value=D9_1_BOARD, request_only=True),
    OpenApiExample("D9.2: all B sides, Black scores 43", value=D9_2_BOARD, request_only=True),
    OpenApiExample("An impossible board (F1 validation)", value=INVALID_BOARD, request_only=True),
    OpenApiExample("D9.1 scored", value=D9_1_RESULT, response_only=True, status_codes=["200"]),
    OpenApiExample("F1 validation errors", value=INVALID_BOARD_ERRORS, response_only=True,
                   status_codes=["400"]),
]

# The 60 tokens of D1 in a fixed (unshuffled) draw order, for a short record.
EXAMPLE_SUPPLY = (
    ["obelisk"] * 12
    + ["pyramid-light"] * 6
    + ["pyramid-dark"] * 6
    + [f"temple-{v}" for v in (1, 2, 3, 4) for _ in range(3)]
    + [f"tomb-{n}" for n in range(1, 13)]
    + [a for a in ("take-token", "place-meeples", "place-unload", "swap-unload") for _ in range(3)]
)

# D4.2: the first move unloads row 2, which holds no meeple yet.
ILLEGAL_RECORD = {
    "game": "duel",
    "sides": {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"},
    "players": ["Ana", "Ben"],
    "setup": {"supply": EXAMPLE_SUPPLY},
    "moves": [{"type": "place", "cell": "b2"}, {"type": "place", "cell": "a2"},
              {"type": "unload", "boat": "row-3"}],
}

ILLEGAL_RECORD_ERROR = {
    "error": {"move": 2, "reason": "unload row 3 needs at least 2 meeples in row 3, it has 0 (D4.2)"}
}

REPLAY_EXAMPLES = [
    OpenApiExample("A record whose third move is illegal (D4.2)", value=ILLEGAL_RECORD, request_only=True),
    OpenApiExample("Rejected move", value=ILLEGAL_RECORD_ERROR, response_only=True, status_codes=["400"]),
]


# --------------------------------------------------------------------------- base game (F3, F4)

# F3: three players with the Pharaoh's wrath variant (C9); Cy put no stone on the obelisks.
CLASSIC_BOARD = {
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


def _wrath(text, points):
    return {**_line("pharaohs_wrath", None, "C9", text, points), "variant": "pharaohs-wrath"}


CLASSIC_RESULT = {
    "game": "classic",
    "variants": ["pharaohs-wrath"],
    "winners": [0],
    "tie_broken_by_sled": False,
    "players": [
        {"name": "Ana", "colour": "black", "total": 68, "rank": 1,
         "breakdown": {"track": 41, "burial_chamber": 3, "obelisks": 12, "decorations": 5, "statues": 6,
                       "blue_cards": 1, "pharaohs_wrath": 0},
         "lines": [
             _line("track", None, "C8", "Score track before the final scoring: 41", 41),
             _line("burial_chamber", "A", "C5.4", "Burial chamber A: one group of 2 stones → 3", 3),
             _line("obelisks", "A", "C5.5", "Obelisks A: height 4, 1st (12/6/1) → 12", 12),
             _line("decorations", None, "C7", "Decorations, 1 per 3 stones: pyramids (16 stones) → 5", 5),
             _line("statues", None, "C7", "Statues: 3 statues → 6", 6),
             _line("blue_cards", None, "C8", "Blue cards: 1 unplayed → 1", 1),
             _wrath("Pharaoh's wrath: a stone on all four building sites → 0", 0),
         ]},
        {"name": "Ben", "colour": "white", "total": 46, "rank": 2,
         "breakdown": {"track": 38, "burial_chamber": 2, "obelisks": 6, "decorations": 0, "statues": 0,
                       "blue_cards": 0, "pharaohs_wrath": 0},
         "lines": [
             _line("track", None, "C8", "Score track before the final scoring: 38", 38),
             _line("burial_chamber", "A", "C5.4", "Burial chamber A: groups of 1 and 1 stones → 1 + 1 = 2", 2),
             _line("obelisks", "A", "C5.5", "Obelisks A: height 2, 2nd (12/6/1) → 6", 6),
             _line("decorations", None, "C7", "Decorations: none → 0", 0),
             _line("statues", None, "C7", "Statues: 0 statues → 0", 0),
             _line("blue_cards", None, "C8", "Blue cards: 0 unplayed → 0", 0),
             _wrath("Pharaoh's wrath: a stone on all four building sites → 0", 0),
         ]},
        {"name": "Cy", "colour": "brown", "total": 41, "rank": 3,
         "breakdown": {"track": 35, "burial_chamber": 4, "obelisks": 0, "decorations": 2, "statues": 3,
                       "blue_cards": 2, "pharaohs_wrath": -5},
         "lines": [
             _line("track", None, "C8", "Score track before the final scoring: 35", 35),
             _line("burial_chamber", "A", "C5.4", "Burial chamber A: groups of 2 and 1 stones → 3 + 1 = 4", 4),
             _line("obelisks", "A", "C5.5", "Obelisks A: no stone → 0 (no place)", 0),
             _line("decorations", None, "C7", "Decorations, 1 per 3 stones: burial chamber (7 stones) → 2", 2),
             _line("statues", None, "C7", "Statues: 2 statues → 3", 3),
             _line("blue_cards", None, "C8", "Blue cards: 2 unplayed → 2", 2),
             _wrath("Pharaoh's wrath: no stone on the obelisks → −5", -5),
         ]},
    ],
}

# F3: eleven statues between two players (the game has 10, C7) and six stones on a sled (C1).
CLASSIC_INVALID_BOARD = {
    "game": "classic",
    "players": [
        {"name": "Ana", "colour": "black", "track": 30, "sled": 6, "obelisk_stones": 0, "statues": 6,
         "decorations": [], "blue_cards": 0},
        {"name": "Ben", "colour": "white", "track": 28, "sled": 1, "obelisk_stones": 0, "statues": 5,
         "decorations": [], "blue_cards": 0},
    ],
    "burial_chamber": [],
}

# F3: a B side whose board data nobody could confirm (classic.md C6 ⚠) is refused, never guessed.
CLASSIC_B_SIDE_BOARD = {**CLASSIC_INVALID_BOARD, "sides": {"burial-chamber": "B"}, "players": [
    {**p, "sled": 1, "statues": 0} for p in CLASSIC_INVALID_BOARD["players"]]}

CLASSIC_INVALID_BOARD_ERRORS = {
    "errors": [
        {"field": "players[0].sled", "message": "must be between 0 and 5, got 6"},
        {"field": "players[1].statues", "message": "the players hold 11 statues together; the game has 10 (C7)"},
    ]
}
CLASSIC_B_SIDE_ERRORS = {
    "errors": [
        {"field": "sides.burial-chamber",
         "message": "burial chamber side B cannot be played or scored yet: the rows' ranking points are not known; "
                    "a club admin can enter this board data on the board-data page, or a plugin can supply it"},
    ]
}

SCORE_EXAMPLES += [
    OpenApiExample("Base game (F3): three players with Pharaoh's wrath, Ana scores 68", value=CLASSIC_BOARD,
                   request_only=True),
    OpenApiExample("Base game: an impossible board (F3 validation)", value=CLASSIC_INVALID_BOARD, request_only=True),
    OpenApiExample("Base game: a B side that cannot be scored yet", value=CLASSIC_B_SIDE_BOARD, request_only=True),
    OpenApiExample("Base game scored (F3 result)", value=CLASSIC_RESULT, response_only=True, status_codes=["200"]),
    OpenApiExample("Base game: F3 validation errors", value=CLASSIC_INVALID_BOARD_ERRORS, response_only=True,
                   status_codes=["400"]),
    OpenApiExample("Base game: B side without board data", value=CLASSIC_B_SIDE_ERRORS, response_only=True,
                   status_codes=["400"]),
]

# F4: a whole 3-player game of random legal moves, made once with
# ``rules_engine.classic.playout.random_record(random.Random(1), players=3)`` and kept as a file so the
# docs do not change with the engine's random choices. It ends in a tie that the sled breaks (C8).
CLASSIC_RECORD = json.loads((Path(__file__).parent / "examples" / "classic-record.json").read_text(encoding="utf-8"))

# F4: the second move sails ship 1 (capacity 4) empty; it needs 3 stones (C1, C4.3).
CLASSIC_ILLEGAL_RECORD = {
    **{k: v for k, v in CLASSIC_RECORD.items() if k != "moves"},
    "moves": [{"type": "get-stones"}, {"type": "sail", "ship": 1, "site": "temple"}],
}
CLASSIC_ILLEGAL_RECORD_ERROR = {
    "error": {"move": 1, "reason": "sail: ship 1 (capacity 4) holds 0 stones; it needs at least 3 to sail (C4.3)"}
}

REPLAY_EXAMPLES += [
    OpenApiExample("Base game (F4): a whole 3-player game", value=CLASSIC_RECORD, request_only=True),
    OpenApiExample("Base game: a record whose second move is illegal (C4.3)", value=CLASSIC_ILLEGAL_RECORD,
                   request_only=True),
    OpenApiExample("Base game: rejected move", value=CLASSIC_ILLEGAL_RECORD_ERROR, response_only=True,
                   status_codes=["400"]),
]
