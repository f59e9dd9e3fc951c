"""A differential check of the 2026 Dutch pairing (caissify-pairings, what events use) against
a second, independent implementation of the same edition: pairing-core's ``dutch-2026``
(MIT, a requirements-dev pin). Random events are played to a random round with the service's
own pairing, then that round is paired by both libraries from the same state. Shared by
tests/events/test_dutch_differential.py and bench/dutch_differential.py.

pairing-core's exact search is factorial in a bracket's size (its documented limitation L1:
11 players with a bye took 16 s), so the events are of 4–10 players."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from games.events.pairing.standings import pair_points
from games.events.pairing.swiss_dutch import (
    DUTCH_2026,
    ENGINES,
    board_order,
    floats,
    legal_pairing_exists,
    lower_byes,
    swiss_round,
)
from games.events.pairing.types import Board, Entrants, History


def pairing_core_2026(entrants: Entrants, history: History, total_rounds: int) -> list[tuple[int, ...]]:
    """The round as pairing-core's dutch-2026 pairs it (same shape as swiss_dutch.ENGINES)."""
    from pairing_core.fide2026 import DUTCH_2026 as RULESET
    from pairing_core.fide2026 import P26Player, P26Request, pair_2026

    points, byes, drift = history.points(), history.byes(), floats(history, entrants.players)
    tag = {"up": "U", "down": "D", "none": ""}
    players = []
    for p in entrants.players:
        colours = ""
        opponents = []
        for boards in history.rounds:
            here = "u"
            for b in boards:
                if p in b.seats and not b.bye:
                    i = b.seats.index(p)
                    here = "W" if i == 0 else "B"
                    opponents.append(b.seats[1 - i])
            colours += here
        played = sum(1 for c in colours if c in "WB")
        seen = drift[p]
        players.append(P26Player(
            id=p, tpn=entrants.lot(p), score=points.get(p, 0.0), colors=colours, opponents=tuple(opponents),
            unplayed=len(colours) - played, played=played, got_pab=byes.get(p, 0) > 0,
            last_float=tag[seen[-1]] if seen else "", prev_float=tag[seen[-2]] if len(seen) > 1 else ""))
    rnd = len(history.rounds) + 1
    result = pair_2026(P26Request(players=tuple(players), ruleset=RULESET, round_number=rnd,
                                  total_rounds=max(total_rounds, rnd), is_last_round=rnd >= total_rounds))
    out: list[tuple[int, ...]] = [(pair.white_id, pair.black_id) for pair in result.pairs]
    if result.bye_id is not None:
        out.append((result.bye_id,))
    return out


@dataclass
class Outcome:
    same_pairs: bool  # the service's pairing and pairing-core's: the same games and bye, colours aside
    same_colours: bool  # ... and the same colours
    refused: dict[str, bool]  # a library raised (gave up)
    illegal: dict[str, bool]  # a repeat meeting, a second bye or more byes than one, while a legal pairing exists
    high_bye: dict[str, bool]  # a library's bye above the lowest score a legal pairing allows


def _results(tables, rng: random.Random) -> tuple[Board, ...]:
    out = []
    for t in tables:
        if t.bye:
            out.append(Board(seats=t.seats, points=(1.0,), bye=True))
        else:
            ranks = rng.choice([[1, 2], [2, 1], [1, 1]])
            out.append(Board(seats=t.seats, points=pair_points(ranks)))
    return tuple(out)


def random_state(rng: random.Random, sizes: tuple[int, int] = (4, 10)) -> tuple[Entrants, History, int]:
    """A random event of 4–10 players (``sizes``) played to a random round (by the service's
    pairing)."""
    n = rng.randint(*sizes)
    total = rng.randint(3, min(7, n - 1))
    entrants = Entrants.drawn(list(range(1, n + 1)), rng.randrange(10**6))
    history = History()
    for _ in range(rng.randint(0, total - 1)):
        history = History((*history.rounds, _results(swiss_round(entrants, history, total, DUTCH_2026), rng)))
    return entrants, history, total


def _verdict(seatings, entrants: Entrants, history: History) -> tuple[bool, bool]:
    met, byes, points = history.met(), history.byes(), history.points()
    broken = any(len(s) == 2 and frozenset(s) in met for s in seatings) or any(
        len(s) == 1 and byes.get(s[0], 0) for s in seatings) or sum(
        1 for s in seatings if len(s) == 1) != len(entrants.players) % 2
    illegal = broken and legal_pairing_exists(entrants, history)
    bye = next((s[0] for s in seatings if len(s) == 1), None)
    high = bye is not None and bool(lower_byes(entrants, history, points.get(bye, 0.0), limit=1))
    return illegal, high


def compare(entrants: Entrants, history: History, total: int) -> Outcome:
    got: dict[str, list[tuple[int, ...]] | None] = {}
    def service(entrants: Entrants, history: History, total: int) -> list[tuple[int, ...]]:
        return [t.seats for t in swiss_round(entrants, history, total, DUTCH_2026)]

    for name, engine in (("caissify", ENGINES[DUTCH_2026]), ("pairing-core", pairing_core_2026),
                         ("the service", service)):
        try:
            got[name] = board_order(engine(entrants, history, total), entrants, history)
        except Exception:  # either library's own error: it gave up
            got[name] = None
    refused = {name: seatings is None for name, seatings in got.items()}
    illegal, high = {}, {}
    for name, seatings in got.items():
        illegal[name], high[name] = _verdict(seatings, entrants, history) if seatings else (False, False)
    a, b = got["the service"], got["pairing-core"]
    same_pairs = a is not None and b is not None and {frozenset(s) for s in a} == {frozenset(s) for s in b}
    same_colours = same_pairs and set(a or []) == set(b or [])
    return Outcome(same_pairs, same_colours, refused, illegal, high)


def run(rounds: int, seed: int) -> Counter:
    rng = random.Random(seed)
    counts: Counter = Counter()
    for _ in range(rounds):
        entrants, history, total = random_state(rng)
        o = compare(entrants, history, total)
        counts["rounds"] += 1
        counts["same pairing"] += o.same_pairs
        counts["same pairing and colours"] += o.same_colours
        for name in o.refused:
            counts[f"refused by {name}"] += o.refused[name]
            counts[f"illegal from {name}"] += o.illegal[name]
            counts[f"bye above the lowest legal score from {name}"] += o.high_bye[name]
    return counts
