"""A season's standings (docs/seasons.md, "Seasons"): each player's result in each event of the
season is turned into season points by the season's scale; the best N of them count. Ties are
split by the season's tie-breaks in order; players nothing separates share a rank. Pure Python.

Scales:
- ``places``: points by the player's final place in the event, from the season's list (default
  `DEFAULT_PLACE_SCALE`, 10 8 6 5 4 3 2 1, nothing from 9th down); players sharing a place in
  an event share the points of the places they take (as the events' place points do).
- ``event_points``: the points the player scored in the event itself (its own standings).

Tie-breaks (`TIEBREAKS`):
- ``wins``: events won (first place, shared or not), counted results or not.
- ``countback``: the counted results compared best first; the first that differs decides.
- ``all_results``: the sum of every result, those not counted too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

PLACES = "places"
EVENT_POINTS = "event_points"
SCALES = (PLACES, EVENT_POINTS)
DEFAULT_PLACE_SCALE: tuple[float, ...] = (10.0, 8.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
TIEBREAKS = ("wins", "countback", "all_results")
DEFAULT_TIEBREAKS = TIEBREAKS


class SeasonRuleError(ValueError):
    """A season's rules that cannot be applied, said for the organiser."""


@dataclass(frozen=True)
class Placing:
    """One player's final result in one event: ``place`` (1 = first; shared places repeat) and
    the event points they scored there."""

    event: int
    player: int
    place: int
    points: float


@dataclass(frozen=True)
class SeasonRow:
    player: int
    rank: int
    points: float
    counted: tuple[tuple[int, float], ...]  # (event, season points) counted, best first
    dropped: tuple[tuple[int, float], ...]  # the results beyond the best N
    tiebreaks: dict[str, float | tuple[float, ...]] = field(default_factory=dict)


def scale_points(placings: Sequence[Placing], scale: str, place_scale: Sequence[float] = DEFAULT_PLACE_SCALE
                 ) -> dict[tuple[int, int], float]:
    """Season points of each (event, player) of one or more events' placings."""
    if scale not in SCALES:
        raise SeasonRuleError(f"scale {scale!r}: give one of {', '.join(SCALES)}")
    out: dict[tuple[int, int], float] = {}
    if scale == EVENT_POINTS:
        return {(p.event, p.player): float(p.points) for p in placings}
    by_event: dict[int, list[Placing]] = {}
    for p in placings:
        by_event.setdefault(p.event, []).append(p)
    for event, rows in by_event.items():
        places = [r.place for r in rows]
        for r in rows:
            first = r.place - 1  # the event's own place: 1st, 2nd, … (shared places repeat)
            shared = places.count(r.place)
            taken = [float(place_scale[i]) if i < len(place_scale) else 0.0 for i in range(first, first + shared)]
            out[(event, r.player)] = sum(taken) / shared
    return out


def season_standings(placings: Iterable[Placing], best_of: int, scale: str = PLACES,
                     place_scale: Sequence[float] = DEFAULT_PLACE_SCALE,
                     tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS) -> list[SeasonRow]:
    """The season's table: each player's best ``best_of`` results summed, then ``tiebreaks``."""
    if best_of < 1:
        raise SeasonRuleError("best_of: count at least one result")
    unknown = [t for t in tiebreaks if t not in TIEBREAKS]
    if unknown:
        raise SeasonRuleError(f"tie-break {unknown[0]!r}: give some of {', '.join(TIEBREAKS)}")
    placings = list(placings)
    points = scale_points(placings, scale, place_scale)
    results: dict[int, list[tuple[int, float]]] = {}
    wins: dict[int, int] = {}
    for p in placings:
        results.setdefault(p.player, []).append((p.event, points[(p.event, p.player)]))
        wins[p.player] = wins.get(p.player, 0) + (p.place == 1)
    rows: list[tuple[tuple, SeasonRow]] = []
    for player, mine in results.items():
        ordered = sorted(mine, key=lambda r: (-r[1], r[0]))  # best first; equal results: earlier event
        counted, dropped = tuple(ordered[:best_of]), tuple(ordered[best_of:])
        total = sum(v for _, v in counted)
        values: dict[str, float | tuple[float, ...]] = {
            "wins": float(wins[player]),
            "countback": tuple(v for _, v in counted),
            "all_results": sum(v for _, v in mine),
        }
        key = (total, *(values[t] for t in tiebreaks))
        rows.append((key, SeasonRow(player, 0, total, counted, dropped,
                                    {t: values[t] for t in tiebreaks})))
    rows.sort(key=lambda kr: (*_descending(kr[0]), kr[1].player))
    out: list[SeasonRow] = []
    for i, (key, row) in enumerate(rows):
        rank = out[-1].rank if i and rows[i - 1][0] == key else i + 1
        out.append(SeasonRow(row.player, rank, row.points, row.counted, row.dropped, row.tiebreaks))
    return out


def _descending(key: tuple) -> tuple:
    """A sort key putting the highest first, a countback tuple compared best result first (a
    shorter list, padded with nothing, is behind a longer one that equals it so far)."""
    out: list = []
    for v in key:
        if isinstance(v, tuple):
            out.append((*tuple(-x for x in v), 0.0))
        else:
            out.append(-v)
    return tuple(out)
