"""Round robin of a two-seat game by the FIDE Berger tables (C.05 Annex 1), from
caissify-pairings (Apache-2.0): a second cycle, colours reversed, after the first; an odd
field gives each player one bye. Seat 0 plays white (the first player). Tables are numbered in
the order the Annex prints each round's pairings (round 2 of 8 players: 8-5, 6-4, 7-3, 1-2), not
the library's (by the lower pairing number): the printed table is the one clubs know."""

from __future__ import annotations

from collections.abc import Collection

from caissify_pairings import generate_pairings  # type: ignore[import-untyped]
from caissify_pairings.engines.round_robin import berger_round as printed_round  # type: ignore[import-untyped]

from games.events.pairing.types import Entrants, History, Table


def _numbered(seatings: list[tuple[int, ...]]) -> list[Table]:
    """Tables 1… in the given order, the byes last."""
    games: list[tuple[int, ...]] = [s for s in seatings if len(s) == 2]
    byes: list[tuple[int, ...]] = [s for s in seatings if len(s) == 1]
    return [Table(number=i + 1, seats=s, bye=len(s) == 1) for i, s in enumerate(games + byes)]


def berger_round(entrants: Entrants, round_number: int) -> list[Table]:
    """Round ``round_number`` of the Berger tables for the entrants (by their lots)."""
    n = len(entrants.players)
    if n < 2:
        return [Table(number=1, seats=(p,), bye=True) for p in entrants.players]
    per_cycle = n - 1 if n % 2 == 0 else n
    cycles = (round_number - 1) // per_cycle + 1
    players = [{"id": p, "starting_number": entrants.lot(p)} for p in entrants.players]
    raw = generate_pairings("round_robin", players, set(), round_number, per_cycle * cycles, cycles=cycles)
    # The library's pairing numbers (lot, then id); the bye is the number after the last (C.05 Annex 1).
    number = {p: i + 1 for i, p in enumerate(sorted(entrants.players, key=lambda p: (entrants.lot(p), p)))}
    printed = [frozenset(pair) for pair in printed_round(per_cycle + 1, (round_number - 1) % per_cycle + 1)]
    return _numbered([
        (row["white_id"],) if row.get("black_id") is None else (row["white_id"], row["black_id"])
        for row in sorted(raw, key=lambda r: printed.index(
            frozenset((number[r["white_id"]], number.get(r.get("black_id"), per_cycle + 1)))))
    ])


def round_robin_round(field: Entrants, history: History, playing: Collection[int]) -> list[Table]:
    """The next round of the schedule drawn for ``field`` (the players of round 1; the
    schedule does not change once it has started). A player no longer ``playing``
    (withdrawn, not here) leaves their opponent a bye."""
    here = set(playing)
    tables = berger_round(field, len(history.rounds) + 1)
    seatings = [tuple(p for p in t.seats if p in here) for t in tables]
    return _numbered([s for s in seatings if s])


def round_robin_field(history: History, playing: Collection[int]) -> list[int]:
    """Whom the schedule is drawn for: round 1's players once it has started."""
    if history.rounds:
        return [p for b in history.rounds[0] for p in b.seats]
    return list(playing)
