"""Pairing a Swiss round of a two-seat game by the FIDE Dutch system (C.04.3), in the edition
the event started with (stored on the event, so a running event keeps its rules):

- `DUTCH_2026`: C.04.3 as amended, in force from 1 February 2026, by caissify-pairings
  (Apache-2.0), fed the float and colour histories the edition reads, its round loop's
  matchings computed by py4swiss's compiled matcher (`dutch_2026.py`, `matching.py`).
- `DUTCH_2025`: C.04.3 in force from 1 July 2025 to 31 January 2026, by py4swiss (MIT),
  from the event written as a TRF (`trf.py`). Events created before editions were stored
  keep it.

Seat 0 plays white (the first player). What the service adds to either library, and why:

- The pairing-allocated bye goes to a player of the lowest score that a legal pairing of the
  others (no repeat meeting) allows (C.04.3 1.9, the PAB assignee's score is minimised; the
  libraries in rare rounds give it to a sole leader). When a library's bye is higher, the
  lowest such player (the highest lot among them) gets it and the library pairs the others.
- When no pairing without a repeat meeting exists (a small event late on) or a library gives
  up or repeats a meeting, `fallback_round` pairs by a maximum-weight matching (networkx):
  fewest repeat meetings first, then no second bye, then players close in points.
- Pairs the organiser prohibited (`Entrants.prohibited`) are never seated together, by either
  library or the fallback: when no pairing keeps them apart, `ProhibitedPairing` names them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import networkx as nx  # type: ignore[import-untyped]
from py4swiss.engines import DutchEngine  # type: ignore[import-untyped]

from games.events.pairing import dutch_2026, dutch_rules, matching, pair_weights, trf
from games.events.pairing.dutch_rules import DUTCH_2025, DUTCH_2026
from games.events.pairing.types import Entrants, History, Table

log = logging.getLogger(__name__)

EDITIONS = (DUTCH_2026, DUTCH_2025)
#: The edition a new event is paired by: the one in force.
CURRENT_EDITION = DUTCH_2026


class ProhibitedPairing(ValueError):
    """No pairing of the round keeps the prohibited ``pairs`` apart (each a tuple of two players)."""

    def __init__(self, pairs: list[tuple[int, int]]) -> None:
        super().__init__(f"no pairing keeps these pairs apart: {pairs}")
        self.pairs = pairs


def _numbered(seatings: list[tuple[int, ...]]) -> list[Table]:
    """Tables 1… in the given order (the engine's: leaders first), the bye last."""
    games: list[tuple[int, ...]] = [s for s in seatings if len(s) == 2]
    byes: list[tuple[int, ...]] = [s for s in seatings if len(s) == 1]
    return [Table(number=i + 1, seats=s, bye=len(s) == 1) for i, s in enumerate(games + byes)]


def floats(history: History, players: tuple[int, ...] | list[int], edition: str = DUTCH_2026
           ) -> dict[int, list[str]]:
    """Each player's float per round (dutch_rules.floats)."""
    return dutch_rules.floats(history, players, edition)


def _caissify_2026(entrants: Entrants, history: History, total_rounds: int, bye_points: float = 1.0
                   ) -> list[tuple[int, ...]]:
    points, drift = history.points(), floats(history, entrants.players, DUTCH_2026)
    barred, colours = dutch_rules.bye_barred(history, DUTCH_2026), dutch_rules.colour_histories(history)
    rounds = len(history.rounds)
    players = [
        {"id": p, "name": str(p), "rating": 0, "starting_number": entrants.lot(p), "pairing_number": entrants.lot(p),
         "score": points.get(p, 0.0), "color_hist": colours.get(p, []),
         "float_history": drift[p],
         "bye_count": int(p in barred)}  # the library bars a player with a bye count
        for p in entrants.players
    ]
    met = {tuple(sorted(pair)) for pair in history.met()}
    with matching.compiled():  # the library's networkx matching at compiled speed (matching.py)
        raw = dutch_2026.generate_pairings(players, met, rounds + 1, max(total_rounds, rounds + 1),
                                           prohibited=entrants.prohibited)
    return [
        (row["white_id"],) if row.get("black_id") is None else (row["white_id"], row["black_id"])
        for row in sorted(raw, key=lambda r: r["table"])
    ]


def _py4swiss_2025(entrants: Entrants, history: History, total_rounds: int, bye_points: float = 1.0
                   ) -> list[tuple[int, ...]]:
    everyone = sorted(set(entrants.players) | {p for boards in history.rounds for b in boards for p in b.seats})
    parsed, numbers = trf.build(everyone, history, max(total_rounds, len(history.rounds) + 1), playing=entrants,
                                bye_points=bye_points, prohibited=entrants.prohibited)
    player_of = {n: p for p, n in numbers.items()}
    with pair_weights.memoized():  # each kind of pair weighed once (pair_weights.py)
        pairs = DutchEngine.generate_pairings(parsed)
    return [(player_of[pair.white],) if not pair.black else (player_of[pair.white], player_of[pair.black])
            for pair in pairs]


ENGINES: dict[str, Callable[..., list[tuple[int, ...]]]] = {
    DUTCH_2026: _caissify_2026,
    DUTCH_2025: _py4swiss_2025,
}


def _legal(tables: list[Table], entrants: Entrants, history: History, edition: str = DUTCH_2026) -> bool:
    """Everyone seated once, one bye for an odd number (none for even), no repeat meeting, no
    bye to a player the edition bars from it while someone is not barred, no prohibited pair."""
    seated = [p for t in tables for p in t.seats]
    if sorted(seated) != sorted(entrants.players):
        return False
    if sum(1 for t in tables if t.bye) != len(entrants.players) % 2:
        return False
    met, barred = entrants.barred(history), dutch_rules.bye_barred(history, edition)
    if any(frozenset(t.seats) in met for t in tables if not t.bye):
        return False
    return all(t.seats[0] not in barred for t in tables if t.bye) or all(p in barred for p in entrants.players)


def lower_byes(entrants: Entrants, history: History, below: float, limit: int | None = None) -> list[int]:
    """Who could take the pairing-allocated bye instead of a player on ``below`` points: those
    not barred from it (2026 edition), on fewer points, whose absence leaves the others a
    pairing without repeats; the lowest score first, then the highest lot (the lowest-ranked).
    The first ``limit`` of them (None: all): each is a matching of the whole field, and late in
    a 201-player event over 170 players may be below the bye (7 CPU s for all of them)."""
    points, barred = history.points(), dutch_rules.bye_barred(history, DUTCH_2026)
    candidates = sorted(
        (p for p in entrants.players if p not in barred and points.get(p, 0.0) < below),
        key=lambda p: (points.get(p, 0.0), -entrants.lot(p)),
    )
    found: list[int] = []
    for p in candidates:
        if limit is not None and len(found) >= limit:
            break
        if repeat_free_exists(_without(entrants, p), history):
            found.append(p)
    return found


def _without(entrants: Entrants, player: int) -> Entrants:
    return Entrants(players=tuple(p for p in entrants.players if p != player), seed=entrants.seed, lots=entrants.lots,
                    prohibited=entrants.prohibited)


def board_order(seatings: list[tuple[int, ...]], entrants: Entrants, history: History) -> list[tuple[int, ...]]:
    """Games in board order (C.04.2 D: the higher maximum score first, then the higher sum of
    scores, then the pair whose higher-ranked player — by score, then pairing number — ranks
    higher), the same whichever library paired; byes after them."""
    points = history.points()

    def key(seats: tuple[int, ...]) -> tuple[float, float, int]:
        scores = [points.get(p, 0.0) for p in seats]
        leader = min(seats, key=lambda p: (-points.get(p, 0.0), entrants.lot(p)))
        return (-max(scores), -sum(scores), entrants.lot(leader))

    return sorted((s for s in seatings if len(s) == 2), key=key) + [s for s in seatings if len(s) == 1]


def _run(edition: str, entrants: Entrants, history: History, total_rounds: int, bye_points: float) -> list[Table]:
    try:
        seatings = ENGINES[edition](entrants, history, total_rounds, bye_points)
    except Exception:  # the libraries raise their own errors when they give up
        log.info("Dutch pairing (%s) gave up in round %s", edition, len(history.rounds) + 1, exc_info=True)
        return []
    return _numbered(board_order(seatings, entrants, history))


def _coloured(tables: list[Table], entrants: Entrants, history: History) -> list[Table]:
    """The tables with who plays white by C.04.3 E (dutch_rules.allocate), whichever paired."""
    seats = dutch_rules.allocate([t.seats for t in tables], entrants, history)
    return [Table(number=t.number, seats=s, bye=t.bye) for t, s in zip(tables, seats, strict=True)]


def swiss_round(entrants: Entrants, history: History, total_rounds: int, edition: str = CURRENT_EDITION,
                bye_points: float = 1.0) -> list[Table]:
    """The next round of a Swiss by the Dutch system of ``edition``, numbered from table 1
    (the leaders), the bye last; ``bye_points``: what the event's pairing-allocated bye is
    worth (1, ½ or 0: the 2025 edition's engine scores it from the TRF)."""
    if edition not in ENGINES:
        raise ValueError(f"no Dutch edition {edition!r}; known: {', '.join(EDITIONS)}")
    if len(entrants.players) < 2:
        return [Table(number=1, seats=(p,), bye=True) for p in entrants.players]
    return _coloured(_paired(entrants, history, total_rounds, edition, bye_points), entrants, history)


def _paired(entrants: Entrants, history: History, total_rounds: int, edition: str, bye_points: float
            ) -> list[Table]:
    tables = _run(edition, entrants, history, total_rounds, bye_points)
    if not tables or not _legal(tables, entrants, history, edition):
        return fallback_round(entrants, history)
    bye = next((t.seats[0] for t in tables if t.bye), None)
    if bye is None or edition != DUTCH_2026:
        return tables
    # 2026 edition only (C.04.3 C.9 as amended, the PAB assignee's score minimised: bbpPairings
    # v6 does, v5 does not). The bye above a lower score that could take it: the lowest such
    # player gets it and the library pairs the others; a player whose absence the library
    # cannot pair around is passed over. Rare (1–2 % of random small rounds).
    for lower in lower_byes(entrants, history, history.points().get(bye, 0.0), limit=_BYE_TRIES):
        games = _run(edition, _without(entrants, lower), history, total_rounds, bye_points)
        repaired = _numbered(board_order([t.seats for t in games] + [(lower,)], entrants, history))
        if games and _legal(repaired, entrants, history, edition):
            log.info("Dutch pairing (%s) gave the bye to %s although %s scores less; repaired", edition, bye, lower)
            return repaired
    return tables


_BYE_TRIES = 3

# Lexicographic weights of the fallback matching: a new meeting outweighs any number of
# fresh byes and closeness, a fresh bye any closeness.
_NEW_MEETING = 10**9
_FRESH_BYE = 10**6


def _weights(entrants: Entrants, history: History) -> nx.Graph:
    """Edges worth more for a new meeting (most), a fresh bye, and players close in points; no
    edge for a prohibited pair (an absolute criterion even here)."""
    met, points, byes = history.met(), history.points(), history.byes()
    players = sorted(entrants.players, key=entrants.lot)
    graph = nx.Graph()
    span = 2 * (len(history.rounds) + 1) + 1
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if frozenset((a, b)) in entrants.prohibited:
                continue
            fresh = frozenset((a, b)) not in met
            # Closeness in half points, so every weight is an integer.
            close = int(2 * (span - abs(points.get(a, 0) - points.get(b, 0))))
            graph.add_edge(a, b, weight=(_NEW_MEETING if fresh else 0) + close)
    if len(players) % 2:
        for a in players:
            # The bye to a player without one, the lowest in points first. A bye "meets"
            # nobody, so it carries the new-meeting weight too: it never counts as a repeat.
            close = int(2 * (span - points.get(a, 0)))
            graph.add_edge(a, "bye", weight=_NEW_MEETING + (_FRESH_BYE if byes.get(a, 0) == 0 else 0) + close)
    return graph


def fallback_round(entrants: Entrants, history: History) -> list[Table]:
    """A maximum-weight perfect matching: fewest repeats, then byes to those without one, then
    players close in points; the leaders at table 1, the one who had black more often white.
    Raises `ProhibitedPairing` when the prohibited pairs leave no way to seat everyone."""
    graph = _weights(entrants, history)
    graph.add_nodes_from(entrants.players)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < graph.number_of_nodes():
        raise ProhibitedPairing(_blocking(entrants))
    points = history.points()
    known = dutch_rules.colour_histories(history)
    colours = {p: known.get(p, []) for p in entrants.players}
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


def legal_pairing_exists(entrants: Entrants, history: History) -> bool:
    """Whether the entrants can be paired with no repeat meeting and, when odd, the bye to a
    player without one (to anyone once everyone has had one)."""
    byes = history.byes()
    fresh = [p for p in entrants.players if byes.get(p, 0) == 0] or list(entrants.players)
    return repeat_free_exists(entrants, history, bye_to=fresh)


def repeat_free_exists(entrants: Entrants, history: History, bye_to: list[int] | None = None) -> bool:
    """Whether the entrants can be paired with no repeat meeting (one bye when odd, to one of
    ``bye_to``; None: anyone)."""
    met = entrants.barred(history)
    graph = nx.Graph()
    players = list(entrants.players)
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if frozenset((a, b)) not in met:
                graph.add_edge(a, b)
    if len(players) % 2:
        for a in players if bye_to is None else bye_to:
            graph.add_edge(a, "bye")
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


def _seatable(entrants: Entrants) -> bool:
    """Whether everyone can be seated with the prohibited pairs apart (meetings aside)."""
    return repeat_free_exists(entrants, History())


def _blocking(entrants: Entrants) -> list[tuple[int, int]]:
    """The prohibited pairs to name when no pairing keeps them all apart: each one whose lifting
    alone would let the round be paired, or, when no single one would, all among the players."""
    among = sorted(tuple(sorted(pair)) for pair in entrants.prohibited if pair <= set(entrants.players))
    single = [pair for pair in among if _seatable(Entrants(
        players=entrants.players, seed=entrants.seed, lots=entrants.lots,
        prohibited=entrants.prohibited - {frozenset(pair)}))]
    return single or among  # type: ignore[return-value]
