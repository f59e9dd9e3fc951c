"""A stored game replayed once: every state, every move with its story, and the score each
player would have after every ply (the chart and the monument panels read these).

Everything goes through the plugin registry (`games.engine`), and the record is rebuilt by
the club history's `record_of`, so the viewer shows exactly what the history scored.

Stepping through a replay asks for the same game again and again, so the last few timelines
are kept per process and each replay in the shared cache (Redis, or files every process of
the machine reads, so any worker can serve it), keyed by the engine and plugin versions and
the record itself (its moves, names, sides…): any change to the stored game (a new move, an
undo, a renamed player) is a new key, and the positions, stories and scores of a key never
change. A live move hands its replay over (`remember`), so the page after it does not replay
the game again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import pickle
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property

from django.core.cache import cache

from games import engine
from games.models import Game
from games.services.results import record_of
from games.ui import Story, game_ui
from rules_engine.gametype import ReplayBase
from rules_engine.messages import msg


class NoReplay(Exception):
    """The game has nothing to replay (a score-only game)."""


@dataclass
class Timeline:
    game: Game
    record: dict
    replay: ReplayBase  # the game type's Replay: .states, .moves, .finished, .plies
    key: str = ""  # the replay's key in the shared cache (`_key`): the same key, the same positions
    _json: dict[int, dict] = field(default_factory=dict, repr=False)  # ply -> state JSON
    _scores: dict[int, dict] = field(default_factory=dict, repr=False)  # ply -> score result
    _memo: dict[str, object] = field(default_factory=dict, repr=False)  # what a page works out once

    def memo(self, key: str, make):
        """``make()``, worked out once per timeline (its positions never change)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

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
        cheap = self.ui.board.totals(self)
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
        return self.ui.board.describe(self)

    def describe(self, ply: int, move: dict):
        """The story of ``move`` played at position ``ply`` (a hint or an alternative, not
        necessarily the move that was played), told by the game's adapter."""
        return self.ui.board.describe_move(self, ply, move) or Story(text=str(move))


CACHE_SIZE = 16
SHARED_TTL = 24 * 3600  # a replayed record in the shared cache (it never changes, only ages)
_cache: OrderedDict[tuple[int, str], Timeline] = OrderedDict()
_cache_lock = threading.Lock()


KEY_PREFIX = "imhotep:replay:"


def _key(game: Game, record: dict) -> str:
    """The cache key of ``record`` as replayed by this engine and these plugins (the
    registry's fingerprint): the same key always means the same positions. A chain: the header's
    digest, then each move's folded in (`_with_move`), so a live move's key comes from the key
    of the position before it without hashing the record again."""
    header = {k: v for k, v in record.items() if k != "moves"}
    text = json.dumps([engine.registry().fingerprint, game.pk, game.game_type, header], sort_keys=True, default=str)
    digest = hashlib.sha256(text.encode()).hexdigest()
    for move in record.get("moves") or ():
        digest = _folded(digest, move)
    return KEY_PREFIX + digest


def _folded(digest: str, move: object) -> str:
    return hashlib.sha256((digest + json.dumps(move, sort_keys=True, default=str)).encode()).hexdigest()


def _with_move(key: str, move: object) -> str:
    """The key of the record of ``key`` with ``move`` appended (what `_key` gives for it)."""
    return KEY_PREFIX + _folded(key.removeprefix(KEY_PREFIX), move)


def _local(key: str) -> tuple[int, str]:
    # This process's cache also tells registries apart (tests build several; the stories and
    # panels come from the registry's web adapters).
    return id(engine.registry()), key


def _keep(key: str, timeline: Timeline) -> Timeline:
    timeline.key = key
    with _cache_lock:
        _cache[_local(key)] = timeline
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return timeline


def load_timeline(game: Game, record: dict | None = None) -> Timeline:
    """Replay ``game`` (its ``record`` when the caller has just rebuilt it), or reuse the
    replay this process or another worker made of the very same record (the shared cache,
    docs/operations.md). Raises NoReplay for a score-only game and RulesError when the current
    engine rejects the stored moves."""
    if not game.has_moves:
        raise NoReplay(msg("game {game} was stored as a score only; it has no moves to replay", game=game.pk))
    record = record if record is not None else record_of(game)
    key = _key(game, record)
    return _lookup(game, record, key) or _replayed(game, record, key)


def cached_timeline(game: Game, record: dict) -> Timeline | None:
    """The timeline of ``record`` if this process or the shared cache has its replay; None
    rather than replaying it."""
    return _lookup(game, record, _key(game, record))


def _lookup(game: Game, record: dict, key: str) -> Timeline | None:
    with _cache_lock:
        timeline = _cache.get(_local(key))
        if timeline is not None:
            _cache.move_to_end(_local(key))
            return timeline
    replay = cache.get(key)
    return None if replay is None else _keep(key, Timeline(game=game, record=record, replay=replay))


def _replayed(game: Game, record: dict, key: str) -> Timeline:
    replay = engine.registry().replay(record)
    _share(key, replay)
    return _keep(key, Timeline(game=game, record=record, replay=replay))


def _share(key: str, replay) -> None:
    # Some replays do not pickle (a variant's replay holds the plugin registry; B-side board
    # data is a read-only mapping): they stay in this process's cache only.
    with contextlib.suppress(TypeError, AttributeError, pickle.PicklingError):
        cache.set(key, replay, SHARED_TTL)


def _follows(previous: Timeline, record: dict) -> bool:
    """Whether ``record`` is ``previous``'s record with one move more (same header, same moves)."""
    if not previous.key or len(record["moves"]) != previous.plies + 1:
        return False
    header = {k: v for k, v in record.items() if k != "moves"}
    return header == {k: v for k, v in previous.record.items() if k != "moves"} and \
        previous.record["moves"] == record["moves"][:-1]


def remember(game: Game, record: dict, replay, previous: Timeline | None = None) -> Timeline:
    """Keep ``replay`` (just made of ``record`` by the caller, e.g. a live move) as the game's
    timeline, here and in the shared cache, so the page after a move does not replay again.
    ``previous``: the timeline of the same game one move earlier; its positions are the new
    one's first positions, so their state JSON and scores are reused, and its key gives this
    one's (the record is not hashed again)."""
    if previous is not None and _follows(previous, record):
        key = _with_move(previous.key, record["moves"][-1])
    else:
        key = _key(game, record)
    _share(key, replay)
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
