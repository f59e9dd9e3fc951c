"""Playing random events through the pure pairing functions (no database)."""

from __future__ import annotations

import random

from games.events.pairing.swiss_dutch import swiss_round
from games.events.pairing.tables import seat_round
from games.events.pairing.types import Board, Entrants, History, Table
from games.events.standings import pair_points, place_points


def results(tables: list[Table], rng: random.Random, duel: bool) -> tuple[Board, ...]:
    boards = []
    for t in tables:
        if t.bye:
            boards.append(Board(seats=t.seats, points=(1.0,), bye=True))
            continue
        ranks = list(range(1, len(t.seats) + 1))
        rng.shuffle(ranks)
        points = pair_points(ranks) if duel else place_points(ranks)
        boards.append(Board(seats=t.seats, points=points, scores=tuple(rng.randint(10, 60) for _ in t.seats)))
    return tuple(boards)


def play(n: int, rounds: int, seed: int, duel: bool, check=None) -> list[list[Table]]:
    """Pair and play ``rounds`` rounds of an ``n``-player event; ``check(tables, history)``
    sees each round's tables with the history they were paired from."""
    rng = random.Random(seed)
    entrants = Entrants.drawn(list(range(1, n + 1)), seed)
    history = History()
    played = []
    for _ in range(rounds):
        tables = swiss_round(entrants, history, rounds) if duel else seat_round(entrants, history)
        if check:
            check(tables, history)
        played.append(tables)
        history = History((*history.rounds, results(tables, rng, duel)))
    return played
