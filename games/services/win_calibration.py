"""A win chance that proves itself (issue 41): the analysis's chances to win checked on the
club's finished games (docs/history.md, "Does the analysis's win chance come true?").

Every finished game of a game type (not a variation) with a finished analysis of its record as
it stands (`games.analysis.service.analysis_digest`; an analysis of moves since edited is left
out) gives, at every position before a move, each player's chance to win as the analysis
estimated it, and whether that player won. Games without a single winner (a shared first
place, or results missing) are left out, as the ratings check leaves them out. The predictions
go into a reliability diagram and its expected calibration error (`imhotep_lib.calibration`).
A game's predictions hang together (every position shares one winner), so the intervals come
from resampling whole games (`imhotep_lib.calibration.spread`, a bootstrap by game from a seeded
generator: the same games give the same intervals), and each bin says how many games it holds:
one of fewer than `MIN_GAMES` games shows no share.

The stored analyses are read through their model only; nothing is analysed here. An answer is
kept in the tables' cache under the history's version and a stamp of the game type's finished
analyses (their number and last change), and worked out within the ratings check's limits
(`games.read_limits`: one at a time per caller; `Busy`, 429, when no slot is free).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from django.core.cache import caches
from django.db.models import Count, Max

from games import read_limits
from games.analysis.models import GameAnalysis
from games.analysis.service import analysis_digest
from games.models import Game
from games.services import history_version
from games.services.records import record_of
from imhotep_lib.calibration import MIN_GAMES, SEED, Bin, BinSpread, Reliability, Spread, reliability, spread

CACHE_SECONDS = 86_400  # the key changes with the history and the analyses; this only frees space
CHUNK = 200  # games read at a time, with their seats, results and moves


@dataclass(frozen=True)
class Calibration:
    game_type: str
    games: int  # games whose analysis was counted
    diagram: Reliability
    spread: Spread  # the bootstrap by game: each bin's games and interval, the ECE's interval

    @property
    def positions(self) -> int:
        """Predictions counted: players × positions before a move, over the games."""
        return self.diagram.count

    @property
    def ece(self) -> float | None:
        return self.diagram.ece

    @property
    def ece_percent(self) -> float | None:
        """The expected calibration error in percentage points (the gap between predicted and
        won, 0–100)."""
        return None if self.ece is None else self.ece * 100

    @property
    def ece_interval(self) -> tuple[float, float] | None:
        """The ECE's 95 % interval from resampling whole games (0–1)."""
        return self.spread.ece_interval

    @property
    def ece_interval_percent(self) -> tuple[float, float] | None:
        """`ece_interval` in percentage points."""
        return None if self.ece_interval is None else (self.ece_interval[0] * 100, self.ece_interval[1] * 100)

    @property
    def min_games(self) -> int:
        return MIN_GAMES

    @property
    def rows(self) -> list[BinRow]:
        return [BinRow(b, s) for b, s in zip(self.diagram.bins, self.spread.bins, strict=True)]


@dataclass(frozen=True)
class BinRow:
    """A bin of the diagram with its number of games and the 95 % interval of its observed share
    from resampling whole games."""

    bin: Bin
    by_game: BinSpread

    @property
    def games(self) -> int:
        """Games with at least one chance in this bin."""
        return self.by_game.games

    @property
    def enough(self) -> bool:
        """Whether the bin holds chances of at least `MIN_GAMES` games: fewer show no share."""
        return self.by_game.games >= MIN_GAMES

    @property
    def low(self) -> float:
        return self.bin.low

    @property
    def high(self) -> float:
        return self.bin.high

    @property
    def count(self) -> int:
        return self.bin.count

    @property
    def mean_predicted(self) -> float | None:
        return self.bin.mean_predicted

    @property
    def observed(self) -> float | None:
        return self.bin.observed

    @property
    def interval(self) -> tuple[float, float] | None:
        """The observed share's 95 % interval over the resamples of whole games."""
        return self.by_game.interval


def predictions(game_type: str) -> list[list[tuple[float, bool]]]:
    """Per game counted, the (chance, won) pairs of every player at every position before a move."""
    games: list[list[tuple[float, bool]]] = []
    for game, probabilities in _analysed(game_type):
        seats = list(game.seats.all())
        winners = [bool(getattr(seat, "result", None) and seat.result.winner) for seat in seats]
        if any(getattr(seat, "result", None) is None for seat in seats) or sum(winners) != 1:
            continue  # no single winner: nothing to check a chance to win against
        pairs: list[tuple[float, bool]] = []
        for row in probabilities[:-1]:  # the last position is after the last move: the game is over
            pairs.extend((min(1.0, max(0.0, float(chance))), winners[seat])
                         for seat, chance in enumerate(row[:len(seats)]))
        games.append(pairs)
    return games


def _analysed(game_type: str) -> Iterator[tuple[Game, list[list[float]]]]:
    """Each finished game of ``game_type`` with a finished analysis of its record as it stands,
    and that analysis's chances (the newest analysis version first)."""
    done = GameAnalysis.objects.filter(status=GameAnalysis.Status.DONE)
    games = (Game.objects.filter(game_type=game_type, status=Game.Status.FINISHED, parent__isnull=True,
                                 pk__in=done.values("game_id"))
             .order_by("pk").prefetch_related("seats__player", "seats__result", "moves"))
    chunk: list[Game] = []
    for game in games.iterator(chunk_size=CHUNK):
        chunk.append(game)
        if len(chunk) == CHUNK:
            yield from _matched(chunk, done)
            chunk = []
    yield from _matched(chunk, done)


def _matched(chunk: list[Game], done) -> Iterator[tuple[Game, list[list[float]]]]:
    if not chunk:
        return
    stored: dict[int, list[tuple[str, list[list[float]]]]] = {}
    for game_id, digest, probabilities in (done.filter(game__in=chunk).order_by("-analysis_version", "-updated_at")
                                           .values_list("game_id", "record_hash", "probabilities")):
        stored.setdefault(game_id, []).append((digest, probabilities))
    for game in chunk:
        digest = analysis_digest(record_of(game))
        found = next((p for d, p in stored.get(game.pk, ()) if d == digest and p), None)
        if found:
            yield game, found


def calibration(game_type: str) -> Calibration:
    """The check of ``game_type``'s stored analyses (worked out now)."""
    games = predictions(game_type)
    return Calibration(game_type, len(games), reliability(pair for pairs in games for pair in pairs),
                       spread(games, random.Random(SEED)))


def cached_calibration(game_type: str, caller: read_limits.Caller | None = None) -> Calibration:
    """`calibration`, kept under the history's version and the analyses' stamp; one not kept is
    worked out within ``caller``'s limits (`read_limits.computing`, the ratings check's kind)."""
    stamp = GameAnalysis.objects.filter(status=GameAnalysis.Status.DONE, game__game_type=game_type).aggregate(
        n=Count("pk"), last=Max("updated_at"))
    # "2": the answer holds the intervals by game since issue 54; an answer kept before has none.
    key = (f"imhotep:win-calibration:2:{history_version.current()}:{game_type}:{stamp['n']}:"
           f"{stamp['last'].timestamp() if stamp['last'] else 0}")
    cache = caches[history_version.tables_cache()]
    answer = cache.get(key)
    if answer is None:
        with read_limits.computing("ratings-check", caller):
            answer = calibration(game_type)
        cache.set(key, answer, CACHE_SECONDS)
    return answer
