"""A computer opponent at five strengths (issue #40, docs/bots.md): each level is a search
budget (playouts of its tree search at a position) and noise (a chance of a uniformly random legal move, and a softmax
temperature over the searched moves' win estimates).

Works for any registered game through the `GameType` hooks the search uses. The bot never sees
what its seat could not see at the table: the search (`SEARCH`) applies every candidate move to
its own deal of what is unseen (`GameType.determinized`) in each playout, as the hints do.
Deterministic: everything random comes from the ``rng`` the caller passes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar, cast

from rules_engine.analysis.mcts import search
from rules_engine.messages import msg

if TYPE_CHECKING:
    from rules_engine.gametype import EngineState, GameType

S = TypeVar("S", bound="EngineState")
M = TypeVar("M")

#: The search the bot asks for its candidate moves: ``SEARCH(game_type, state, record, *,
#: playouts, rng, top)`` → `MoveValue`s, best first. The hints' determinized MCTS
#: (rules_engine/analysis/mcts.py), which stops early once the best move is clear.
SEARCH = search


@dataclass(frozen=True)
class Level:
    """One strength: ``playouts`` for the search (its whole budget at a position), the chance ``blunder`` of playing a
    uniformly random legal move instead, and the softmax ``temperature`` over the searched
    moves' win estimates (0: always the best)."""

    number: int
    playouts: int
    blunder: float
    temperature: float


#: The five levels, weakest first. Measured against each other by bench/bots.py.
LEVELS: tuple[Level, ...] = (
    Level(1, playouts=0, blunder=1.0, temperature=0.0),  # a legal move at random, no search
    Level(2, playouts=60, blunder=0.35, temperature=0.10),
    Level(3, playouts=150, blunder=0.15, temperature=0.05),
    Level(4, playouts=300, blunder=0.05, temperature=0.03),
    Level(5, playouts=1000, blunder=0.0, temperature=0.0),
)
LOWEST, HIGHEST = LEVELS[0].number, LEVELS[-1].number


class BotError(ValueError):
    """The bot cannot move here; the message is for people."""


def level(number: int) -> Level:
    """The level numbered ``number`` (1 weakest … 5 strongest). Raises BotError."""
    if isinstance(number, bool) or not isinstance(number, int) or not LOWEST <= number <= HIGHEST:
        raise BotError(msg("the bot's level must be a whole number from {low} to {high}, got {value}",
                           low=LOWEST, high=HIGHEST, value=f"{number!r:.20}"))
    return LEVELS[number - 1]


def choose_move(game_type: GameType[S, M], state: S, record: Mapping[str, object], level_number: int,
                rng: random.Random) -> M:
    """The move the bot at ``level_number`` plays at ``state`` (a position of ``record``'s game
    with a player to move). The same ``rng`` state gives the same move."""
    strength = level(level_number)
    moves = game_type.legal_moves(state)
    if not moves:
        raise BotError(msg("the game is over; there is no move for the bot to play"))
    if len(moves) == 1:
        return moves[0]
    if strength.blunder and rng.random() < strength.blunder:
        return moves[rng.randrange(len(moves))]
    ranked = SEARCH(game_type, state, record, playouts=strength.playouts, rng=rng, top=len(moves))
    if not ranked:  # no deal admitted any move (a plugin's hidden information): any legal move
        return moves[rng.randrange(len(moves))]
    if strength.temperature <= 0:
        return cast(M, ranked[0].move)
    best = ranked[0].win
    weights = [math.exp((value.win - best) / strength.temperature) for value in ranked]
    return cast(M, rng.choices([value.move for value in ranked], weights)[0])


__all__ = ["HIGHEST", "LEVELS", "LOWEST", "SEARCH", "BotError", "Level", "choose_move", "level"]
