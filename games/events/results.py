"""Reading an event from the database into the pure pairing types: each table's result (the
linked game's, or the ranks an admin fixed), the rounds played, the standings."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from games.events.models import Event, Pairing, PairingSeat, Registration, Round
from games.events.pairing.standings import (
    PAIR_DEFAULT_TIEBREAKS,
    PAIR_TIEBREAKS,
    TABLE_TIEBREAKS,
    Standing,
    pair_points,
    pair_standings,
    table_points,
    table_standings,
)
from games.events.pairing.types import Board, Entrants, History
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


def event_points(event: Event, pairing: Pairing, result: Outcome) -> tuple[float, ...] | None:
    if pairing.bye:
        return (event.bye_points,)
    if result.ranks is None:
        return None
    if event.is_pairs:
        return pair_points(result.ranks)
    if event.scoring == Event.Scoring.SCORE and result.scores is not None:
        return tuple(float(s) for s in result.scores)
    return table_points(result.ranks, event.place_points)


def board_of(event: Event, pairing: Pairing) -> Board:
    result = outcome(pairing)
    return Board(
        seats=tuple(s.player_id for s in pairing.seats.all()),
        points=event_points(event, pairing, result),
        scores=result.scores,
        bye=pairing.bye,
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
        ranked = pair_standings(players, history, order, rounds=event.rounds, lots=lots)
    else:
        order = [t for t in (event.tiebreaks or TABLE_TIEBREAKS) if t in TABLE_TIEBREAKS]
        ranked = table_standings(players, history, order, lots=lots)
    info = {r.player_id: r for r in registrations}
    return [Row(s, info[s.player].player.name, info[s.player].withdrawn) for s in ranked]
