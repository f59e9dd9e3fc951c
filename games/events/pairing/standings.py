"""Event points from a game's ranks, and the event's standings with their tie-breaks.

The Duel: 1 for a win, 0 for a loss (½ each for a shared place), the event's bye points for a
bye; tie-breaks Buchholz, median Buchholz and Sonneborn-Berger from tiebreak-core (MIT), and
the direct encounter (points among the players level on points, when they have all met).
The base game: place points per table (6/4/2/0 by default, the first entries for a smaller
table, shared places share their points) or the game score itself; tie-breaks the sum of
game scores and the number of table wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tiebreak_core import GameRecord, PlayerTiebreakData, buchholz, median_buchholz, sonneborn_berger
from tiebreak_core.models import PAIRING_BYE, PLAYED

from games.events.pairing.types import History

DUEL_TIEBREAKS = ("buchholz", "median_buchholz", "sonneborn_berger", "direct_encounter")
TABLE_TIEBREAKS = ("score_sum", "wins")
DEFAULT_PLACE_POINTS = (6.0, 4.0, 2.0, 0.0)


def place_points(ranks: Sequence[int], scheme: Sequence[float] = DEFAULT_PLACE_POINTS) -> tuple[float, ...]:
    """Each seat's points for its place (rank 1 = first); seats sharing a place share the
    points of the places they take, e.g. two firsts of 6/4/2/0 get 5 each."""
    order = sorted(ranks)
    out = []
    for r in ranks:
        first = order.index(r)
        shared = order.count(r)
        taken = [scheme[i] if i < len(scheme) else 0.0 for i in range(first, first + shared)]
        out.append(sum(taken) / shared)
    return tuple(out)


def duel_points(ranks: Sequence[int]) -> tuple[float, ...]:
    return place_points(ranks, (1.0, 0.0))


@dataclass(frozen=True)
class Standing:
    player: int
    rank: int
    points: float
    games: int
    tiebreaks: dict[str, float] = field(default_factory=dict)


def _tiebreak_data(players: Sequence[int], history: History) -> dict[int, PlayerTiebreakData]:
    points = history.points()
    data = {p: PlayerTiebreakData(player_id=p, rating=0, points=points.get(p, 0.0)) for p in players}
    for number, boards in enumerate(history.rounds, start=1):
        for b in boards:
            if b.points is None or b.seats[0] not in data:
                continue
            if b.bye:
                data[b.seats[0]].games.append(GameRecord(
                    opponent_id=-1, opponent_rating=0, score=b.points[0], color="white",
                    round_number=number, kind=PAIRING_BYE))
                continue
            for i, p in enumerate(b.seats):
                if p in data:
                    data[p].games.append(GameRecord(
                        opponent_id=b.seats[1 - i], opponent_rating=0, score=b.points[i],
                        color="white" if i == 0 else "black", round_number=number, kind=PLAYED))
    return data


def _direct_encounter(players: Sequence[int], history: History, points: dict[int, float]) -> dict[int, float]:
    """Points scored against the others level on points, for a group whose members have all
    met (FIDE C.07 direct encounter); 0 for everyone in a group that has not."""
    out = dict.fromkeys(players, 0.0)
    met = history.met()
    groups: dict[float, list[int]] = {}
    for p in players:
        groups.setdefault(points.get(p, 0.0), []).append(p)
    for group in groups.values():
        if len(group) < 2 or any(frozenset((a, b)) not in met for a in group for b in group if a < b):
            continue
        members = set(group)
        for boards in history.rounds:
            for b in boards:
                if b.bye or b.points is None or not set(b.seats) <= members:
                    continue
                for i, p in enumerate(b.seats):
                    out[p] += b.points[i]
    return out


def _games(history: History) -> dict[int, int]:
    out: dict[int, int] = {}
    for boards in history.rounds:
        for b in boards:
            if b.finished and not b.bye:
                for p in b.seats:
                    out[p] = out.get(p, 0) + 1
    return out


def _ranked(players: Sequence[int], points: dict[int, float], values: dict[int, dict[str, float]],
            order: Sequence[str], games: dict[int, int]) -> list[Standing]:
    def key(p: int) -> tuple:
        return (-points.get(p, 0.0), *(-values[p].get(t, 0.0) for t in order))

    ranked = sorted(players, key=lambda p: (key(p), p))
    out: list[Standing] = []
    for i, p in enumerate(ranked):
        rank = out[-1].rank if out and key(ranked[i - 1]) == key(p) else i + 1
        out.append(Standing(player=p, rank=rank, points=points.get(p, 0.0), games=games.get(p, 0),
                            tiebreaks={t: values[p].get(t, 0.0) for t in order}))
    return out


def duel_standings(players: Sequence[int], history: History, order: Sequence[str] = DUEL_TIEBREAKS) -> list[Standing]:
    """The Duel event's standings: points, then the tie-breaks in the event's order; equal
    players share a rank."""
    data = _tiebreak_data(players, history)
    points = history.points()
    encounter = _direct_encounter(players, history, points)
    values = {
        p: {
            "buchholz": buchholz(data[p], data),
            "median_buchholz": median_buchholz(data[p], data),
            "sonneborn_berger": sonneborn_berger(data[p], data),
            "direct_encounter": encounter[p],
        }
        for p in players
    }
    return _ranked(players, points, values, order, _games(history))


def table_standings(players: Sequence[int], history: History, order: Sequence[str] = TABLE_TIEBREAKS) -> list[Standing]:
    """The base-game event's standings: event points, then the sum of game scores, then table wins."""
    scores = history.scores()
    wins: dict[int, float] = {}
    for boards in history.rounds:
        for b in boards:
            if b.points is not None and not b.bye:
                best = max(b.points)
                for i, p in enumerate(b.seats):
                    if b.points[i] == best:
                        wins[p] = wins.get(p, 0) + 1
    values = {p: {"score_sum": float(scores.get(p, 0)), "wins": float(wins.get(p, 0))} for p in players}
    return _ranked(players, history.points(), values, order, _games(history))
