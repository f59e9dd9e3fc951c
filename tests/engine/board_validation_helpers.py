"""F1 boards for the validation tests: the formats.md example, and a player or board with a
few fields changed."""

import pytest

from rules_engine.duel.board import parse_board
from rules_engine.errors import BoardError

F1_EXAMPLE = {
    "game": "duel",
    "sides": {"obelisk": "A", "temple": "B", "pyramid": "A", "tomb": "A"},
    "starting_player": 0,
    "players": [
        {"name": "Ana", "obelisk": 2, "obelisk_first_to_five": False, "temple": [1, 4, 2],
         "pyramid": {"light": 4, "dark": 6}, "tomb": [1, 2, 3, 4, 5, 6, 11], "action_tokens": 2,
         "meeples_on_harbor": 1},
        {"name": "Ben", "obelisk": 6, "obelisk_first_to_five": True, "temple": [],
         "pyramid": {"light": 0, "dark": 0}, "tomb": [], "action_tokens": 0, "meeples_on_harbor": 0},
    ],
}


def make_player(**fields) -> dict:
    p = {"obelisk": 0, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [],
         "action_tokens": 0, "meeples_on_harbor": 0}
    p.update(fields)
    return p


def make_board(p0: dict | None = None, p1: dict | None = None, **top) -> dict:
    return {"players": [p0 or make_player(), p1 or make_player()], **top}


def board_errors(data: object) -> list[tuple[str, str]]:
    with pytest.raises(BoardError) as caught:
        parse_board(data)
    return caught.value.errors


def error_paths(data: object) -> list[str]:
    return [path for path, _ in board_errors(data)]
