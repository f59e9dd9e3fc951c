"""A game's review from its analysis: each player's mistakes, told from the mover's side.

A move is a mistake when it lowers its own mover's chance to win (the graph's figure before the
move minus the figure after it, for the player who moved). A drop in a player's chance after an
opponent's good move is no mistake of that player's, and an opponent is never offered a
"better" move for it: the better move is the mover's own best option at the position before
the move, which is where the review links."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PER_PLAYER = 3  # mistakes kept per player (the game page lists them; the three biggest are the turning points)
TURNING_POINTS = 3


@dataclass(frozen=True)
class Mistake:
    move: int  # numbered as the move list shows it: move k leads from position k - 1 to position k
    seat: int  # who made it
    cost: float  # how much of the mover's own chance to win it cost, 0–1

    @property
    def before(self) -> int:
        """The position the move was made at, where the mover's options are ranked."""
        return self.move - 1


def mistakes(probabilities: Sequence[Sequence[float]], movers: Sequence[int | None]) -> list[Mistake]:
    """Every move that cost its mover some chance to win, biggest first (earlier first on a tie).
    ``probabilities[k]``: each player's chance at position k; ``movers[k]``: who moves at k
    (None where the game does not say)."""
    found = []
    for move in range(1, min(len(probabilities), len(movers) + 1)):
        seat = movers[move - 1]
        if seat is None:
            continue
        cost = round(probabilities[move - 1][seat] - probabilities[move][seat], 4)
        if cost > 0:
            found.append(Mistake(move, seat, cost))
    return sorted(found, key=lambda m: (-m.cost, m.move))


def worst_by_player(found: Sequence[Mistake], count: int = PER_PLAYER) -> list[Mistake]:
    """Each player's ``count`` biggest mistakes, biggest first overall."""
    kept: dict[int, int] = {}
    worst = []
    for mistake in found:
        if kept.get(mistake.seat, 0) < count:
            kept[mistake.seat] = kept.get(mistake.seat, 0) + 1
            worst.append(mistake)
    return worst
