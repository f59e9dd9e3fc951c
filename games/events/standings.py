"""Event points from a game's ranks, and the event's standings with their tie-breaks.

Two-seat games (the Duel's Swiss and round robin): 1 for a win, 0 for a loss (½ each for a
shared place), the event's bye points for a pairing-allocated bye. The tie-breaks are FIDE
C.07 as in force (the edition applied from 1 March 2026), computed and applied by
tiebreak-core's ``fide-2026`` engine (MIT) rather than by hand:

- Buchholz (Art. 8.1), Buchholz Cut-1 (Art. 14.1.1), Median-1 (Art. 14.3),
  Sonneborn-Berger (Art. 9.1), each with Art. 16 for the rounds a player did not play:
  a pairing-allocated bye is a round of category 16.2.1, a forfeit win 16.2.2, a forfeit loss
  (either side of a double forfeit too) 16.2.4; a bye the player asked for (half-point or
  zero-point) and a round a registered player was not paired in (not checked in, withdrawn,
  entered late) are requested byes, 16.2.3 when they played again later, 16.2.5 when not.
  Opponents count those rounds by Art. 16.3 (16.2.5 rounds as draws); the player's own
  tie-breaks count each as a dummy opponent (Art. 16.4: capped by 16.4.1 at the scheduled
  opponent's score for a forfeit, by 16.4.2 at draw × rounds for the others) that a cut
  removes first when the round was voluntarily unplayed (Art. 16.5: a requested bye, a
  forfeit loss). In a round robin (Art. 15.2) a forfeit counts as a game.
- Direct encounter (Art. 6): applied where it stands in the event's list, to the players
  still tied when it is reached (the library splits the groups stage by stage); games played
  only (forfeits too in a round robin).

Base-game tables: place points by table size (`DEFAULT_PLACE_POINTS`, the event's own when
set) or the game score; tie-breaks the sum of game scores — not available for a player one of
whose tables had its result fixed by places without scores (the value is None, and the
criterion then leaves the tie as it is) — and the number of table wins: a table's top event
points are a win for each seat that has them (a shared top score is a win for each), a bye or
a table without a result nobody's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tiebreak_core import GameRecord, PlayerTiebreakData
from tiebreak_core import fide2026 as c07
from tiebreak_core.models import FORFEIT_LOSS, FORFEIT_WIN, REQUESTED_BYE
from tiebreak_core.models import PAIRING_BYE as C07_PAIRING_BYE
from tiebreak_core.models import PLAYED as C07_PLAYED

from games.events.pairing.types import FORFEIT, HALF_BYE, PAIRING_BYE, PLAYED, ZERO_BYE, Board, History

#: The ruleset whose articles the two-seat tie-breaks follow (tiebreak-core's id).
C07_EDITION = "fide-2026"
#: The two-seat tie-breaks an event can be given, by the library's ids.
PAIR_TIEBREAKS = ("buchholz_cut1", "median_buchholz", "buchholz", "sonneborn_berger", "direct_encounter")
#: What a new two-seat event gets (C.07 Art. 8, 14, 9, then Art. 6 for who is still tied).
PAIR_DEFAULT_TIEBREAKS = ("buchholz_cut1", "buchholz", "sonneborn_berger", "direct_encounter")
TABLE_TIEBREAKS = ("score_sum", "wins")
#: Place points by table size: first place is worth the same at every table and the last
#: nothing, the places between evenly spaced, so every table hands out 3 points a seat on
#: average and a 3-player table's places are not worth more than a 4-player table's (the
#: base game scales its own rankings by the number of players too: classic.md C5.5).
DEFAULT_PLACE_POINTS: dict[int, tuple[float, ...]] = {
    4: (6.0, 4.0, 2.0, 0.0),
    3: (6.0, 3.0, 0.0),
    2: (6.0, 0.0),
}

Unavailable = None  # a tie-break value that cannot be worked out for the player


def place_points(ranks: Sequence[int], scheme: Sequence[float] = DEFAULT_PLACE_POINTS[4]) -> tuple[float, ...]:
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


def scheme_for(size: int, schemes: Mapping[int, Sequence[float]] | Sequence[float] | None) -> tuple[float, ...]:
    """The place points of a table of ``size`` seats: the event's for that size, else the
    default for that size. (Events stored before place points by size kept one list for
    every table: its first entries.)"""
    if isinstance(schemes, Mapping):
        found = schemes.get(size) or schemes.get(str(size))  # type: ignore[call-overload]
        if found:
            return tuple(float(p) for p in found)
    elif schemes:
        return tuple(float(p) for p in list(schemes)[:size])
    if size in DEFAULT_PLACE_POINTS:
        return DEFAULT_PLACE_POINTS[size]
    top = max(DEFAULT_PLACE_POINTS)
    return DEFAULT_PLACE_POINTS[top] + (0.0,) * (size - top)


def table_points(ranks: Sequence[int], schemes: Mapping[int, Sequence[float]] | Sequence[float] | None = None
                 ) -> tuple[float, ...]:
    """A base-game table's place points, by its size."""
    return place_points(ranks, scheme_for(len(ranks), schemes))


def pair_points(ranks: Sequence[int]) -> tuple[float, ...]:
    return place_points(ranks, (1.0, 0.0))


@dataclass(frozen=True)
class Standing:
    player: int
    rank: int
    points: float
    games: int
    tiebreaks: dict[str, float | None] = field(default_factory=dict)


def _games(history: History) -> dict[int, int]:
    """Games played (a forfeit or a bye is none)."""
    out: dict[int, int] = {}
    for boards in history.rounds:
        for b in boards:
            if b.finished and b.played:
                for p in b.seats:
                    out[p] = out.get(p, 0) + 1
    return out


#: How tiebreak-core names each bye kind (C.07 Art. 16.2: 16.2.1 the pairing-allocated bye; a
#: bye the player asked for is 16.2.3 or 16.2.5, the library telling which by what follows).
_C07_BYES = {PAIRING_BYE: C07_PAIRING_BYE, HALF_BYE: REQUESTED_BYE, ZERO_BYE: REQUESTED_BYE}


def _c07_kind(board: Board, seat: int) -> str:
    """A seat's round as C.07 Art. 16.2 tells it: played, or a forfeit won (16.2.2) or lost
    (16.2.4; both seats of a double forfeit lost it)."""
    if board.result_kind != FORFEIT:
        return C07_PLAYED
    assert board.points is not None
    mine, theirs = board.points[seat], board.points[1 - seat]
    return FORFEIT_WIN if mine > theirs else FORFEIT_LOSS


def c07_records(players: Sequence[int], history: History) -> dict[int, PlayerTiebreakData]:
    """Every player's rounds as tiebreak-core reads them: games played, forfeits won and lost
    (against the scheduled opponent, whose score caps the round's dummy: Art. 16.4.1), byes
    by kind, and a zero-point requested bye for each round a player was not paired in (Art.
    16.1–16.2; the library tells 16.2.3 from 16.2.5 by whether a played round follows). A game
    not finished yet is left out, as the round is not over."""
    everyone = set(players) | {p for boards in history.rounds for b in boards for p in b.seats}
    points = history.points()
    data = {p: PlayerTiebreakData(player_id=p, rating=0, points=points.get(p, 0.0)) for p in sorted(everyone)}
    for number, boards in enumerate(history.rounds, start=1):
        seated: set[int] = set()
        for b in boards:
            seated.update(b.seats)
            if b.points is None:
                continue
            if b.bye:
                data[b.seats[0]].games.append(GameRecord(
                    opponent_id=-1, opponent_rating=0, score=b.points[0], color="white",
                    round_number=number, kind=_C07_BYES.get(b.result_kind, C07_PAIRING_BYE)))
                continue
            for i, p in enumerate(b.seats):
                data[p].games.append(GameRecord(
                    opponent_id=b.seats[1 - i], opponent_rating=0, score=b.points[i],
                    color="white" if i == 0 else "black", round_number=number, kind=_c07_kind(b, i)))
        for p in everyone - seated:
            data[p].games.append(GameRecord(
                opponent_id=-1, opponent_rating=0, score=0.0, color="white",
                round_number=number, kind=REQUESTED_BYE))
    return data


def _shared_ranks(ordered: Sequence[int], same: Callable[[int, int], bool]) -> list[int]:
    """1-based ranks of ``ordered`` where neighbours ``same`` share the first one's rank."""
    ranks: list[int] = []
    for i, p in enumerate(ordered):
        ranks.append(ranks[-1] if i and same(ordered[i - 1], p) else i + 1)
    return ranks


def pair_standings(players: Sequence[int], history: History, order: Sequence[str] = PAIR_DEFAULT_TIEBREAKS,
                   rounds: int = 0, lots: Mapping[int, int] | None = None, mode: str = "swiss") -> list[Standing]:
    """The two-seat event's standings by C.07 (the ruleset `C07_EDITION`): points, then the
    tie-breaks in the event's order, the direct encounter among those still tied where it
    stands. ``rounds``: the event's number of rounds (Art. 16.4.2's cap counts them).
    ``mode``: "swiss", or "round_robin" (Art. 15.2: a forfeit counts as a game). Players
    nothing separates share a rank, listed by lot."""
    order = [t for t in order if t in PAIR_TIEBREAKS]
    total = max(rounds, len(history.rounds), 1)
    data = c07_records(players, history)
    keys = dict(lots or {})
    result = c07.rank_standings(data, order, total, deterministic_keys=keys or None, mode=mode)
    wanted = set(players)
    rows = [r for r in result.players if r.player_id in wanted]
    points = {r.player_id: float(r.points) for r in rows}
    values: dict[int, dict[str, float | None]] = {
        r.player_id: {t: float(r.values[t]) for t in order if t != "direct_encounter"} for r in rows}
    # The library orders but does not say where a tie ends: the same stages again, group by
    # group, tell which neighbours nothing parts (they share a rank) and, for the direct
    # encounter, the points each scored against those still tied with them when it is reached.
    final: dict[int, int] = {}
    groups = _split([[r.player_id for r in rows]], lambda p: points[p])
    for t in order:
        if t != "direct_encounter":
            groups = _split(groups, _value_of(values, t))
            continue
        for group in groups:
            for p in group:  # None: nobody was still tied with them, so it was not applied (Art. 6)
                values[p][t] = _points_against(p, group, history, mode) if len(group) > 1 else None
        groups = [tier for g in groups for tier in (c07._de_tiers(g, data, mode) if len(g) > 1 else [g])]
    for i, group in enumerate(groups):
        for p in group:
            final[p] = i
    ordered = [r.player_id for r in rows]
    ranks = _shared_ranks(ordered, lambda a, b: final[a] == final[b])
    games = _games(history)
    return [
        Standing(player=p, rank=rank, points=points[p], games=games.get(p, 0),
                 tiebreaks={t: values[p][t] for t in order})
        for p, rank in zip(ordered, ranks, strict=True)
    ]


def _value_of(values: Mapping[int, Mapping[str, float | None]], criterion: str) -> Callable[[int], float | None]:
    return lambda p: values[p][criterion]


def _split(groups: list[list[int]], key: Callable[[int], float | None]) -> list[list[int]]:
    """Each group split by ``key``, highest first, order kept within a part. A group in which
    some player has no value (None) is left whole: the criterion cannot compare them."""
    out: list[list[int]] = []
    for group in groups:
        if len(group) > 1 and any(key(p) is None for p in group):
            out.append(group)
            continue
        buckets: dict[float, list[int]] = {}
        for p in group:
            buckets.setdefault(-float(key(p) or 0.0), []).append(p)
        out.extend(buckets[k] for k in sorted(buckets))
    return out


def _points_against(player: int, group: Sequence[int], history: History, mode: str = "swiss") -> float:
    """The points ``player`` scored in games played against the others of ``group`` (Art. 6;
    a forfeit only in a round robin, Art. 15.2, as the library's mini-table)."""
    others = set(group) - {player}
    counted = (PLAYED, FORFEIT) if mode == "round_robin" else (PLAYED,)
    total = 0.0
    for boards in history.rounds:
        for b in boards:
            if b.bye or b.points is None or player not in b.seats or b.result_kind not in counted:
                continue
            i = b.seats.index(player)
            if b.seats[1 - i] in others:
                total += b.points[i]
    return total


def _table_values(players: Sequence[int], history: History) -> dict[int, dict[str, float | None]]:
    scores = history.scores()
    unscored = history.unscored()
    wins: dict[int, float] = {}
    for boards in history.rounds:
        for b in boards:
            if b.points is not None and not b.bye and b.played:
                best = max(b.points)
                for i, p in enumerate(b.seats):
                    if b.points[i] == best:
                        wins[p] = wins.get(p, 0) + 1
    return {
        p: {"score_sum": Unavailable if p in unscored else float(scores.get(p, 0)), "wins": float(wins.get(p, 0))}
        for p in players
    }


def table_standings(players: Sequence[int], history: History, order: Sequence[str] = TABLE_TIEBREAKS,
                    lots: Mapping[int, int] | None = None) -> list[Standing]:
    """The base-game event's standings: event points, then each tie-break in order. A
    tie-break some of the tied players have no value for (the sum of scores of a player with a
    table fixed by places) leaves that tie as it is; the next one may split it."""
    order = [t for t in order if t in TABLE_TIEBREAKS]
    points = history.points()
    values = _table_values(players, history)
    lot = dict(lots or {})
    groups: list[list[int]] = [sorted(players, key=lambda p: (lot.get(p, 10**6 + p), p))]
    groups = _split(groups, lambda p: points.get(p, 0.0))
    for t in order:
        groups = _split(groups, _value_of(values, t))
    games = _games(history)
    out: list[Standing] = []
    at = 1
    for group in groups:
        for p in group:
            out.append(Standing(player=p, rank=at, points=points.get(p, 0.0), games=games.get(p, 0),
                                tiebreaks={t: values[p][t] for t in order}))
        at += len(group)
    return out
