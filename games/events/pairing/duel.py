"""Pairing a Duel round (two players a table): Swiss by the FIDE Dutch rules (py4swiss, MIT:
its matching is compiled, so 200 players pair in well under a second) and round robin by
Berger tables (caissify-pairings, Apache-2.0). Seat 0 plays white (the first player); the
Dutch rules balance the colours.

The Dutch rules never repeat a meeting (FIDE C.04.1 B1) and give a pairing-allocated bye to a
player who has had none. When the numbers leave no pairing without a repeat (a small event late
on), the library gives up or repeats; then `fallback_round` pairs by a maximum-weight matching
(networkx, which the library itself uses) that repeats as few meetings as possible.
"""

from __future__ import annotations

import logging

import networkx as nx  # type: ignore[import-untyped]
from caissify_pairings import generate_pairings  # type: ignore[import-untyped]
from py4swiss.engines import DutchEngine  # type: ignore[import-untyped]

from games.events.pairing import trf
from games.events.pairing.types import Entrants, History, Table

log = logging.getLogger(__name__)


def _colours(history: History, player: int) -> list[str]:
    out = []
    for boards in history.rounds:
        for b in boards:
            if not b.bye and player in b.seats:
                out.append("white" if b.seats[0] == player else "black")
    return out


def _tables(raw: list[dict]) -> list[Table]:
    return _numbered([
        (row["white_id"],) if row.get("black_id") is None else (row["white_id"], row["black_id"])
        for row in sorted(raw, key=lambda r: r["table"])
    ])


def _numbered(seatings: list[tuple[int, ...]]) -> list[Table]:
    """Tables 1… in the given order (the engine's: leaders first), the bye last."""
    games: list[tuple[int, ...]] = [s for s in seatings if len(s) == 2]
    byes: list[tuple[int, ...]] = [s for s in seatings if len(s) == 1]
    return [Table(number=i + 1, seats=s, bye=len(s) == 1) for i, s in enumerate(games + byes)]


def _acceptable(tables: list[Table], entrants: Entrants, history: History) -> bool:
    seated = [p for t in tables for p in t.seats]
    if sorted(seated) != sorted(entrants.players):
        return False
    met, byes = history.met(), history.byes()
    if any(frozenset(t.seats) in met for t in tables if not t.bye):
        return not repeat_free_exists(entrants, history)
    return all(byes.get(t.seats[0], 0) == 0 for t in tables if t.bye) or all(
        byes.get(p, 0) > 0 for p in entrants.players
    )


def swiss_round(entrants: Entrants, history: History, total_rounds: int) -> list[Table]:
    """The next round of a Swiss (FIDE Dutch), numbered from table 1 (the leaders)."""
    if len(entrants.players) < 2:
        return [Table(number=1, seats=(p,), bye=True) for p in entrants.players]
    round_number = len(history.rounds) + 1
    everyone = sorted(set(entrants.players) | {p for boards in history.rounds for b in boards for p in b.seats})
    parsed, numbers = trf.build(everyone, history, total_rounds, playing=entrants)
    player_of = {n: p for p, n in numbers.items()}
    try:
        raw = DutchEngine.generate_pairings(parsed)
        tables = _numbered([
            (player_of[pair.white],) if not pair.black else (player_of[pair.white], player_of[pair.black])
            for pair in raw
        ])
    except Exception:
        log.info("Dutch pairing gave up in round %s; pairing by matching", round_number, exc_info=True)
        tables = []
    if tables and _acceptable(tables, entrants, history):
        return tables
    return fallback_round(entrants, history)


def round_robin_round(entrants: Entrants, round_number: int) -> list[Table]:
    """Round ``round_number`` of the Berger tables for the entrants (by their lots); a second
    cycle, colours reversed, after the first."""
    n = len(entrants.players)
    if n < 2:
        return [Table(number=1, seats=(p,), bye=True) for p in entrants.players]
    per_cycle = n - 1 if n % 2 == 0 else n
    cycles = (round_number - 1) // per_cycle + 1
    players = [{"id": p, "starting_number": entrants.lot(p)} for p in entrants.players]
    raw = generate_pairings("round_robin", players, set(), round_number, per_cycle * cycles, cycles=cycles)
    return _tables(raw)


def _weights(entrants: Entrants, history: History) -> nx.Graph:
    """Edges worth more for a new meeting (most), a fresh bye, and players close in points."""
    met, points, byes = history.met(), history.points(), history.byes()
    players = sorted(entrants.players, key=entrants.lot)
    graph = nx.Graph()
    span = 2 * (len(history.rounds) + 1) + 1
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            fresh = frozenset((a, b)) not in met
            graph.add_edge(a, b, weight=(1000 if fresh else 0) + span - abs(points.get(a, 0) - points.get(b, 0)))
    if len(players) % 2:
        for a in players:
            # The bye to a player without one, the lowest in points first.
            graph.add_edge(a, "bye", weight=(1000 if byes.get(a, 0) == 0 else -1000) + span - points.get(a, 0))
    return graph


def fallback_round(entrants: Entrants, history: History) -> list[Table]:
    """A maximum-weight perfect matching: fewest repeats, byes to those without one, then
    players close in points; the leaders at table 1, the higher lot white."""
    graph = _weights(entrants, history)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    points = history.points()
    colours = {p: _colours(history, p) for p in entrants.players}
    games, byes = [], []
    for a, b in matching:
        if "bye" in (a, b):
            byes.append((b if a == "bye" else a,))
            continue
        # The one who had black more often plays white; then the lower lot.
        wa = colours[a].count("white") - colours[a].count("black")
        wb = colours[b].count("white") - colours[b].count("black")
        first = a if (wa, entrants.lot(a)) <= (wb, entrants.lot(b)) else b
        games.append((first, b if first == a else a))
    games.sort(key=lambda s: (-max(points.get(p, 0) for p in s), min(entrants.lot(p) for p in s)))
    seats = [Table(number=i + 1, seats=s) for i, s in enumerate(games)]
    return seats + [Table(number=len(seats) + i + 1, seats=s, bye=True) for i, s in enumerate(byes)]


def repeat_free_exists(entrants: Entrants, history: History) -> bool:
    """Whether the entrants can be paired with no repeat meeting (one bye when odd)."""
    met = history.met()
    graph = nx.Graph()
    players = list(entrants.players)
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if frozenset((a, b)) not in met:
                graph.add_edge(a, b)
    if len(players) % 2:
        for a in players:
            graph.add_edge(a, "bye")
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()
