"""Examples for the API docs, taken from the rulebook (duel.md D9). A test posts each request
example and checks the documented answer, so the docs cannot drift from the engine."""

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

# F1: tomb-7 on both sides of the table, and a 13th obelisk.
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
        {"field": "players[1].tomb", "message": "tomb-7 is held by both players"},
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
    "error": {"move": 2, "reason": "unload row-3 needs at least 2 meeples in row 3, it has 0 (D4.2)"}
}

REPLAY_EXAMPLES = [
    OpenApiExample("A record whose third move is illegal (D4.2)", value=ILLEGAL_RECORD, request_only=True),
    OpenApiExample("Rejected move", value=ILLEGAL_RECORD_ERROR, response_only=True, status_codes=["400"]),
]
