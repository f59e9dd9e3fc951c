"""A stored game replayed once: every state, every move with its story, and the score each
player would have after every ply (the chart and the monument panels read these).

Everything goes through the plugin registry (`games.engine`), and the record is rebuilt by
the club history's `record_of`, so the viewer shows exactly what the history scored.

Stepping through a replay asks for the same game again and again, so the last few timelines
are kept per process, keyed by the registry and the record itself (its moves, names, sides…):
any change to the stored game (a new move, an undo, a renamed player) is a new key, and the
positions, stories and scores of a key never change.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property

from games import engine
from games.models import Game
from games.services.recording import record_of
from games.ui import Story, game_ui


class NoReplay(Exception):
    """The game has nothing to replay (a score-only game)."""


@dataclass
class Timeline:
    game: Game
    record: dict
    replay: object  # the game type's Replay: .states, .moves, .finished, .plies
    _json: dict[int, dict] = field(default_factory=dict, repr=False)  # ply -> state JSON
    _scores: dict[int, dict] = field(default_factory=dict, repr=False)  # ply -> score result

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
        (D7; mid-game meeples on the harbor count as at the end, D7.5; the base game: C8 as
        if after round 6). Computed once per ply; do not change the answer."""
        if ply not in self._scores:
            board = self.game_type.board(self.state(ply), self.record)
            variants = self.record.get("variants") or []
            if variants:
                board = {**board, "variants": variants}
            self._scores[ply] = engine.registry().score(board)
        return self._scores[ply]

    @property
    def ui(self):
        return game_ui(self.game.game_type)

    @cached_property
    def totals(self) -> list[list[int]]:
        """totals[ply][player] for every position (the game's adapter may know them cheaper)."""
        cheap = self.ui.totals(self) if self.ui.totals else None
        if cheap is not None:
            return cheap
        return [[p["total"] for p in self.score_at(k)["players"]] for k in range(self.plies + 1)]

    def state_json(self, ply: int) -> dict:
        """The game type's state JSON of a position (docs/state-json.md), labelled and scored
        with the record's header; computed once per ply."""
        if ply not in self._json:
            self._json[ply] = self.game_type.state_to_json(self.state(ply), self.record)
        return self._json[ply]

    @cached_property
    def stories(self) -> list:
        """The story of each move, told by the game's adapter; a game without a describer gets
        its move JSON as text."""
        if self.ui.describe is not None:
            return self.ui.describe(self)
        return [Story(text=str(m)) for m in self.moves_json]

    def describe(self, ply: int, move: dict):
        """The story of ``move`` played at position ``ply`` (a hint or an alternative, not
        necessarily the move that was played), told by the game's adapter."""
        if self.ui.describe_move is not None:
            return self.ui.describe_move(self, ply, move)
        return Story(text=str(move))


CACHE_SIZE = 16
_cache: OrderedDict[tuple, Timeline] = OrderedDict()
_cache_lock = threading.Lock()


def load_timeline(game: Game) -> Timeline:
    """Replay ``game`` (or reuse its timeline if this process replayed the very same record
    lately). Raises NoReplay for a score-only game and RulesError when the current engine
    rejects the stored moves."""
    if not game.has_moves:
        raise NoReplay(f"game {game.pk} was stored as a score only; it has no moves to replay")
    record = record_of(game)
    registry = engine.registry()
    digest = hashlib.sha256(json.dumps(record, sort_keys=True, default=str).encode()).hexdigest()
    key = (id(registry), game.pk, game.game_type, digest)
    with _cache_lock:
        timeline = _cache.get(key)
        if timeline is not None:
            _cache.move_to_end(key)
            return timeline
    timeline = Timeline(game=game, record=record, replay=registry.replay(record))
    with _cache_lock:
        _cache[key] = timeline
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return timeline
