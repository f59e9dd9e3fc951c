"""Imhotep: The Duel as a plugin: the built-in game goes through the same hooks as any
third-party package (see docs/plugins.md)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from rules_engine.duel import game, playout, record, scoring, statejson
from rules_engine.duel.board import MONUMENTS
from rules_engine.duel.invariants import check_invariants
from rules_engine.gametype import GameType
from rules_engine.hookspecs import hookimpl

# The D9 worked examples as F1 boards, for the API docs and as golden tests.
D9_EXAMPLE_1 = {
    "game": "duel",
    "sides": {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"},
    "starting_player": 0,
    "players": [
        {"name": "Black", "obelisk": 2, "temple": [1, 4, 2], "pyramid": {"light": 4, "dark": 6},
         "tomb": [1, 2, 3, 4, 5, 6, 8], "action_tokens": 2, "meeples_on_harbor": 1},
        {"name": "White", "obelisk": 6, "temple": [], "pyramid": {"light": 0, "dark": 0},
         "tomb": [], "action_tokens": 0, "meeples_on_harbor": 0},
    ],
}


class DuelGame(GameType):
    id = "duel"
    name = "Imhotep: The Duel"
    min_players = 2
    max_players = 2
    sides = {monument: ("A", "B") for monument in MONUMENTS}

    def setup(self, rec: Mapping):
        return record.parse_header(rec)[1]

    def legal_moves(self, state) -> list:
        return game.legal_moves(state)

    def apply(self, state, move):
        return game.apply_move(state, move)

    def is_over(self, state) -> bool:
        return game.is_over(state)

    def board(self, state, rec: Mapping) -> dict:
        return game.final_board(state, names=rec.get("players"), sides=rec.get("sides"))

    def score(self, board: Mapping) -> dict:
        return scoring.score_json(board)

    def rank(self, result: dict, board: Mapping) -> dict:
        totals = [p["total"] for p in result["players"]]
        winner, tie_broken = scoring.decide_winner(totals, board.get("starting_player", 0))
        return {**result, "winner": winner, "tie_broken": tie_broken}

    def replay(self, rec: Mapping):
        return record.replay(rec)

    def state_to_json(self, state, rec: Mapping | None = None) -> dict:
        rec = rec or {}
        return statejson.state_to_json(state, sides=rec.get("sides"), names=rec.get("players"))

    def random_record(self, rng: random.Random) -> dict:
        return playout.random_record(rng)

    def check_invariants(self, state) -> None:
        check_invariants(state)

    def example_boards(self) -> dict[str, dict]:
        return {"D9.1 (A sides, 69 points for black)": D9_EXAMPLE_1}


DUEL = DuelGame()


@hookimpl
def imhotep_games():
    return [DUEL]
