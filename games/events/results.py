"""Reading an event from the database into the pure pairing types: each table's result (the
linked game's, or the ranks an admin fixed), how its points came about (played, a forfeit, one
of the three byes: `Board.kind`), the rounds played, the standings."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from games.events.models import Event, Pairing, PairingSeat, Registration, Round
from games.events.pairing.types import FORFEIT, HALF_BYE, PAIRING_BYE, PLAYED, ZERO_BYE, Board, Entrants, History
from games.events.standings import (
    PAIR_DEFAULT_TIEBREAKS,
    PAIR_TIEBREAKS,
    TABLE_TIEBREAKS,
    Standing,
    pair_points,
    pair_standings,
    table_points,
    table_standings,
)
from games.models import Game, Seat


def rounds_of(event: Event) -> list[Round]:
    """The event's rounds with their tables, seats, players and games' results, in 4 queries."""
    seats = PairingSeat.objects.select_related("player").order_by("order")
    game_seats = Seat.objects.select_related("result").order_by("order")
    pairings = Pairing.objects.select_related("game").prefetch_related(
        Prefetch("seats", queryset=seats), Prefetch("game__seats", queryset=game_seats)
    ).order_by("table")
    return list(event.round_set.prefetch_related(Prefetch("pairings", queryset=pairings)).order_by("number"))


@dataclass(frozen=True)
class Outcome:
    """A table's result, in its seat order: ranks (1 = won) and game scores (None: not known)."""

    ranks: tuple[int, ...] | None
    scores: tuple[int, ...] | None


def outcome(pairing: Pairing) -> Outcome:
    players = [s.player_id for s in pairing.seats.all()]
    scores = None
    ranks = None
    game = pairing.game
    if game is not None and game.status == Game.Status.FINISHED:
        by_player = {}
        for seat in game.seats.all():
            result = getattr(seat, "result", None)
            if result is not None:
                by_player[seat.player_id] = result
        if all(p in by_player for p in players):
            ranks = tuple(by_player[p].rank for p in players)
            scores = tuple(by_player[p].total for p in players)
    if pairing.fixed_ranks:
        ranks = tuple(pairing.fixed_ranks)
    return Outcome(ranks, scores)


#: A requested bye's points (C.07 Art. 16.1.1: a draw's or none); a pairing-allocated bye is
#: worth the event's bye points.
REQUESTED_BYE_POINTS = {HALF_BYE: 0.5, ZERO_BYE: 0.0}


def kind_of(pairing: Pairing) -> str:
    """The table's `Board.kind`: as stored, else a pairing-allocated bye for a bye and played
    otherwise (tables stored before kinds were)."""
    return pairing.kind or (PAIRING_BYE if pairing.bye else PLAYED)


def event_points(event: Event, pairing: Pairing, result: Outcome) -> tuple[float, ...] | None:
    kind = kind_of(pairing)
    if pairing.bye:
        return (REQUESTED_BYE_POINTS.get(kind, event.bye_points),)
    if result.ranks is None:
        return None
    if kind == FORFEIT:  # a win's point to the seat that won by forfeit; a double forfeit 0–0
        return tuple(1.0 if r == 1 else 0.0 for r in result.ranks)
    if event.is_pairs:
        return pair_points(result.ranks)
    if event.scoring == Event.Scoring.SCORE and result.scores is not None:
        return tuple(float(s) for s in result.scores)
    return table_points(result.ranks, event.place_points)


def board_of(event: Event, pairing: Pairing) -> Board:
    result = outcome(pairing)
    kind = kind_of(pairing)
    return Board(
        seats=tuple(s.player_id for s in pairing.seats.all()),
        points=event_points(event, pairing, result),
        scores=None if kind == FORFEIT else result.scores,
        bye=pairing.bye,
        kind=kind,
    )


def history_of(event: Event, rounds: list[Round] | None = None) -> History:
    rounds = rounds_of(event) if rounds is None else rounds
    return History(tuple(tuple(board_of(event, p) for p in r.pairings.all()) for r in rounds))


def unfinished_tables(round_: Round) -> list[int]:
    event = round_.event
    return [p.table for p in round_.pairings.all() if board_of(event, p).points is None]


def entrants_of(event: Event) -> list[Registration]:
    return list(event.registrations.select_related("player").order_by("player__name_key"))


@dataclass(frozen=True)
class Row:
    standing: Standing
    name: str
    withdrawn: bool


def standings(event: Event, history: History | None = None) -> list[Row]:
    history = history_of(event) if history is None else history
    registrations = entrants_of(event)
    players = [r.player_id for r in registrations]
    lots = Entrants.drawn(players, event.seed).lots
    if event.is_pairs:
        order = [t for t in (event.tiebreaks or PAIR_DEFAULT_TIEBREAKS) if t in PAIR_TIEBREAKS]
        mode = "round_robin" if event.kind == Event.Kind.ROUND_ROBIN else "swiss"
        ranked = pair_standings(players, history, order, rounds=event.rounds, lots=lots, mode=mode)
    else:
        order = [t for t in (event.tiebreaks or TABLE_TIEBREAKS) if t in TABLE_TIEBREAKS]
        ranked = table_standings(players, history, order, lots=lots)
    info = {r.player_id: r for r in registrations}
    return [Row(s, info[s.player].player.name, info[s.player].withdrawn) for s in ranked]
