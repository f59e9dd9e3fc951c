"""Analysis of a position by random playouts (Monte-Carlo): each player's chance to win, with a
confidence interval, and the legal moves ranked by the chance they leave the player to move.

Works for any registered game through the game-type interface (``legal_moves``, ``apply``,
``is_over``, ``board`` + ``score``); methods of `GameType` with neutral defaults make it better for a game:
``determinized(state, rng)`` re-deals what the players cannot see (the Duel's face-down
supply and reserve), so a playout never profits from hidden information;
``playout_weights(moves)`` biases the playout policy; ``final_scores(state, record)`` gives the
final totals from which the analysis also keeps each player's expected final score margin
(see docs/plugins.md). Hints and the review's best moves come from `search` (mcts.py,
determinized Monte-Carlo tree search with an early stop).
"""

from rules_engine.analysis.evaluate import (
    ANALYSIS_VERSION,
    Estimate,
    MoveValue,
    estimate,
    margins,
    rank_moves,
    rank_moves_ucb,
    winners,
)
from rules_engine.analysis.mcts import SearchResult, search, search_result

__all__ = ["ANALYSIS_VERSION", "Estimate", "MoveValue", "SearchResult", "estimate", "margins", "rank_moves",
           "rank_moves_ucb", "search", "search_result", "winners"]
