"""The Dutch pairing (both editions) against bbpPairings, an independent implementation: v6.0.0
pairs by the 2026 rules, v5.0.1 by the 2025 ones. Random events — forfeits, ½- and 0-point byes
players ask for, a pairing-allocated bye worth 1, ½ or 0 — are played to a random round with
the service's pairing; that round's state is written as a TRF (trf.py, plus the requested byes
of the round to pair) and paired by the service and by bbpPairings.

Shared by bench/pairing_reference.py (bbpPairings run live: its binaries' paths from the
command line or BBP_V6 / BBP_V5) and tests/events/test_dutch_differential.py (bbpPairings'
answers stored in tests/data/pairing/, so the suite runs without it: README.md there)."""

from __future__ import annotations

import random
import subprocess
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from games.events.pairing import trf
from games.events.pairing.swiss_dutch import DUTCH_2025, DUTCH_2026, swiss_round
from games.events.pairing.types import (
    FORFEIT,
    HALF_BYE,
    PAIRING_BYE,
    ZERO_BYE,
    Board,
    Entrants,
    History,
)
from games.events.standings import pair_points

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "pairing"
BYE_VALUES = (1.0, 0.5, 0.0)


# --- random events ---------------------------------------------------------------------------

def _results(tables, rng: random.Random, bye_points: float = 1.0, forfeits: float = 0.0) -> tuple[Board, ...]:
    out = []
    for t in tables:
        if t.bye:
            out.append(Board(seats=t.seats, points=(bye_points,), bye=True))
        elif rng.random() < forfeits:
            points = rng.choice([(1.0, 0.0), (0.0, 1.0), (0.0, 0.0)])  # (0, 0): a double forfeit
            out.append(Board(seats=t.seats, points=points, kind=FORFEIT))
        else:
            ranks = rng.choice([[1, 2], [2, 1], [1, 1]])
            out.append(Board(seats=t.seats, points=pair_points(ranks)))
    return tuple(out)


def random_state(rng: random.Random, sizes: tuple[int, int] = (4, 10)) -> tuple[Entrants, History, int]:
    """A random event of 4–10 players (``sizes``) played to a random round (by the service's
    pairing, 2026 edition; games only)."""
    n = rng.randint(*sizes)
    total = rng.randint(3, min(7, n - 1))
    entrants = Entrants.drawn(list(range(1, n + 1)), rng.randrange(10**6))
    history = History()
    for _ in range(rng.randint(0, total - 1)):
        history = History((*history.rounds, _results(swiss_round(entrants, history, total, DUTCH_2026), rng)))
    return entrants, history, total


@dataclass(frozen=True)
class Case:
    """A round to pair: who plays, the rounds before, the event's rounds and bye points, and
    the byes players asked for this round (player: HALF_BYE or ZERO_BYE). Players are numbered
    1… as the TRF numbers them (pairing number = player)."""

    entrants: Entrants
    history: History
    total: int
    bye_points: float
    requested: dict[int, str]
    edition: str


def _requests(rng: random.Random, players: list[int], chance: float) -> dict[int, str]:
    return {p: rng.choice([HALF_BYE, ZERO_BYE]) for p in players if rng.random() < chance}


def random_case(rng: random.Random, edition: str, sizes: tuple[int, int] = (5, 16), bye_points: float | None = None,
                forfeits: float = 0.06, requests: float = 0.06, complete: bool = False, prohibited: int = 0) -> Case:
    """A random event played to a random round (``complete``: every round) by the service's
    pairing of ``edition``, with forfeits and requested byes at the given rates per game and
    per player-round; ``prohibited``: up to that many random pairs never to be paired, from
    the first round."""
    n = rng.randint(*sizes)
    total = rng.randint(3, min(9, n - 1))
    points = rng.choice(BYE_VALUES) if bye_points is None else bye_points
    everyone = list(range(1, n + 1))
    apart = frozenset(frozenset(rng.sample(everyone, 2)) for _ in range(prohibited))
    entrants_all = Entrants(players=tuple(everyone), seed=0, lots={p: p for p in everyone}, prohibited=apart)
    history = History()
    for _ in range(total if complete else rng.randint(0, total - 1)):
        asked = _requests(rng, everyone, requests)
        playing = Entrants(players=tuple(p for p in everyone if p not in asked), seed=0, lots=entrants_all.lots,
                           prohibited=apart)
        tables = swiss_round(playing, history, total, edition, points)
        boards = _results(tables, rng, points, forfeits) + tuple(
            Board(seats=(p,), points=(0.5 if kind == HALF_BYE else 0.0,), bye=True, kind=kind)
            for p, kind in sorted(asked.items()))
        history = History((*history.rounds, boards))
    asked = _requests(rng, everyone, requests)
    playing = Entrants(players=tuple(p for p in everyone if p not in asked), seed=0, lots=entrants_all.lots,
                       prohibited=apart)
    return Case(playing, history, total, points, asked, edition)


def prohibiting_a_game(case: Case, rng: random.Random) -> Case:
    """The case with one more prohibited pair: two players the service would seat together
    in this round without it (the prohibition has to move the pairing)."""
    games = [s for s in service(case) if len(s) == 2]
    if not games:
        return case
    pair = frozenset(rng.choice(games))
    entrants = replace(case.entrants, prohibited=case.entrants.prohibited | {pair})
    return replace(case, entrants=entrants)


# --- the TRF bbpPairings reads, and back ------------------------------------------------------

_CODE = {HALF_BYE: "H", ZERO_BYE: "Z"}


def case_trf(case: Case) -> str:
    """The case as a TRF: the event's (trf.py) and, in the column of the round to pair, the
    byes players asked for (how JaVaFo and bbpPairings take a player out of a round)."""
    everyone = sorted(set(case.entrants.players) | set(case.requested))
    parsed, numbers = trf.build(everyone, case.history, case.total, lots=case.entrants, bye_points=case.bye_points,
                                prohibited=case.entrants.prohibited)
    assert all(numbers[p] == p for p in everyone), "a case numbers its players as the TRF does"
    lines = []
    for line in trf.text(parsed).splitlines():
        if line.startswith("001 "):
            player = int(line[4:8])
            line = line.ljust(91 + 10 * len(case.history.rounds))
            if player in case.requested:
                line += f"0000 - {_CODE[case.requested[player]]}"
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def read_case(text: str, edition: str) -> Case:
    """A case from its TRF (as `case_trf` writes it): the rounds played, the requested byes of
    the round after them, XXR, BBU and the prohibited pairs (XXP)."""
    rows: dict[int, list[tuple[int, str, str]]] = {}
    total, bye_points = 0, 1.0
    apart: set[frozenset[int]] = set()
    for line in text.splitlines():
        if line.startswith("001 "):
            results = line[91:]
            cells = [results[i:i + 10].strip().split() for i in range(0, len(results), 10)]
            rows[int(line[4:8])] = [(int(c[0]), c[1], c[2]) for c in cells if c]
        elif line.startswith("XXR"):
            total = int(line.split()[1])
        elif line.startswith("BBU"):
            bye_points = float(line.split()[1])
        elif line.startswith("XXP"):
            apart.add(frozenset(int(x) for x in line.split()[1:]))
    played = min(len(r) for r in rows.values())
    rounds = []
    for r in range(played):
        boards = []
        for p, row in sorted(rows.items()):
            opponent, colour, code = row[r]
            if opponent == 0:
                kind = {"U": PAIRING_BYE, "H": HALF_BYE, "Z": ZERO_BYE}[code]
                value = {"U": bye_points, "H": 0.5, "Z": 0.0}[code]
                boards.append(Board(seats=(p,), points=(value,), bye=True, kind=kind))
            elif colour == "w":
                theirs = rows[opponent][r][2]
                score = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}
                kind = FORFEIT if code in "+-" else ""
                boards.append(Board(seats=(p, opponent), points=(score[code], score[theirs]), kind=kind))
        rounds.append(tuple(boards))
    requested = {p: {"H": HALF_BYE, "Z": ZERO_BYE}[row[played][2]] for p, row in rows.items() if len(row) > played}
    everyone = sorted(rows)
    entrants = Entrants(players=tuple(p for p in everyone if p not in requested), seed=0,
                        lots={p: p for p in everyone}, prohibited=frozenset(apart))
    return Case(entrants, History(tuple(rounds)), total, bye_points, requested, edition)


def read_pairs(text: str) -> list[tuple[int, ...]]:
    """bbpPairings' output (-p): the number of pairs, then "white black" per line, "player 0"
    for the bye."""
    out: list[tuple[int, ...]] = []
    for line in text.splitlines()[1:]:
        white, black = (int(x) for x in line.split())
        out.append((white,) if black == 0 else (white, black))
    return out


def reference(binary: str, text: str) -> list[tuple[int, ...]] | None:
    """bbpPairings' pairing of the TRF ``text`` (None: it found no valid pairing)."""
    with tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp) / "in.trf", Path(tmp) / "out.txt"
        source.write_text(text)
        done = subprocess.run([binary, "--dutch", str(source), "-p", str(target)], capture_output=True, text=True,
                              check=False)
        if done.returncode == 1:
            return None
        if done.returncode:
            raise RuntimeError(f"bbpPairings exited {done.returncode}: {done.stderr.strip()}")
        return read_pairs(target.read_text())


def checked(binary: str, text: str) -> subprocess.CompletedProcess:
    """bbpPairings' checker (-c) over the TRF: it recomputes every player's points from the
    results and refuses the file if one differs."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.trf"
        source.write_text(text)
        return subprocess.run([binary, "--dutch", str(source), "-c"], capture_output=True, text=True, check=False)


def service(case: Case) -> list[tuple[int, ...]]:
    return [t.seats for t in swiss_round(case.entrants, case.history, case.total, case.edition, case.bye_points)]


@dataclass(frozen=True)
class Verdict:
    same_players: bool  # the same games (colours aside) and the same bye
    same_colours: bool  # ... and who plays white at each


def compare(ours: list[tuple[int, ...]], theirs: list[tuple[int, ...]] | None) -> Verdict:
    if theirs is None:
        return Verdict(False, False)
    same = {frozenset(s) for s in ours} == {frozenset(s) for s in theirs}
    return Verdict(same, same and set(ours) == set(theirs))


EDITION_OF = {"v6": DUTCH_2026, "v5": DUTCH_2025}
