"""A stored game replayed once: every state, every move with its story, and the score each
player would have after every ply (the chart and the monument panels read these).

Everything goes through the plugin registry (`default_registry`), and the record is rebuilt by
the club history's `record_of`, so the viewer shows exactly what the history scored.

Stepping through a replay asks for the same game again and again, so this process keeps the
last few timelines (a cachetools LRU), keyed by the engine and plugin versions and the record
itself (its moves, names, sides…): any change to the stored game (a new move, an undo, a
renamed player) is a new key, and the positions, stories and scores of a key never change. A
live move hands its replay over (`remember`), so the page after it does not replay the game
again.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar, cast

from cachetools import LRUCache
from django.conf import settings

from games.boarddata import registry_for
from games.models import Game
from games.services.results import record_of
from games.ui.gameui import GameUI, Story, Told
from games.ui.registry import game_ui
from rules_engine.gametype import GameType, ReplayBase
from rules_engine.messages import msg
from rules_engine.registry import Registry

_T = TypeVar("_T")


class NoReplay(Exception):
    """The game has nothing to replay (a score-only game)."""


@dataclass
class Timeline:
    game: Game
    record: dict[str, Any]
    replay: ReplayBase  # the game type's Replay: .states, .moves, .finished, .plies
    key: tuple[int, str] | None = None  # its key in this process's cache (`_key`): the same key, the same positions
    _json: dict[int, dict[str, Any]] = field(default_factory=dict, repr=False)  # ply -> state JSON
    _scores: dict[int, dict[str, Any]] = field(default_factory=dict, repr=False)  # ply -> score result
    _memo: dict[str, object] = field(default_factory=dict, repr=False)  # what a page works out once

    def memo(self, key: str, make: Callable[[], _T]) -> _T:
        """``make()``, worked out once per timeline (its positions never change)."""
        if key not in self._memo:
            self._memo[key] = make()
        return cast(_T, self._memo[key])

    @cached_property
    def registry(self) -> Registry:
        """The engine with the board data this game was played with (asked once per timeline)."""
        return registry_for(self.game)

    @property
    def game_type(self) -> GameType[Any, Any]:
        return self.registry.game(self.game.game_type)

    @property
    def names(self) -> list[str]:
        return list(self.record.get("players") or [])

    @property
    def plies(self) -> int:
        """Moves played; positions are 0 … plies."""
        return len(self.replay.states) - 1

    def state(self, ply: int) -> Any:  # the game type's state (each game has its own)
        return self.replay.states[ply]

    @cached_property
    def moves_json(self) -> list[dict[str, Any]]:
        gt = self.game_type
        return [gt.move_to_json(m) for m in self.replay.moves]

    def score_at(self, ply: int) -> dict[str, Any]:
        """The score result (with explanation lines) if the game ended after ``ply``
        (D7; mid-game meeples on the harbor count as at the end, D7.5; the base game: C8 as
        if after round 6). Computed once per ply; do not change the answer."""
        if ply not in self._scores:
            board = self.game_type.board(self.state(ply), self.record)
            variants = self.record.get("variants") or []
            if variants:
                board = {**board, "variants": variants}
            self._scores[ply] = self.registry.score(board).to_json()
        return self._scores[ply]

    @property
    def ui(self) -> GameUI:
        return game_ui(self.game.game_type)

    @cached_property
    def totals(self) -> list[list[int]]:
        """totals[ply][player] for every position (the game's adapter may know them cheaper)."""
        cheap = self.ui.board.totals(self)
        if cheap is not None:
            return cheap
        return [[p["total"] for p in self.score_at(k)["players"]] for k in range(self.plies + 1)]

    def state_json(self, ply: int) -> dict[str, Any]:
        """The game type's state JSON of a position (docs/state-json.md), labelled and scored
        with the record's header; computed once per ply."""
        if ply not in self._json:
            self._json[ply] = self.game_type.state_to_json(self.state(ply), self.record)
        return self._json[ply]

    @cached_property
    def stories(self) -> list[Told]:
        """The story of each move, told by the game's adapter; a game without a describer gets
        its move JSON as text."""
        return self.ui.board.describe(self)

    def describe(self, ply: int, move: dict[str, Any]) -> Told:
        """The story of ``move`` played at position ``ply`` (a hint or an alternative, not
        necessarily the move that was played), told by the game's adapter."""
        return self.ui.board.describe_move(self, ply, move) or Story(text=str(move))


CACHE_SIZE = 16
_cache: LRUCache[tuple[int, str], Timeline] = LRUCache(maxsize=CACHE_SIZE)
_cache_lock = threading.Lock()  # cachetools' caches are not thread-safe


def _key(game: Game, record: dict[str, Any]) -> tuple[int, str]:
    """The key of ``record`` as replayed by this engine and these plugins (the registry's
    fingerprint): the same key always means the same positions. A chain: the header's digest,
    then each move's folded in (`_with_move`), so a live move's key comes from the key of the
    position before it without hashing the record again. The registry's id tells the registries
    of one process apart (tests build several; the stories and panels come from the registry's
    web adapters)."""
    header = {k: v for k, v in record.items() if k != "moves"}
    registry = registry_for(game)
    text = json.dumps([registry.fingerprint, game.pk, game.game_type, header], sort_keys=True, default=str)
    digest = hashlib.sha256(text.encode()).hexdigest()
    for move in record.get("moves") or ():
        digest = _folded(digest, move)
    return id(registry), digest


def _folded(digest: str, move: object) -> str:
    return hashlib.sha256((digest + json.dumps(move, sort_keys=True, default=str)).encode()).hexdigest()


def _with_move(key: tuple[int, str], move: object) -> tuple[int, str]:
    """The key of the record of ``key`` with ``move`` appended (what `_key` gives for it)."""
    return key[0], _folded(key[1], move)


def _keep(key: tuple[int, str], timeline: Timeline) -> Timeline:
    timeline.key = key
    if "replays" in settings.IMHOTEP_UNCACHED:  # a benchmark measuring what keeping them gains
        return timeline
    with _cache_lock:
        _cache[key] = timeline
    return timeline


def load_timeline(game: Game, record: dict[str, Any] | None = None) -> Timeline:
    """Replay ``game`` (its ``record`` when the caller has just rebuilt it), or reuse the
    replay this process made of the very same record. Raises NoReplay for a score-only game
    and RulesError when the current engine rejects the stored moves."""
    if not game.has_moves:
        raise NoReplay(msg("game {game} was stored as a score only; it has no moves to replay", game=game.pk))
    record = record if record is not None else record_of(game)
    key = _key(game, record)
    timeline = cached_timeline(game, record, key)
    if timeline is None:
        timeline = _keep(key, Timeline(game=game, record=record, replay=registry_for(game).replay(record)))
    return timeline


def cached_timeline(game: Game, record: dict[str, Any], key: tuple[int, str] | None = None) -> Timeline | None:
    """The timeline of ``record`` if this process has its replay; None rather than replaying it."""
    with _cache_lock:
        return _cache.get(key or _key(game, record))


def forget() -> None:
    """Forget the timelines this process keeps (the tests start each test without them)."""
    with _cache_lock:
        _cache.clear()


def _follows(previous: Timeline, record: dict[str, Any]) -> bool:
    """Whether ``record`` is ``previous``'s record with one move more (same header, same moves)."""
    if previous.key is None or len(record["moves"]) != previous.plies + 1:
        return False
    header = {k: v for k, v in record.items() if k != "moves"}
    return header == {k: v for k, v in previous.record.items() if k != "moves"} and \
        previous.record["moves"] == record["moves"][:-1]


def remember(game: Game, record: dict[str, Any], replay: ReplayBase, previous: Timeline | None = None) -> Timeline:
    """Keep ``replay`` (just made of ``record`` by the caller, e.g. a live move) as the game's
    timeline, so the page after a move does not replay again. ``previous``: the timeline of the
    same game one move earlier; its positions are the new one's first positions, so their state
    JSON and scores are reused, and its key gives this one's (the record is not hashed again)."""
    if previous is not None and previous.key is not None and _follows(previous, record):
        key = _with_move(previous.key, record["moves"][-1])
    else:
        key = _key(game, record)
    timeline = Timeline(game=game, record=record, replay=replay)
    if previous is not None and previous.plies == timeline.plies - 1:
        timeline._json.update(previous._json)
        timeline._scores.update(previous._scores)
        last = timeline.plies - 1
        told = timeline.ui.board.describe_move(timeline, last, timeline.moves_json[last]) \
            if "stories" in previous.__dict__ else None
        if told is not None:
            # Told already: only the new move's story is new (a game whose adapter tells the
            # stories only all at once tells them again).
            timeline.__dict__["stories"] = [*previous.stories, told]
    return _keep(key, timeline)
