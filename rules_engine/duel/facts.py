"""What the club's explorer counts of a finished Duel (`GameType.explorer_facts`): the first
three moves and who was first to hold five obelisk tokens (D7.1 B)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.duel import record

OPENING_PLIES = 3


def explorer_facts(rec: Mapping[str, object]) -> dict[str, Any]:
    """The facts of ``rec`` (an F2 record of a finished game): ``opening``, the first three
    moves as F2 JSON; ``first_to_five``, the seat first to hold five obelisk tokens (D7.1 B:
    counted whatever the obelisk's side), or None when nobody held five."""
    replay = record.replay(rec, states=False)  # every move checked; only the last position kept
    return {
        "opening": [move.to_json() for move in replay.moves[:OPENING_PLIES]],
        "first_to_five": replay.states[-1].first_to_five,
    }
