"""What the pairing functions read and return: plain dataclasses, no database rows."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

# How a table's points came about: the kinds C.07 Art. 16 tells apart and the TRF16 result codes
# write (docs/events.md). A two-seat table is PLAYED or FORFEIT (a forfeit win and loss, or a double
# forfeit: points (0, 0)); a one-seat table is a bye of one of the three kinds.
PLAYED = "played"  # TRF 1 / 0 / =
FORFEIT = "forfeit"  # TRF + / - : points without play
PAIRING_BYE = "pab"  # the pairing-allocated bye, worth the event's bye points (TRF U)
HALF_BYE = "half-bye"  # a bye the player asked for, worth ½ (TRF H)
ZERO_BYE = "zero-bye"  # a bye the player asked for, worth 0 (TRF Z)
BYE_KINDS = (PAIRING_BYE, HALF_BYE, ZERO_BYE)


@dataclass(frozen=True)
class Board:
    """One table of a past round: the seats in order (seat 0 plays white / first in the Duel),
    each seat's event points and game score (None while the game is not finished).

    ``kind`` says how the points came about (PLAYED, FORFEIT or one of BYE_KINDS); left empty it
    is PAIRING_BYE for a bye and PLAYED otherwise, as every board was before kinds existed."""

    seats: tuple[int, ...]
    points: tuple[float, ...] | None = None
    scores: tuple[int, ...] | None = None
    bye: bool = False  # a single seat that did not play (its points are the bye's points)
    kind: str = ""

    @property
    def finished(self) -> bool:
        return self.points is not None

    @property
    def result_kind(self) -> str:
        return self.kind or (PAIRING_BYE if self.bye else PLAYED)

    @property
    def played(self) -> bool:
        """A game was played at this table (not a bye, not a forfeit)."""
        return self.result_kind == PLAYED


@dataclass(frozen=True)
class History:
    """The rounds played so far, oldest first."""

    rounds: tuple[tuple[Board, ...], ...] = ()

    def met(self) -> set[frozenset[int]]:
        """Every pair of players who have played a game at the same table. A forfeit is no
        meeting: C.04.1 b forbids playing twice, and the two did not play (bbpPairings, the
        reference the Dutch pairing is checked against, pairs them again too)."""
        pairs: set[frozenset[int]] = set()
        for boards in self.rounds:
            for b in boards:
                if b.bye or not b.played:
                    continue
                for i, a in enumerate(b.seats):
                    for c in b.seats[i + 1:]:
                        pairs.add(frozenset((a, c)))
        return pairs

    def points(self) -> dict[int, float]:
        out: dict[int, float] = {}
        for boards in self.rounds:
            for b in boards:
                for i, p in enumerate(b.seats):
                    out[p] = out.get(p, 0.0) + (b.points[i] if b.points else 0.0)
        return out

    def scores(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for boards in self.rounds:
            for b in boards:
                for i, p in enumerate(b.seats):
                    out[p] = out.get(p, 0) + (b.scores[i] if b.scores and not b.bye else 0)
        return out

    def unscored(self) -> set[int]:
        """Players with a finished table whose game scores are not known (its result was fixed
        by places): their sum of scores would leave those tables out."""
        return {p for boards in self.rounds for b in boards
                if b.finished and not b.bye and b.scores is None for p in b.seats}

    def byes(self) -> dict[int, int]:
        """How many pairing-allocated byes each player has had (a bye the player asked for,
        ½ or 0, is none)."""
        out: dict[int, int] = {}
        for boards in self.rounds:
            for b in boards:
                if b.bye and b.result_kind == PAIRING_BYE:
                    out[b.seats[0]] = out.get(b.seats[0], 0) + 1
        return out


@dataclass(frozen=True)
class Table:
    """One table of the round being paired: 1-based number, seats in order; ``bye`` for a
    player left out (one seat)."""

    number: int
    seats: tuple[int, ...]
    bye: bool = False


@dataclass(frozen=True)
class Entrants:
    """The players to pair (checked in, not withdrawn) and the event's seed. ``prohibited``:
    pairs the organiser marked never to be paired (C.04.3 as in force from 1 February 2026
    lets the arbiter forbid pairs: an absolute criterion, kept as a meeting already played is)."""

    players: tuple[int, ...]
    seed: int
    lots: dict[int, int] = field(default_factory=dict)
    prohibited: frozenset[frozenset[int]] = frozenset()

    @classmethod
    def drawn(cls, players: list[int] | tuple[int, ...], seed: int) -> Entrants:
        """The drawing of lots: starting numbers from a generator seeded by the event, so the
        same players and seed always draw the same numbers."""
        # Each player's lot is a hash of (seed, player), so a late entrant does not move the
        # others' numbers.
        order = sorted(set(players), key=lambda p: (hashlib.sha256(f"{seed}:{p}".encode()).digest(), p))
        return cls(players=tuple(sorted(set(players))), seed=seed, lots={p: i + 1 for i, p in enumerate(order)})

    def lot(self, player: int) -> int:
        return self.lots.get(player, 10**6 + player)

    def barred(self, history: History) -> set[frozenset[int]]:
        """The pairs this round may not seat together: those who met, and the prohibited."""
        return history.met() | set(self.prohibited)
