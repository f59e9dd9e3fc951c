"""What follows when a game's results change: one service every write path calls.

A game stored with results (a score sheet, a record, an import), its results derived again
(`results.recompute_results`: an engine fix, a live game's last move) or edited (its date,
status or seats) changes what the club's history says. Two things follow, always together: the
explorer counts the game again (its `GameFacts` row: worked out for a finished game, dropped
otherwise), and the ratings follow — rated now, rebuilt from an earlier point when the game
moved in the history, or marked out of date for a bulk import to catch up on once.
"""

from __future__ import annotations

import datetime

from games.models import Game
from games.services import explorer_facts, ratings


def results_changed(game: Game, *, rate: bool = True,
                    rated_from: tuple[datetime.date, int] | None = None) -> None:
    """``game``'s results (or its place in the history) changed: refresh the explorer, then
    rate it (``rate``), or mark its type's ratings stale (``rate=False``: a bulk import rates
    once at its end, `ratings.catch_up`), or rebuild them from ``rated_from`` ((played_on, id),
    a point before the game's own when it moved earlier)."""
    explorer_facts.refresh(game)
    if rated_from is not None:
        ratings.rebuild_from(game.game_type, *rated_from)
    elif rate:
        ratings.rate_from(game)
    else:
        ratings.mark_stale(game)
