"""A league of divisions (docs/seasons.md, "Divisions"): each division a round robin by the FIDE
Berger tables (C.05 Annex 1, through caissify-pairings as the events' round robins), one round a
week with a deadline; at the end the top ``promote`` of each division go up one and the bottom
``promote`` go down one. Pure Python.

Results of a game, seat 1's then seat 2's (the events' codes, games/events/result_entry.py):
1-0, 0-1, = (a shared place), +- / -+ (a forfeit won by seat 1 / 2), -- (a double forfeit).
A game with no result when its round closes counts as the league's rule says (`UNPLAYED_RULES`):
a double forfeit (the default: nothing to either, and a loss by forfeit for both), a draw by
agreement (½ each, as not played), or void (left out, as if never scheduled).

A division's standings: points (1 a win, ½ a shared place, 1 a forfeit won), then the
Sonneborn-Berger score and the direct encounter (C.07 Art. 9 and 6, round robin mode: tiebreak-
core through games/events/standings.py), then the division's seeding (the better seed
first) so promotion always has an order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.events.pairing.round_robin import berger_round
from games.events.pairing.types import FORFEIT, PLAYED, Board, Entrants, History
from games.events.standings import Standing, pair_standings

DOUBLE_FORFEIT = "double_forfeit"
DRAW = "draw"
VOID = "void"
UNPLAYED_RULES = (DOUBLE_FORFEIT, DRAW, VOID)
#: Result code → (seat points, how).
RESULTS: dict[str, tuple[tuple[float, float], str]] = {
    "1-0": ((1.0, 0.0), PLAYED),
    "0-1": ((0.0, 1.0), PLAYED),
    "=": ((0.5, 0.5), PLAYED),
    "+-": ((1.0, 0.0), FORFEIT),
    "-+": ((0.0, 1.0), FORFEIT),
    "--": ((0.0, 0.0), FORFEIT),
}
DIVISION_TIEBREAKS = ("sonneborn_berger", "direct_encounter")
UP, DOWN, STAY = "up", "down", ""


class LeagueRuleError(ValueError):
    """A league that cannot be run as asked, said for the organiser."""


@dataclass(frozen=True)
class Game:
    """One scheduled game of a division: the round, the seats (seat 1 moves first), its result
    code ("" none yet)."""

    round: int
    first: int
    second: int
    result: str = ""


def schedule(seeded: Sequence[int]) -> list[list[tuple[int, int]]]:
    """A division's rounds by the Berger tables, the players numbered in ``seeded`` order (1 the
    top seed); each round's games in table order (an odd division's bye left out)."""
    if len(seeded) < 2:
        raise LeagueRuleError("a division needs two players or more")
    if len(set(seeded)) != len(seeded):
        raise LeagueRuleError("a player is twice in the division")
    entrants = Entrants(players=tuple(seeded), seed=0, lots={p: i + 1 for i, p in enumerate(seeded)})
    rounds = len(seeded) - 1 if len(seeded) % 2 == 0 else len(seeded)
    return [[(t.seats[0], t.seats[1]) for t in berger_round(entrants, n) if not t.bye]
            for n in range(1, rounds + 1)]


def counted_result(result: str, closed: bool, rule: str) -> str | None:
    """The result a game counts with: its own; once its round closed without one, the league's
    rule's (None: void, left out); before that, none yet (None)."""
    if rule not in UNPLAYED_RULES:
        raise LeagueRuleError(f"unplayed rule {rule!r}: give one of {', '.join(UNPLAYED_RULES)}")
    if result:
        return result
    if not closed:
        return None
    return {DOUBLE_FORFEIT: "--", DRAW: "=", VOID: None}[rule]


def division_standings(seeded: Sequence[int], games: Sequence[Game], closed_rounds: set[int],
                       rule: str = DOUBLE_FORFEIT) -> list[Standing]:
    """The division's table: every player, in order (rank shared where nothing but the seeding
    parts them)."""
    rounds = max((g.round for g in games), default=0)
    boards: list[list[Board]] = [[] for _ in range(rounds)]
    for g in games:
        code = counted_result(g.result, g.round in closed_rounds, rule)
        if code is None:
            continue
        points, how = RESULTS[code]
        boards[g.round - 1].append(Board(seats=(g.first, g.second), points=points, kind=how))
    history = History(tuple(tuple(b) for b in boards))
    lots = {p: i + 1 for i, p in enumerate(seeded)}
    return pair_standings(list(seeded), history, DIVISION_TIEBREAKS, rounds=rounds, lots=lots,
                          mode="round_robin")


def moves(finishing: Sequence[Sequence[int]], promote: int) -> list[list[tuple[int, str]]]:
    """Each division's players (top division first, each in finishing order) with where they
    go: UP (the top ``promote`` of every division but the top one), DOWN (the bottom
    ``promote`` of every division but the bottom one), or STAY."""
    if promote < 0:
        raise LeagueRuleError("promote: give 0 or more places")
    last = len(finishing) - 1
    out: list[list[tuple[int, str]]] = []
    for level, order in enumerate(finishing):
        ups = promote if level > 0 else 0
        downs = promote if level < last else 0
        if ups + downs > len(order):
            raise LeagueRuleError(f"division {level + 1} has {len(order)} players: too few to move {ups} up "
                                  f"and {downs} down")
        out.append([(p, UP if i < ups else DOWN if i >= len(order) - downs else STAY)
                    for i, p in enumerate(order)])
    return out


def next_divisions(finishing: Sequence[Sequence[int]], promote: int) -> list[list[int]]:
    """The next league's divisions, each seeded: those come down from above first (in their
    finishing order), then those who stayed, then those come up from below."""
    moved = moves(finishing, promote)
    out: list[list[int]] = []
    for level, rows in enumerate(moved):
        down_from_above = [p for p, m in moved[level - 1] if m == DOWN] if level > 0 else []
        stayed = [p for p, m in rows if m == STAY]
        up_from_below = [p for p, m in moved[level + 1] if m == UP] if level + 1 < len(moved) else []
        out.append(down_from_above + stayed + up_from_below)
    return out


def finishing_order(rows: Sequence[Standing]) -> list[int]:
    return [r.player for r in rows]


def by_player(rows: Sequence[Standing]) -> Mapping[int, Standing]:
    return {r.player: r for r in rows}
