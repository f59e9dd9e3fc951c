"""The plugin-author kit: checks any registered game passes, and a table-driven base for
scoring tests. Plain functions raising AssertionError, so they work under any test runner.

    from rules_engine.testing import check_random_games, ScoreCase, check_score_case

    def test_my_game_plays_through():
        check_random_games(MyGame(), games=20)

    @pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
    def test_scoring(case):
        check_score_case(case, registry=Registry(extra_plugins={"mine": my_plugin}))
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.gametype import AnyGame
from rules_engine.registry import Registry, default_registry
from rules_engine.scores import Json


def check_random_games(game: AnyGame, *, games: int = 10, seed: int = 0) -> None:
    """Random-play ``games`` games and check what every game must guarantee: the game ends,
    invariants hold after every move, every recorded move was legal where it was played,
    replay is deterministic, and the record survives a JSON round trip."""
    for i in range(games):
        record = game.random_record(random.Random(seed + i))
        again = game.random_record(random.Random(seed + i))
        assert record == again, f"game {i}: the same seed gave two different records"

        replay = game.replay(record)
        assert replay.finished, f"game {i}: a random game did not end after {replay.plies} plies"
        assert replay.plies == len(record["moves"])
        for ply, state in enumerate(replay.states):
            try:
                game.check_invariants(state)
            except AssertionError as exc:
                raise AssertionError(f"game {i}, after ply {ply}: {exc}") from exc

        state = game.setup(record)
        for ply, move in enumerate(record["moves"]):
            legal = [game.move_to_json(m) for m in game.legal_moves(state)]
            assert _canonical(move) in {_canonical(m) for m in legal} or _covers(move, legal), (
                f"game {i}, ply {ply}: recorded move {move} is not among the legal moves"
            )
            state = game.apply(state, move)

        round_trip = json.loads(json.dumps(record))
        replay2 = game.replay(round_trip)
        views = [game.state_to_json(s, record) for s in replay.states]
        assert views == [game.state_to_json(s, record) for s in replay2.states], (
            f"game {i}: replaying the JSON round trip of the record gave other states"
        )
        assert len(replay.score().players) == len(record["players"])


def _canonical(move: Mapping[str, object]) -> str:
    return json.dumps(move, sort_keys=True)


def _covers(move: Mapping[str, object], legal: Sequence[Mapping[str, object]]) -> bool:
    """A recorded move may carry what only the table reveals (refills, reveals): it is
    legal if a legal move agrees with it on every field the legal move has."""
    return any(all(move.get(k) == v for k, v in m.items()) for m in legal)


@dataclass(frozen=True)
class ScoreCase:
    """One row of a scoring table: a board and what it must score."""

    name: str
    board: dict[str, Any]
    totals: Sequence[int] | None = None
    breakdown: Sequence[Mapping[str, int]] | None = None
    winner: int | None = None
    extra: Mapping[str, object] = field(default_factory=dict)


def check_score_case(case: ScoreCase, *, registry: Registry | None = None) -> dict[str, Json]:
    """Score ``case.board`` through the registry (so variants apply) and compare; the result's JSON."""
    result = (registry or default_registry()).score(case.board)
    players = result.players
    if case.totals is not None:
        got = [p.total for p in players]
        assert got == list(case.totals), f"{case.name}: totals {got}, expected {list(case.totals)}"
    if case.breakdown is not None:
        for i, expected in enumerate(case.breakdown):
            got_items = {k: players[i].breakdown.get(k) for k in expected}
            assert got_items == dict(expected), f"{case.name}: player {i} breakdown {got_items}, expected {expected}"
    if case.winner is not None:
        assert result.winners == (case.winner,), f"{case.name}: winners {result.winners}, expected {case.winner}"
    shown = result.to_json()
    for key, value in case.extra.items():
        assert shown.get(key) == value, f"{case.name}: {key} is {shown.get(key)!r}, expected {value!r}"
    return shown
