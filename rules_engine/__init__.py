"""Imhotep rules engine: plain Python, no Django.

The web apps (`games`, `scoring`) call into this package; nothing here imports them.
"""

from rules_engine.errors import (
    BoardError,
    IllegalMoveError,
    PluginError,
    RecordError,
    RulesError,
    UnknownGameError,
)
from rules_engine.frozen import FrozenState
from rules_engine.gametype import GameType, Outcome, ReplayBase, Variant, VariantField, replay_moves
from rules_engine.hookspecs import hookimpl

#: Stored games pin this; bump it whenever a rule change could alter a replay or a score.
#: 1.1.0: a red card is discarded after its effect (classic.md C7, ruling of 2026-11-28);
#: `manage.py red_card_ruling` lists the stored games that replay differently.
ENGINE_VERSION = "1.1.0"

__all__ = [
    "ENGINE_VERSION",
    "BoardError",
    "FrozenState",
    "GameType",
    "IllegalMoveError",
    "Outcome",
    "PluginError",
    "RecordError",
    "ReplayBase",
    "RulesError",
    "UnknownGameError",
    "Variant",
    "VariantField",
    "hookimpl",
    "replay_moves",
]
