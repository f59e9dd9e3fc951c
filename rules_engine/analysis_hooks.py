"""The analysis's questions to a game (rules_engine/analysis, docs/plugins.md "Analysis"),
with their defaults: what is hidden, how a playout goes on, and what a finished playout counts
(`Outcome`). `rules_engine.gametype.GameType` inherits them; kept here so the contract's module
holds the records, moves and scoring."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from rules_engine.scores import ScoreResult

State = TypeVar("State")  # a game's immutable position
Move = TypeVar("Move")  # a game's parsed move


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, as the analysis counts it (`GameType.final_outcome`): the
    winners (seat indices; several share a tied win) and each seat's final total, or None when
    the game does not give its totals (`GameType.final_scores`)."""

    winners: list[int]
    scores: tuple[int, ...] | None = None


class AnalysisHooks(Generic[State, Move]):
    """The analysis's hooks of a `GameType`, each with its default."""

    if TYPE_CHECKING:  # declared (abstract) by GameType; the default `final_winners` scores with them
        def board(self, state: State, record: Mapping[str, object]) -> Mapping[str, object]: ...

        def score(self, board: Mapping[str, object]) -> ScoreResult: ...

        def rank(self, result: ScoreResult, board: Mapping[str, object]) -> ScoreResult: ...

    def unseen(self, state: State) -> Mapping[str, int]:
        """What the players cannot see at ``state``: each face-down piece by kind, with how
        many there are (the Duel's supply and reserve tokens). Default: nothing hidden."""
        return {}

    def determinized(self, state: State, rng: random.Random) -> State:
        """``state`` with what is `unseen` re-dealt at random, so that a playout never
        profits from hidden information. Default: ``state`` (nothing hidden, or the game's
        `fast_playout` re-deals it itself)."""
        return state

    def fast_playout(self, state: State, rng: random.Random) -> State | None:
        """The game played on from ``state`` to its end by the engine's own policy (re-dealing
        hidden information itself): the final state. Default: None, so the analysis plays the
        generic loop (`determinized`, then `legal_moves` picked by `playout_weights`)."""
        return None

    def fast_outcomes(self, state: State, record: Mapping[str, object], rng: random.Random,
                      count: int) -> Sequence[Outcome] | None:
        """``count`` games played on from ``state`` by the engine's own policy, each re-dealing
        hidden information itself: their `Outcome`s, in order. A game with a compiled playout
        (#40) converts ``state`` once and plays them all there. Default: None, so the analysis
        plays them one by one (`fast_playout`, else the generic loop)."""
        return None

    def warm_up(self) -> bool:
        """Load or compile what `fast_outcomes` plays (a compiled kernel) now, so the first hint
        does not wait for it: called before the web server forks its workers
        (imhotep_site/warm.py). True when something was warmed. Default: nothing to warm, False."""
        return False

    def playout_weights(self, moves: Sequence[Move]) -> Sequence[float] | None:
        """How often the generic playout loop picks each of ``moves`` (relative weights), or
        None to pick them alike. Default: None."""
        return None

    def final_winners(self, state: State, record: Mapping[str, object]) -> list[int]:
        """The winners (seat indices) of the finished position ``state``. Default: by the
        game's own scoring (`board`, `score`, `rank`); a game may know them cheaper."""
        board = self.board(state, record)
        return list(self.rank(self.score(board), board).winners)

    def final_scores(self, state: State, record: Mapping[str, object]) -> Sequence[int] | None:
        """Each seat's final total at the finished position ``state``, for the analysis's
        expected score margin (docs/plugins.md "Analysis"); called once per playout, so it should
        be cheap (no explanation lines, no board validation). Default: None, the game does not
        say, and its analysis has no score-margin view."""
        return None

    def final_outcome(self, state: State, record: Mapping[str, object]) -> Outcome:
        """The winners and final totals of the finished position ``state``: what a playout
        counts. Default: `final_winners` and `final_scores`; a game whose totals decide its winners
        overrides it to score the position once."""
        scores = self.final_scores(state, record)
        return Outcome(self.final_winners(state, record), None if scores is None else tuple(scores))
