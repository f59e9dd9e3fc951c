"""Obelisk race, a small two-player house game (a third game besides the Duel and the base
game, to show a plugin adding a game with its own pages).

Rules: a quarry holds 9 blocks. Players take turns; on a turn a player takes 1 or 2 blocks
from the quarry and stacks them on their own obelisk. The game ends when the quarry is
empty. Each block scores 1; the taller obelisk scores 3 more. With equal totals the player
who did not start wins (as in the Duel).

Pure Python: the engine side of a plugin imports no Django.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine import apidocs
from rules_engine.errors import BoardError, IllegalMoveError, RecordError
from rules_engine.gametype import GameType, ReplayBase
from rules_engine.randomgames import players_and_sides
from rules_engine.scores import Json, PlayerScore, ScoreLine, ScoreResult

#: A race move's JSON, e.g. ``{"blocks": 2}``.
RaceMove = dict[str, int]

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


@dataclass(frozen=True, slots=True)
class RaceScore(ScoreResult):
    """The race's score; its JSON names one ``winner`` (as the Duel's) and no player names."""

    def to_json(self) -> dict[str, Json]:
        players: list[Json] = [{"total": p.total, "breakdown": dict(p.breakdown),
                                "lines": [line.to_json() for line in p.lines]} for p in self.players]
        out: dict[str, Json] = {"game": self.game, "players": players, "winner": self.winners[0],
                                "tie_broken": self.tie_broken}
        if self.variants:
            out["variants"] = list(self.variants)
        return out


class RaceReplay(ReplayBase):
    states: list[RaceState]
    moves: list[RaceMove]

    def __init__(self, game: ObeliskRace, record: Mapping[str, object], states: list[RaceState],
                 moves: list[RaceMove]) -> None:
        self.game, self.record, self.states, self.moves = game, record, states, moves

    def final_board(self, ply: int | None = None) -> dict[str, object]:
        return self.game.board(self.states[self.plies if ply is None else ply], self.record)

    def score(self, ply: int | None = None) -> ScoreResult:
        return self.game.score(self.final_board(ply))


def _names(record: Mapping[str, object]) -> list[str]:
    players = record.get("players")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) and p for p in players):
        raise RecordError("players must list the two players' names")
    return [str(p) for p in players]


class ObeliskRace(GameType[RaceState, RaceMove]):
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

    def setup(self, record: Mapping[str, object]) -> RaceState:
        _names(record)
        setup = record.get("setup")
        quarry = setup.get("quarry", QUARRY) if isinstance(setup, Mapping) else QUARRY
        if isinstance(quarry, bool) or not isinstance(quarry, int) or not 1 <= quarry <= 30:
            raise RecordError(f"setup.quarry must be a whole number from 1 to 30, got {quarry!r}")
        return RaceState(quarry=quarry)

    def legal_moves(self, state: RaceState) -> list[RaceMove]:
        return [{"blocks": n} for n in range(1, min(MAX_TAKE, state.quarry) + 1)]

    def apply(self, state: RaceState, move: Mapping[str, object]) -> RaceState:
        if state.over:
            raise IllegalMoveError("the game is over: the quarry is empty")
        blocks = move.get("blocks") if isinstance(move, Mapping) else None
        if isinstance(blocks, bool) or not isinstance(blocks, int) or not 1 <= blocks <= MAX_TAKE:
            raise IllegalMoveError(f"take 1 or {MAX_TAKE} blocks, as {{\"blocks\": 1}}; got {move!r}")
        if blocks > state.quarry:
            raise IllegalMoveError(f"the quarry holds only {state.quarry} block(s)")
        mine, theirs = state.heights[state.to_move] + blocks, state.heights[1 - state.to_move]
        heights = (mine, theirs) if state.to_move == 0 else (theirs, mine)
        return RaceState(heights, state.quarry - blocks, 1 - state.to_move)

    def is_over(self, state: RaceState) -> bool:
        return state.over

    def board(self, state: RaceState, record: Mapping[str, object]) -> dict[str, object]:
        names = _listed(record.get("players"))
        players = [{"name": n, "obelisk": h} for n, h in zip(names, state.heights, strict=False)]
        return {"game": GAME_ID, "players": players}

    def score(self, board: Mapping[str, object]) -> ScoreResult:
        players = board.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise BoardError([("players", "list the two players")])
        errors = []
        heights = []
        for i, p in enumerate(players):
            h = p.get("obelisk") if isinstance(p, Mapping) else None
            if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= 30:
                errors.append((f"players[{i}].obelisk", f"must be a whole number of blocks from 0 to 30, got {h!r}"))
                continue
            heights.append(h)
        if errors:
            raise BoardError(errors)
        scores = []
        for i, h in enumerate(heights):
            tallest = TALLEST_BONUS if h > heights[1 - i] else 0
            lines = [ScoreLine("obelisk", None, "race", f"Obelisk: {h} block(s) → {h}", h)]
            if tallest:
                lines.append(ScoreLine("tallest", None, "race", f"Tallest obelisk → {tallest}", tallest))
            scores.append(PlayerScore(None, h + tallest, {"obelisk": h, "tallest": tallest}, tuple(lines)))
        return self.rank(RaceScore(GAME_ID, tuple(scores), ()), board)

    def rank(self, result: ScoreResult, board: Mapping[str, object]) -> ScoreResult:
        a, b = result.totals
        winner = 0 if a > b else 1  # equal totals: the player who did not start wins
        return dataclasses.replace(result, winners=(winner,), tie_broken=a == b)

    def replay(self, record: Mapping[str, object]) -> RaceReplay:
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
            moves.append({"blocks": int(move["blocks"])})
        return RaceReplay(self, record, states, moves)

    def board_schema(self) -> dict[str, Any]:
        """The API's docs (docs/plugins.md): the default board's fields, each player's blocks added."""
        schema = super().board_schema()
        player = apidocs.obj({"name": apidocs.string(nullable=True),
                              "obelisk": apidocs.integer(0, 30, "blocks on this player's obelisk")},
                             required=("obelisk",))
        schema["properties"]["players"] = apidocs.array(player, minItems=2, maxItems=2)
        return schema

    def score_schema(self) -> dict[str, Any]:
        """`RaceScore.to_json`: one ``winner``, as the Duel's, and no player names."""
        schema = super().score_schema()
        schema["properties"] = {k: v for k, v in schema["properties"].items() if k != "winners"}
        schema["properties"]["winner"] = apidocs.integer(0, 1, "the winner's seat; equal totals: the second player")
        schema["required"] = ["game", "winner", "tie_broken", "players"]
        return schema

    def state_to_json(self, state: RaceState, record: Mapping[str, object] | None = None) -> dict[str, object]:
        names = _listed((record or {}).get("players"))
        return {"game": GAME_ID, "quarry": state.quarry, "to_move": state.to_move, "over": state.over,
                "players": [{"name": n, "obelisk": h} for n, h in zip(names, state.heights, strict=False)]}

    def random_record(self, rng: random.Random, *, players: int | None = None,
                      sides: Mapping[str, str] | None = None) -> dict[str, object]:
        players_and_sides(self, rng, players, sides)  # checks them: two players, no sides to choose
        state, moves = RaceState(), list[RaceMove]()
        while not state.over:
            move = rng.choice(self.legal_moves(state))
            moves.append(move)
            state = self.apply(state, move)
        return new_record(["Ann", "Bob"], moves=moves)


def _listed(players: object) -> list[str]:
    """The record's player names, or two blanks."""
    return [str(p) for p in players] if isinstance(players, list) and players else ["", ""]


def new_record(players: Sequence[str], *, quarry: int = QUARRY, moves: Sequence[RaceMove] | None = None
               ) -> dict[str, object]:
    return {"game": GAME_ID, "players": list(players), "colours": list(COLOURS),
            "setup": {"quarry": quarry}, "moves": list(moves or [])}


RACE = ObeliskRace()
