"""Ratings that prove themselves (issue 33): replay a game type's rated history in date order
and score how well each rating system would have predicted every game *before* it was played.

Each system is a small predictor object (`System`): ``predict`` gives every seated player's
probability of winning the game about to be played, from what the system has learnt so far;
``learn`` then shows it the result. `SYSTEMS` lists the ones the page compares; a test can
pass its own (an "oracle") to `check` or `score_history`.

Measures (docs/history.md, "Do the ratings predict anything?"):

- **log loss**: the mean over scored games of −ln p, p being the probability the system gave
  the player who actually won (natural log; p is kept above 1e-15 so a certain but wrong
  system scores about 34.5, not infinity). Lower is better; equal chances for two players
  score ln 2 ≈ 0.693.
- **accuracy**: the share of scored games whose winner was the system's favourite (the
  player it gave the highest probability). When k players share the highest probability
  and the winner is one of them, the game counts 1/k: the chance of guessing right by
  picking one of them at random.
- A game with a **shared first place** (equal best ranks) is not scored: no system here
  predicts a shared win. Every system still learns from it (as a draw for Elo), and the
  number of such games is reported.

Games are those the ratings use (`games.services.ratings`): finished, not a variation,
every seat with a result, at least two seats, in the order (date played, game id).
"""

from __future__ import annotations

import datetime
import math
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any, Protocol

from django.core.cache import caches
from django.utils.translation import gettext_lazy as _

from games import read_limits
from games.models import Game, Seat
from games.services import history_version
from games.services.ratings import model_for
from imhotep_lib.slots import Busy, slot
from rules_engine.messages import msg

#: A probability is kept at least this far from 0 before its log is taken (as scikit-learn's
#: log_loss does): one confident miss then weighs about 34.5, not infinity.
EPSILON = 1e-15
#: A difference in log loss counts as clear when it is more than this many standard errors.
CLEAR = 2.0
CACHE_SECONDS = 86_400  # the keys change with the history's version; this only frees space
#: Seconds a reader waits for a check another process is working out when none was kept before.
WAIT_SECONDS = 2.0


@dataclass(frozen=True)
class Table:
    """A game as a system sees it before it is played: who sits down, in seat order."""

    game_id: int
    played_on: datetime.date
    players: tuple[int, ...]


@dataclass(frozen=True)
class Played:
    table: Table
    ranks: tuple[int, ...]  # per seat, 1 = first; equal ranks are shared places

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats (indexes) that came first."""
        best = min(self.ranks)
        return tuple(i for i, rank in enumerate(self.ranks) if rank == best)


class System(Protocol):
    key: str  # stable id for the API
    name: Any  # for people (a lazy translation)
    two_player_only: bool

    def predict(self, table: Table) -> Sequence[float]:
        """Each seat's probability of winning, summing to 1."""

    def learn(self, played: Played) -> None:
        """Take the game's result into account."""


class OpenSkillSystem:
    """The ratings the club sees: the game type's OpenSkill model (`ratings.model_for`), from
    its default rating, updated game by game as the stored ratings are. ``predict_win`` is
    OpenSkill's probability that each player finishes first."""

    key = "openskill"
    name = _("OpenSkill ratings (in use)")
    two_player_only = False

    def __init__(self, game_type: str) -> None:
        self.model = model_for(game_type)
        self.ratings: dict[int, Any] = {}

    def _teams(self, table: Table) -> list[list[Any]]:
        return [[self.ratings.get(pid) or self.model.rating()] for pid in table.players]

    def predict(self, table: Table) -> list[float]:
        return list(self.model.predict_win(self._teams(table)))

    def learn(self, played: Played) -> None:
        rated = self.model.rate(self._teams(played.table), ranks=list(played.ranks))
        for pid, (rating,) in zip(played.table.players, rated, strict=True):
            self.ratings[pid] = rating


def elo_expected(rating: float, opponent: float) -> float:
    """Elo's expected score of a player rated ``rating`` against ``opponent``:
    E = 1 / (1 + 10^((R_opponent − R) / 400)) (Elo, *The Rating of Chessplayers*, 1978; the
    logistic form FIDE and most clubs use). Here it is the probability of winning."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


class EloSystem:
    """Plain Elo for two-player games: everyone starts at 1500, after each game
    R' = R + K·(S − E) with K = 32 and S = 1 for a win, 0 for a loss, ½ for a shared first
    place. It neither predicts nor learns from games of other sizes (docs/decisions.md)."""

    key = "elo"
    name = _("Elo (two-player games only)")
    two_player_only = True
    START = 1500.0
    K = 32.0

    def __init__(self, game_type: str) -> None:
        self.ratings: dict[int, float] = defaultdict(lambda: self.START)

    def predict(self, table: Table) -> list[float]:
        a, b = (self.ratings[pid] for pid in table.players)
        expected = elo_expected(a, b)
        return [expected, 1.0 - expected]

    def learn(self, played: Played) -> None:
        if len(played.table.players) != 2:
            return
        a, b = played.table.players
        expected = elo_expected(self.ratings[a], self.ratings[b])
        winners = played.winners
        score = 0.5 if len(winners) == 2 else (1.0 if winners == (0,) else 0.0)
        self.ratings[a] += self.K * (score - expected)
        self.ratings[b] -= self.K * (score - expected)


class WinCountSystem:
    """"The player with more wins so far", made a probability: each player's win share
    smoothed by Laplace's rule for a table of n players, w = (wins + 1) / (games + n) (a
    newcomer starts at the fair 1/n), and P(player wins) = w / Σ w over the table. A shared
    first place is a win for each who shared it."""

    key = "wins"
    name = _("Most wins so far")
    two_player_only = False

    def __init__(self, game_type: str) -> None:
        self.wins: dict[int, int] = defaultdict(int)
        self.games: dict[int, int] = defaultdict(int)

    def predict(self, table: Table) -> list[float]:
        n = len(table.players)
        shares = [(self.wins[pid] + 1) / (self.games[pid] + n) for pid in table.players]
        total = sum(shares)
        return [share / total for share in shares]

    def learn(self, played: Played) -> None:
        winners = played.winners
        for seat, pid in enumerate(played.table.players):
            self.games[pid] += 1
            self.wins[pid] += seat in winners


class EqualChancesSystem:
    """The yardstick: every player at the table is as likely to win (1/n). A system that does
    not beat it has learnt nothing yet."""

    key = "equal"
    name = _("Equal chances (yardstick)")
    two_player_only = False

    def __init__(self, game_type: str) -> None:
        pass

    def predict(self, table: Table) -> list[float]:
        return [1.0 / len(table.players)] * len(table.players)

    def learn(self, played: Played) -> None:
        pass


#: The systems compared, the ratings in use first: every other is compared with it.
SYSTEMS: tuple[Callable[[str], System], ...] = (OpenSkillSystem, EloSystem, WinCountSystem, EqualChancesSystem)


@dataclass
class Score:
    key: str
    name: Any
    two_player_only: bool
    games: int = 0  # games scored
    log_loss: float | None = None
    log_loss_se: float | None = None  # standard error of the mean log loss
    accuracy: float | None = None
    rank: int | None = None  # by log loss, 1 = best; None when it scored no game
    # Against the first system (the ratings in use), over the games both scored: the mean of
    # (this system's loss − the first's) and its standard error; positive = the first did better.
    difference: float | None = None
    difference_se: float | None = None
    losses: dict[int, float] = field(default_factory=dict, repr=False)  # game id → −ln p

    @property
    def against_ratings(self) -> str | None:
        """"better" or "worse" than the ratings in use when the difference is clear,
        "unclear" when it is not, None for the ratings themselves or without common games."""
        if self.difference is None:
            return None
        if not self.clear:
            return "unclear"
        return "worse" if self.difference > 0 else "better"

    @property
    def clear(self) -> bool:
        """Whether the difference with the ratings in use is beyond chance (> 2 SE)."""
        return (
            self.difference is not None
            and self.difference_se is not None
            and abs(self.difference) > CLEAR * self.difference_se
        )


@dataclass
class Check:
    game_type: str
    games: int  # rated games replayed
    shared_wins: int  # of them, games with a shared first place (not scored)
    systems: list[Score]  # best first

    @property
    def scored(self) -> int:
        return self.games - self.shared_wins

    def system(self, key: str) -> Score | None:
        return next((s for s in self.systems if s.key == key), None)

    @property
    def ratings(self) -> Score | None:
        return self.system(OpenSkillSystem.key)

    @property
    def against_chance(self) -> str | None:
        """How the ratings in use did against equal chances (see `Score.against_ratings`,
        turned round: "better" = the ratings predicted better)."""
        return _turned(self.system(EqualChancesSystem.key))

    @property
    def against_wins(self) -> str | None:
        """How the ratings in use did against the win count ("better" = the ratings)."""
        return _turned(self.system(WinCountSystem.key))


def _turned(score: Score | None) -> str | None:
    verdict = score.against_ratings if score else None
    return {"worse": "better", "better": "worse"}.get(verdict or "", verdict)


def log_loss(probability: float) -> float:
    return -math.log(max(probability, EPSILON))


def hit(predicted: Sequence[float], winner: int) -> float:
    """1 when ``winner`` was the favourite, 1/k when k players shared the highest probability
    and the winner was one of them, else 0."""
    best = max(predicted)
    favourites = [i for i, p in enumerate(predicted) if math.isclose(p, best, rel_tol=1e-12, abs_tol=1e-15)]
    return 1.0 / len(favourites) if winner in favourites else 0.0


def _mean_se(values: Sequence[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else None
    return mean, se


def score_history(history: Iterable[Played], systems: Sequence[Callable[[str], System]] = SYSTEMS,
                  game_type: str = "") -> Check:
    """Replay ``history`` (in the order given) through fresh instances of ``systems``."""
    live = [make(game_type) for make in systems]
    scores = [Score(s.key, s.name, s.two_player_only) for s in live]
    hits: list[list[float]] = [[] for _ in live]
    games = shared = 0
    for played in history:
        games += 1
        size = len(played.table.players)
        winners = played.winners
        if len(winners) > 1:
            shared += 1
        for system, score, system_hits in zip(live, scores, hits, strict=True):
            if system.two_player_only and size != 2:
                continue
            if len(winners) == 1:
                predicted = system.predict(played.table)
                score.losses[played.table.game_id] = log_loss(predicted[winners[0]])
                system_hits.append(hit(predicted, winners[0]))
            system.learn(played)
    for score, system_hits in zip(scores, hits, strict=True):
        score.games = len(system_hits)
        score.log_loss, score.log_loss_se = _mean_se(list(score.losses.values()))
        score.accuracy = statistics.fmean(system_hits) if system_hits else None
    if scores:
        first = scores[0]
        for score in scores[1:]:
            both = [gid for gid in score.losses if gid in first.losses]
            score.difference, score.difference_se = _mean_se([score.losses[g] - first.losses[g] for g in both])
    ranked = sorted((s for s in scores if s.log_loss is not None), key=lambda s: (s.log_loss, -(s.accuracy or 0)))
    for rank, score in enumerate(ranked, start=1):
        score.rank = rank
    ordered = ranked + [s for s in scores if s.log_loss is None]
    for score in ordered:
        score.losses = {}  # only needed for the differences; not kept in the cache
    return Check(game_type, games, shared, ordered)


def rated_history(game_type: str) -> Iterator[Played]:
    """The games the ratings use, oldest first (one query, streamed)."""
    seats = (
        Seat.objects.filter(game__game_type=game_type, game__status=Game.Status.FINISHED, game__parent=None,
                            game__bot_level=None)
        .order_by("game__played_on", "game_id", "order")
        .values_list("game_id", "game__played_on", "player_id", "result__rank")
        .iterator(chunk_size=4000)
    )
    for (game_id, played_on), group in groupby(seats, key=lambda s: (s[0], s[1])):
        rows = list(group)
        if len(rows) < 2 or any(rank is None for *_, rank in rows):
            continue  # as the ratings: nothing to learn without opponents or results
        yield Played(Table(game_id, played_on, tuple(r[2] for r in rows)), tuple(r[3] for r in rows))


def check(game_type: str, systems: Sequence[Callable[[str], System]] = SYSTEMS) -> Check:
    """Score ``systems`` on ``game_type``'s rated history (computed now)."""
    return score_history(rated_history(game_type), systems, game_type)


def cached_check(game_type: str, caller: read_limits.Caller | None = None) -> Check:
    """`check` with the default systems, kept in the shared cache under the history's version
    (docs/operations.md, "Caching"): computed once per change of the history. It is one of the
    tables (`history_version.tables_cache`): a benchmark run without them computes it each time.

    Single flight (issue 38): one process at a time works a game type's check out (a slot of
    the shared cache), within ``caller``'s limits (`read_limits.computing`). Meanwhile the
    others answer the check of the history before (kept under ``…:latest``), or wait up to
    `WAIT_SECONDS` for the new one when there is none, then raise `Busy` (429)."""
    cache = caches[history_version.tables_cache()]
    key = f"imhotep:ratings-check:{history_version.current()}:{game_type}"
    latest = f"imhotep:ratings-check:latest:{game_type}"
    result = cache.get(key)
    if result is not None:
        return result
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        with slot(f"ratings-check-flight:{game_type}", 1, hold=read_limits.HOLD_SECONDS) as ours:
            if ours:
                result = cache.get(key)  # worked out by the process that held the flight
                if result is None:
                    with read_limits.computing("ratings-check", caller):
                        result = check(game_type)
                    cache.set(key, result, CACHE_SECONDS)
                    cache.set(latest, result, CACHE_SECONDS)
                return result
        before = cache.get(latest)
        if before is not None:
            return before
        if time.monotonic() >= deadline:
            raise Busy(msg("this table is being worked out for other readers; try again in {seconds} seconds",
                           seconds=read_limits.RETRY_SECONDS), retry_after=read_limits.RETRY_SECONDS)
        time.sleep(0.1)
        result = cache.get(key)
        if result is not None:
            return result
