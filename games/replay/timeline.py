"""A stored game replayed once: every state, every move with its story, and the score both
players would have after every ply (the chart and the monument panels read these).

Everything goes through the plugin registry (`games.engine`), and the record is rebuilt by
the club history's `record_of`, so the viewer shows exactly what the history scored.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from games import engine
from games.models import Game
from games.services.recording import record_of


class NoReplay(Exception):
    """The game has nothing to replay (a score-only game)."""


@dataclass
class Timeline:
    game: Game
    record: dict
    replay: object  # the game type's Replay: .states, .moves, .finished, .plies

    @property
    def game_type(self):
        return engine.registry().game(self.game.game_type)

    @property
    def names(self) -> list[str]:
        return list(self.record.get("players") or [])

    @property
    def plies(self) -> int:
        """Moves played; positions are 0 … plies."""
        return len(self.replay.states) - 1

    def state(self, ply: int):
        return self.replay.states[ply]

    @cached_property
    def moves_json(self) -> list[dict]:
        gt = self.game_type
        return [gt.move_to_json(m) for m in self.replay.moves]

    def score_at(self, ply: int) -> dict:
        """The score result (with explanation lines) if the game ended after ``ply``
        (D7; mid-game meeples on the harbor count as at the end, D7.5)."""
        board = self.game_type.board(self.state(ply), self.record)
        variants = self.record.get("variants") or []
        if variants:
            board = {**board, "variants": variants}
        return engine.registry().score(board)

    @cached_property
    def totals(self) -> list[list[int]]:
        """totals[ply][player] for every position."""
        return [[p["total"] for p in self.score_at(k)["players"]] for k in range(self.plies + 1)]

    @cached_property
    def stories(self) -> list:
        """The story of each move (Duel only; other games get their move JSON as text)."""
        from games.replay.describe import MoveStory, describe_move

        names = self.names or ["player 1", "player 2"]
        if self.game.game_type != "duel":
            return [MoveStory(text=str(m)) for m in self.moves_json]
        return [describe_move(self.state(k), m, names) for k, m in enumerate(self.moves_json)]


def load_timeline(game: Game) -> Timeline:
    """Replay ``game``. Raises NoReplay for a score-only game and RulesError when the current
    engine rejects the stored moves."""
    if not game.has_moves:
        raise NoReplay(f"game {game.pk} was stored as a score only; it has no moves to replay")
    record = record_of(game)
    return Timeline(game=game, record=record, replay=engine.registry().replay(record))
