"""Base-game records (formats.md F4): replay one into every intermediate state.

`replay` checks everything: the header and setup (errors with ``move=None``), then each move
in turn against C3–C7 (errors with ``move=k``, the 0-based index of the first offending move,
and a reason). A record that stops before the end is a game in progress.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.classic.actions import play
from rules_engine.classic.finalboard import final_board
from rules_engine.classic.game import parse_header
from rules_engine.classic.header import Header
from rules_engine.classic.moveparse import parse_move
from rules_engine.classic.moves import Move
from rules_engine.classic.result import ClassicScore
from rules_engine.classic.shapes import Board
from rules_engine.classic.sitedata import EMPTY, SiteData
from rules_engine.classic.state import ClassicState
from rules_engine.gametype import ReplayBase, replay_moves


@dataclass
class Replay(ReplayBase):
    """A replayed record: ``states[0]`` is the position after setup, ``states[k + 1]`` the
    position after ``moves[k]``."""

    header: Header
    states: Sequence[ClassicState]
    moves: list[Move]
    data: SiteData = EMPTY

    @property
    def record(self) -> dict[str, Any]:
        """The record as checked F4 JSON (moves in their canonical form)."""
        return self.header.to_json([m.to_json() for m in self.moves])

    def final_board(self, ply: int | None = None) -> Mapping[str, object]:
        """F3 board of the last position (or of ``states[ply]``)."""
        return self._board(ply)

    def _board(self, ply: int | None) -> Board:
        state = self.states[-1 if ply is None else ply]
        return final_board(state, {"players": list(self.header.players), "variants": list(self.header.variants)})

    def score(self, ply: int | None = None) -> ClassicScore:
        """F3 score result of `final_board` (C8): the final score, or mid-game the score if
        the game ended now. The engine made the board: scored without the F3 validation
        (`scoring.score_engine_board`, the same result)."""
        from rules_engine.classic.scoring import score_engine_board

        return score_engine_board(self._board(ply), self.data)

    def extended(self, raw_move: object) -> Replay:
        positions, moves = replay_moves(self.states[-1], [raw_move], parse_move, play, len(self.moves))
        more = [*self.states, *positions[1:]]
        return Replay(self.header, more, self.moves + moves, self.data)


def replay(record: Mapping[str, object], data: SiteData = EMPTY, *, states: bool = True) -> Replay:
    """Replay an F4 record. Raises `RecordError`: ``move=None`` for the header or setup,
    ``move=k`` with a reason for the first move ``k`` that is malformed or illegal.
    ``states=False``: every move checked, but only the last position kept (a batch).

    The pure engine is the one validator of records (docs/decisions.md "Two floors")."""
    header, state, raw_moves = parse_header(record, data)
    positions, moves = replay_moves(state, raw_moves, parse_move, play, every_state=states)
    return Replay(header, positions, moves, data)
