"""Puzzles from the club's own games (issue #41): a decision where one move clearly beat every
other, the game was still open, and the player chose otherwise (`rules_engine.analysis.luck`
ranks every decision's legal moves)."""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.analysis.luck import LuckSkill, MoveChance, Term

MIN_GAP = 0.2  # the best move's chance beats the second best's by at least this much
OPEN = (0.2, 0.8)  # the mover's chance before the move: a decided position is no puzzle


def is_puzzle(win: float, ranked: Sequence[MoveChance], chosen: int | None) -> bool:
    """Whether a decision makes a puzzle: ``win`` the mover's chance before it, ``ranked`` the
    legal moves best first, ``chosen`` the place of the move played in ``ranked``. The best move
    beats the second by `MIN_GAP` with 95 % intervals that do not overlap, ``win`` is within
    `OPEN`, and the player did not play the best move."""
    if len(ranked) < 2 or chosen is None or chosen == 0:
        return False
    best, second = ranked[0], ranked[1]
    return (OPEN[0] <= win <= OPEN[1] and best.win - second.win >= MIN_GAP and best.low > second.high)


def puzzles(analysis: LuckSkill) -> list[Term]:
    """The decisions of an analysed game that make puzzles, in the order they were played."""
    return [t for t in analysis.terms
            if t.kind == "decision" and is_puzzle(analysis.chances[t.move][t.seat], t.ranked, t.chosen)]
