"""Obelisk race, a small two-player house game (a third game besides the Duel and the base
game, to show a plugin adding a game with its own pages).

Rules: a quarry holds 9 blocks. Players take turns; on a turn a player takes 1 or 2 blocks
from the quarry and stacks them on their own obelisk. The game ends when the quarry is
empty. Each block scores 1; the taller obelisk scores 3 more. With equal totals the player
who did not start wins (as in the Duel).

Pure Python: the engine side of a plugin imports no Django.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.errors import BoardError, IllegalMoveError, RecordError
from rules_engine.gametype import GameType, ReplayBase
from rules_engine.randomgames import players_and_sides

GAME_ID = "obelisk-race"
QUARRY = 9
MAX_TAKE = 2
TALLEST_BONUS = 3
COLOURS = ("black", "white")


@dataclass(frozen=True)
class RaceState:
    heights: tuple[int, int] = (0, 0)
    quarry: int = QUARRY
    to_move: int = 0

    @property
    def over(self) -> bool:
        return self.quarry == 0


class RaceReplay(ReplayBase):
    def __init__(self, game: ObeliskRace, record: Mapping, states: list, moves: list):
        self.game, self.record, self.states, self.moves = game, record, states, moves

    def final_board(self, ply: int | None = None) -> dict:
        return self.game.board(self.states[self.plies if ply is None else ply], self.record)

    def score(self, ply: int | None = None) -> dict:
        return self.game.score(self.final_board(ply))


def _names(record: Mapping) -> list[str]:
    players = record.get("players")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) and p for p in players):
        raise RecordError("players must list the two players' names")
    return players


class ObeliskRace(GameType):
    id = GAME_ID
    name = "Obelisk race (house game)"
    min_players = 2
    max_players = 2
    colours = COLOURS

    def new_record(self, players: Sequence[str], rng: random.Random, *, sides: Mapping[str, str] | None = None,
                   colours: Sequence[str] | None = None, variants: Sequence[str] | None = None) -> dict[str, Any]:
        """A full quarry: nothing is hidden or shuffled, so ``rng`` is not used."""
        rec = super().new_record(players, rng, sides=sides, colours=colours, variants=variants)
        rec["setup"] = {"quarry": QUARRY}
        return rec

    def setup(self, record: Mapping) -> RaceState:
        _names(record)
        quarry = (record.get("setup") or {}).get("quarry", QUARRY)
        if isinstance(quarry, bool) or not isinstance(quarry, int) or not 1 <= quarry <= 30:
            raise RecordError(f"setup.quarry must be a whole number from 1 to 30, got {quarry!r}")
        return RaceState(quarry=quarry)

    def legal_moves(self, state: RaceState) -> list[dict]:
        return [{"blocks": n} for n in range(1, min(MAX_TAKE, state.quarry) + 1)]

    def apply(self, state: RaceState, move) -> RaceState:
        if state.over:
            raise IllegalMoveError("the game is over: the quarry is empty")
        blocks = move.get("blocks") if isinstance(move, Mapping) else None
        if isinstance(blocks, bool) or not isinstance(blocks, int) or not 1 <= blocks <= MAX_TAKE:
            raise IllegalMoveError(f"take 1 or {MAX_TAKE} blocks, as {{\"blocks\": 1}}; got {move!r}")
        if blocks > state.quarry:
            raise IllegalMoveError(f"the quarry holds only {state.quarry} block(s)")
        heights = list(state.heights)
        heights[state.to_move] += blocks
        return RaceState(tuple(heights), state.quarry - blocks, 1 - state.to_move)  # type: ignore[arg-type]

    def is_over(self, state: RaceState) -> bool:
        return state.over

    def board(self, state: RaceState, record: Mapping) -> dict:
        names = list(record.get("players") or ["", ""])
        players = [{"name": n, "obelisk": h} for n, h in zip(names, state.heights, strict=False)]
        return {"game": GAME_ID, "players": players}

    def score(self, board: Mapping) -> dict:
        players = board.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise BoardError([("players", "list the two players")])
        errors = []
        heights = []
        for i, p in enumerate(players):
            h = p.get("obelisk") if isinstance(p, Mapping) else None
            if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= 30:
                errors.append((f"players[{i}].obelisk", f"must be a whole number of blocks from 0 to 30, got {h!r}"))
            heights.append(h)
        if errors:
            raise BoardError(errors)
        result = {"game": GAME_ID, "players": []}
        for i, h in enumerate(heights):
            tallest = TALLEST_BONUS if h > heights[1 - i] else 0
            lines = [{"monument": "obelisk", "side": None, "rule": "race", "text": f"Obelisk: {h} block(s) → {h}",
                      "points": h}]
            if tallest:
                lines.append({"monument": "tallest", "side": None, "rule": "race",
                              "text": f"Tallest obelisk → {tallest}", "points": tallest})
            result["players"].append({"total": h + tallest, "breakdown": {"obelisk": h, "tallest": tallest},
                                      "lines": lines})
        return self.rank(result, board)

    def rank(self, result: dict, board: Mapping) -> dict:
        a, b = (p["total"] for p in result["players"])
        winner = 0 if a > b else 1  # equal totals: the player who did not start wins
        return {**result, "winner": winner, "tie_broken": a == b}

    def replay(self, record: Mapping) -> RaceReplay:
        state = self.setup(record)
        raw_moves = record.get("moves", [])
        if not isinstance(raw_moves, list):
            raise RecordError("moves must be a list")
        states, moves = [state], []
        for k, move in enumerate(raw_moves):
            try:
                state = self.apply(state, move)
            except IllegalMoveError as exc:
                raise RecordError(exc.reason, k) from None
            states.append(state)
            moves.append(dict(move))
        return RaceReplay(self, record, states, moves)

    def state_to_json(self, state: RaceState, record: Mapping | None = None) -> dict:
        names = list((record or {}).get("players") or ["", ""])
        return {"game": GAME_ID, "quarry": state.quarry, "to_move": state.to_move, "over": state.over,
                "players": [{"name": n, "obelisk": h} for n, h in zip(names, state.heights, strict=False)]}

    def random_record(self, rng: random.Random, *, players: int | None = None,
                      sides: Mapping[str, str] | None = None) -> dict:
        players_and_sides(self, rng, players, sides)  # checks them: two players, no sides to choose
        state, moves = RaceState(), []
        while not state.over:
            move = rng.choice(self.legal_moves(state))
            moves.append(move)
            state = self.apply(state, move)
        return new_record(["Ann", "Bob"], moves=moves)


def new_record(players: list[str], *, quarry: int = QUARRY, moves: list | None = None) -> dict:
    return {"game": GAME_ID, "players": list(players), "colours": list(COLOURS),
            "setup": {"quarry": quarry}, "moves": list(moves or [])}


RACE = ObeliskRace()
