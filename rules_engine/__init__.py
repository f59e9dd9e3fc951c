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
from rules_engine.hookspecs import hookimpl

#: Stored games pin this; bump it whenever a rule change could alter a replay or a score.
ENGINE_VERSION = "1.0.0"

__all__ = [
    "ENGINE_VERSION",
    "BoardError",
    "IllegalMoveError",
    "PluginError",
    "RecordError",
    "RulesError",
    "UnknownGameError",
    "hookimpl",
]
