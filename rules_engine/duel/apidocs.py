"""What the API's documentation shows of the Duel (rules_engine/apidocs.py): the JSON Schema of
its F1 board, F2 record and F1 score result (formats.md), mirroring what `board_validation` and
`record` check, and the rulebook's examples (duel.md D9), which tests also score."""

from __future__ import annotations

from rules_engine.apidocs import (
    BOARD,
    RECORD,
    ApiExample,
    Schema,
    array,
    game_field,
    integer,
    obj,
    player_score,
    score_line,
    sides_field,
    string,
)
from rules_engine.duel.board_limits import (
    ACTION_TOKENS,
    MEEPLES_PER_PLAYER,
    OBELISK_TOKENS,
    PYRAMID_TOKENS_PER_COLOUR,
    TEMPLE_VALUES,
    TOMB_NUMBERS,
)
from rules_engine.gametype import AnyGame
from rules_engine.scores import Json

# --------------------------------------------------------------------------- schemas


def board_schema(game: AnyGame) -> Schema:
    """F1: an end-game board of the Duel."""
    player = obj(
        {
            "name": string(nullable=True),
            "obelisk": integer(0, OBELISK_TOKENS, "obelisk tokens (D7.1)"),
            "obelisk_first_to_five": {
                "type": "boolean", "default": False,
                "description": "obelisk side B only: true for exactly one player when both hold 5 or more (D7.1 B)",
            },
            "temple": array(integer(min(TEMPLE_VALUES), max(TEMPLE_VALUES)),
                            "the value (1–4 circle symbols) of each temple token held (D7.2)"),
            "pyramid": obj({"light": integer(0, PYRAMID_TOKENS_PER_COLOUR, "light pyramid tokens (D7.3)"),
                            "dark": integer(0, PYRAMID_TOKENS_PER_COLOUR, "dark pyramid tokens (D7.3)")},
                           required=("light", "dark")),
            "tomb": array(integer(min(TOMB_NUMBERS), max(TOMB_NUMBERS)),
                          "the numbers of the tomb tokens held, 1–12, no number twice across both players (D7.4)"),
            "action_tokens": integer(0, ACTION_TOKENS, "unused action tokens (D7.5)"),
            "meeples_on_harbor": integer(0, MEEPLES_PER_PLAYER, "own meeples still on the harbor (D7.5)"),
        },
        required=("obelisk", "temple", "pyramid", "tomb", "action_tokens", "meeples_on_harbor"),
    )
    return obj(
        {
            "game": game_field(game, default=True),
            "sides": sides_field(game, "the side of each monument, the same for both players (D1); "
                                       "a monument left out is on side A"),
            "variants": array(string(), 'the variants played with, e.g. a plugin\'s house rule; '
                                        "see GET /api/v1/games-types"),
            "starting_player": integer(0, 1, "index of the player who started; wins a tie (D7.6) when it is "
                                             "the other one", default=0),
            "players": array(player, minItems=2, maxItems=2),
        },
        required=("players",),
        description="An end-game board of Imhotep: The Duel (formats.md F1).",
    )


def record_schema(game: AnyGame) -> Schema:
    """F2: a whole game of the Duel, move by move."""
    return obj(
        {
            "game": game_field(game, default=True),
            "sides": sides_field(game, "the side of each monument (D1); a monument left out is on side A"),
            "variants": array(string(), "see GET /api/v1/games-types"),
            "players": array(string(), "players[0] starts", minItems=2, maxItems=2),
            "colours": array(string(), "the seats' colours (default black, white)", minItems=2, maxItems=2),
            "setup": obj({"supply": array(string(), "the 60 token ids in draw order (D3)"),
                          "boats": array(array(string(), minItems=3, maxItems=3),
                                         "a physical game: the 6 boats' tokens, with refill/reveal on the moves")},
                         description='{"supply": [60 token ids in draw order]} or, for a physical game, '
                                     '{"boats": [6 lists of 3 token ids]} with "refill"/"reveal" on the moves'),
            "moves": array(obj({"type": string('"place", "unload", "take-token", "place-meeples", "place-unload" '
                                               'or "swap-unload" (formats.md F2)')}, required=("type",)),
                           'e.g. {"type": "place", "cell": "b2"}, {"type": "unload", "boat": "row-3"}'),
        },
        required=("players", "setup", "moves"),
        description="A whole game of Imhotep: The Duel, move by move (formats.md F2).",
    )


def score_schema(game: AnyGame) -> Schema:
    """The F1 score result (`DuelScore.to_json`): one ``winner``."""
    return obj(
        {
            "game": game_field(game),
            "winner": integer(0, 1, "index of the winning player"),
            "tie_broken": {"type": "boolean", "description": "totals were equal and D7.6 decided"},
            "variants": array(string()),
            "players": array(player_score(breakdown="points per monument and extra: obelisk, temple, pyramid, "
                                                    "tomb, action_tokens, meeples"), minItems=2, maxItems=2),
        },
        required=("game", "winner", "tie_broken", "players"),
        description="The score of a Duel board (formats.md F1 result), every point explained.",
    )


# --------------------------------------------------------------------------- examples (duel.md D9)

# D9.1: Black's boards on the A sides score 69 (2 + 7 + 31 + 26 + 2 + 1).
D9_1_BOARD: dict[str, Json] = {
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


D9_1_RESULT: dict[str, Json] = {
    "game": "duel",
    "winner": 0,
    "tie_broken": False,
    "players": [
        {"name": "Black", "total": 69,
         "breakdown": {"obelisk": 2, "temple": 7, "pyramid": 31, "tomb": 26,
                       "action_tokens": 2, "meeples": 1},
         "lines": [
             score_line("obelisk", "A", "D7.1", "Obelisk A: 2 tokens → 2 (White has more: no bonus)", 2),
             score_line("temple", "A", "D7.2", "Temple A: 1 + 2 + 4 symbols → 7", 7),
             score_line("pyramid", "A", "D7.3", "Pyramid A: light 4 → 10, dark 6 → 21", 31),
             score_line("tomb", "A", "D7.4", "Tomb A: 1-2-3-4-5-6 → 25, 11 → 1", 26),
             score_line("action_tokens", None, "D7.5", "Action tokens: 2 unused → 2", 2),
             score_line("meeples", None, "D7.5", "Meeples: 1 on the harbor → 1", 1),
         ]},
        {"name": "White", "total": 29,
         "breakdown": {"obelisk": 12, "temple": 6, "pyramid": 3, "tomb": 5,
                       "action_tokens": 3, "meeples": 0},
         "lines": [
             score_line("obelisk", "A", "D7.1", "Obelisk A: 6 tokens → 6 + 6 for more than Black (2)", 12),
             score_line("temple", "A", "D7.2", "Temple A: 3 + 3 symbols → 6", 6),
             score_line("pyramid", "A", "D7.3", "Pyramid A: light 2 → 3, dark 0 → 0", 3),
             score_line("tomb", "A", "D7.4", "Tomb A: 8-9 → 4, 12 → 1", 5),
             score_line("action_tokens", None, "D7.5", "Action tokens: 3 unused → 3", 3),
             score_line("meeples", None, "D7.5", "Meeples: 0 on the harbor → 0", 0),
         ]},
    ],
}

# D9.2: Black's boards on the B sides score 43 (12 + 26 − 6 + 8 + 2 + 1).
D9_2_BOARD: dict[str, Json] = {
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
INVALID_BOARD: dict[str, Json] = {
    "players": [
        {"obelisk": 7, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [7],
         "action_tokens": 0, "meeples_on_harbor": 0},
        {"obelisk": 6, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [7, 8],
         "action_tokens": 0, "meeples_on_harbor": 0},
    ],
}
INVALID_BOARD_ERRORS: dict[str, Json] = {
    "errors": [
        {"field": "players[1].obelisk",
         "message": "the players hold 7 + 6 = 13 obelisk tokens together; the game has only 12"},
        {"field": "players[1].tomb", "message": "tomb 7 is held by both players"},
    ]
}

# The 60 tokens of D1 in a fixed (unshuffled) draw order, for a short record.
EXAMPLE_SUPPLY = (
    ["obelisk"] * 12
    + ["pyramid-light"] * 6
    + ["pyramid-dark"] * 6
    + [f"temple-{v}" for v in (1, 2, 3, 4) for _ in range(3)]
    + [f"tomb-{n}" for n in range(1, 13)]
    + [a for a in ("take-token", "place-meeples", "place-unload", "swap-unload") for _ in range(3)]
)

_OPENING_MOVES: list[Json] = [{"type": "place", "cell": "b2"}, {"type": "place", "cell": "a2"}]
# D4.2: the first move unloads row 2, which holds no meeple yet.
ILLEGAL_RECORD: dict[str, Json] = {
    "game": "duel",
    "sides": {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"},
    "players": ["Ana", "Ben"],
    "setup": {"supply": [*EXAMPLE_SUPPLY]},
    "moves": [*_OPENING_MOVES, {"type": "unload", "boat": "row-3"}],
}

# D4: the first two moves of a game in progress (a record need not be finished to be replayed).
OPENING_RECORD: dict[str, Json] = {**ILLEGAL_RECORD, "moves": [*_OPENING_MOVES]}

ILLEGAL_RECORD_ERROR: dict[str, Json] = {
    "error": {"move": 2, "reason": "unload row 3 needs at least 2 meeples in row 3, it has 0 (D4.2)"}
}


EXAMPLES = (
    ApiExample(BOARD, "D9.1: all A sides, Black scores 69", D9_1_BOARD),
    ApiExample(BOARD, "D9.2: all B sides, Black scores 43", D9_2_BOARD),
    ApiExample(BOARD, "An impossible board (F1 validation)", INVALID_BOARD),
    ApiExample(RECORD, "The first two moves of a game (D4)", OPENING_RECORD),
    ApiExample(RECORD, "A record whose third move is illegal (D4.2)", ILLEGAL_RECORD),
)
