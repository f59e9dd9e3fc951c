"""The one door from the Django apps into the rules engine: every game is reached through
the plugin registry (never `rules_engine.duel` directly), so plugin games score and replay
the same way as the Duel."""

from __future__ import annotations

from collections.abc import Mapping

from rules_engine.registry import DEFAULT_GAME, Registry, default_registry


def registry() -> Registry:
    """The process-wide registry (built once, on first use)."""
    return default_registry()


def score_board(board: object) -> dict:
    """An end-game board (F1, or another game's board) → its score result with ``lines``.
    Raises ``BoardError`` listing every problem."""
    return registry().score(board)


def replay_record(record: object, *, with_states: bool = False) -> dict:
    """Replay a record (F2, or another game's record) → ``{"finished", "plies", "score"}``,
    plus ``"states"`` (one per ply and the start, shape of docs/state-json.md) when asked.
    Raises ``RecordError`` with the index of the offending move."""
    reg = registry()
    replay = reg.replay(record, states=with_states)
    out = {"finished": replay.finished, "plies": replay.plies, "score": replay.score()}
    if with_states:
        assert isinstance(record, Mapping)  # reg.replay refused anything else
        game = reg.game(record.get("game", DEFAULT_GAME))
        out["states"] = [game.state_to_json(state, record) for state in replay.states]
    return out
