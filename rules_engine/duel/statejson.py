"""One Duel position as JSON, for the replay viewer and ``POST /api/v1/replay?states=1``.

The shape is documented in docs/state-json.md; keep the two in step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.duel.board import parse_board
from rules_engine.duel.game import final_board
from rules_engine.duel.scoring import score
from rules_engine.duel.state import DuelState


def state_to_json(state: DuelState, *, sides: Mapping[str, str] | None = None,
                  names: Sequence[str] | None = None) -> dict[str, Any]:
    """The documented JSON of ``state``. ``sides`` (default all A) only changes the running
    score; ``names`` only labels it."""
    scored = score(parse_board(final_board(state, names=names, sides=sides)))
    players = []
    for i, p in enumerate(state.players):
        s = scored.players[i]
        players.append({
            "obelisk": p.obelisk,
            "temple": list(p.temple),
            "pyramid": {"light": p.pyramid_light, "dark": p.pyramid_dark},
            "tomb": list(p.tomb),
            "action_tokens": list(p.action_tokens),
            "meeples_in_supply": p.meeples_in_supply,
            "meeples_on_harbor": p.meeples_on_harbor,
            "score": {"total": s.total, "breakdown": dict(s.breakdown)},
        })
    return {
        "ply": state.ply,
        "to_move": state.to_move,
        "over": state.over,
        "end_reason": state.end_reason,
        "boats": {b: None if slots is None else list(slots) for b, slots in state.boats.items()},
        "harbor": state.harbor,
        "reserve_count": state.reserve_count,
        "supply_count": state.supply_count,
        "unloads": state.unloads,
        "box": list(state.box),
        "first_to_five": state.first_to_five,
        "players": players,
        "leader": scored.winner,
    }
