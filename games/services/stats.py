"""Read-only figures: a player's record and the standings. Both read stored results and the
stored rating history; nothing here rescores or rerates a game."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Exists, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from games import registered_games
from games.models import Game, Player, Rating, Seat


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    points: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def average(self) -> float | None:
        return self.points / self.games if self.games else None

    def add(self, won: bool, points: int = 0) -> None:
        self.games += 1
        self.wins += won
        self.points += points


@dataclass
class Average:
    count: int = 0
    total: int = 0

    @property
    def value(self) -> float | None:
        return self.total / self.count if self.count else None

    def add(self, points: int) -> None:
        self.count += 1
        self.total += points


@dataclass
class GameTypeStats:
    """A player's figures in one game type."""

    game_type: str
    name: str
    overall: Tally = field(default_factory=Tally)
    # seat order (0 = first seat, who starts) → tally
    by_seat: dict[int, Tally] = field(default_factory=lambda: defaultdict(Tally))
    # breakdown key → average points
    per_monument: dict[str, Average] = field(default_factory=dict)
    # monument → side → average points on that monument when played with that side
    by_side: dict[str, dict[str, Average]] = field(default_factory=dict)
    # number of players at the table → average total
    by_players: dict[int, Average] = field(default_factory=lambda: defaultdict(Average))

    def player_counts(self) -> list[tuple[int, Average]]:
        return sorted(self.by_players.items())

    def seats(self) -> list[tuple[int, Tally]]:
        return sorted(self.by_seat.items())

    def sides_table(self) -> list[tuple[str, list[tuple[str, Average]]]]:
        sides = sorted({s for per in self.by_side.values() for s in per})
        return [(m, [(s, per.get(s, Average())) for s in sides]) for m, per in self.by_side.items()]

    def side_names(self) -> list[str]:
        return sorted({s for per in self.by_side.values() for s in per})


@dataclass
class PlayerStats:
    games: int  # every game the player sat at, finished or not
    finished: int
    wins: int
    by_type: list[GameTypeStats]

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None


def player_stats(player: Player) -> PlayerStats:
    """Games, wins, win rate, average per monument, A- vs B-side results per monument and
    first- vs second-seat results, per game type (two queries)."""
    # The club's history only: a what-if variation or a game against the bot is nobody's result.
    games = Seat.objects.filter(player=player, game__parent__isnull=True, game__bot_level__isnull=True).count()
    rows = (
        Seat.objects.filter(player=player, game__status=Game.Status.FINISHED, result__isnull=False,
                            game__parent__isnull=True, game__bot_level__isnull=True)
        .order_by("game__game_type")
        .annotate(players=Count("game__seats"))
        .values_list(
            "game__game_type",
            "game__sides",
            "order",
            "result__winner",
            "result__total",
            "result__breakdown",
            "players",
        )
    )
    by_type: dict[str, GameTypeStats] = {}
    for game_type, sides, order, winner, total, breakdown, players in rows.iterator(chunk_size=2000):
        stats = by_type.get(game_type)
        if stats is None:
            stats = by_type[game_type] = GameTypeStats(game_type, registered_games.game_name(game_type))
        stats.overall.add(winner, total)
        stats.by_seat[order].add(winner, total)
        stats.by_players[players].add(total)
        for key, points in (breakdown or {}).items():
            stats.per_monument.setdefault(key, Average()).add(points)
            # Breakdown keys use underscores, site ids dashes (the base game's burial_chamber).
            side = (sides or {}).get(key) or (sides or {}).get(key.replace("_", "-"))
            if side is not None:
                stats.by_side.setdefault(key, {}).setdefault(side, Average()).add(points)
    finished = sum(s.overall.games for s in by_type.values())
    wins = sum(s.overall.wins for s in by_type.values())
    return PlayerStats(games, finished, wins, sorted(by_type.values(), key=lambda s: s.game_type))


def rating_history(player: Player) -> dict[str, list[Rating]]:
    """The player's rating after each rated game, per game type, oldest first (one query)."""
    out: dict[str, list[Rating]] = defaultdict(list)
    for rating in Rating.objects.filter(player=player).order_by("game_type", "played_on", "game_id"):
        out[rating.game_type].append(rating)
    return dict(out)


def standings(game_type: str) -> QuerySet[Player]:
    """Players rated in ``game_type``, best first: their latest rating (ordinal, mu, sigma),
    rated games and wins, in ONE query whatever the number of games. Everything comes from
    the rating history (index games_rating_latest_idx), not from the games and results."""
    history = Rating.objects.filter(game_type=game_type, player=OuterRef("pk"))
    latest = history.order_by("-played_on", "-game_id")
    counts = history.order_by().values("player")
    return (
        Player.objects.filter(Exists(history))
        .annotate(
            ordinal=Subquery(latest.values("ordinal")[:1]),
            mu=Subquery(latest.values("mu")[:1]),
            sigma=Subquery(latest.values("sigma")[:1]),
            rated_games=Subquery(counts.annotate(n=Count("pk")).values("n"), output_field=IntegerField()),
            wins=Coalesce(
                Subquery(counts.filter(won=True).annotate(n=Count("pk")).values("n"), output_field=IntegerField()),
                Value(0),
            ),
        )
        .order_by("-ordinal", "name_key")
    )


def shown_rating(ordinal: float | None) -> float | None:
    """The rating players see: the conservative μ − 3σ, floored at 0 (a new player starts at
    0 and only climbs as results show their strength; a raw negative number reads as a
    penalty to players, so it is never shown)."""
    return None if ordinal is None else max(0.0, ordinal)


@dataclass(frozen=True)
class Standings:
    ranked: list[Player]  # enough rated games, best first
    provisional: list[Player]  # fewer rated games than the minimum, most games first
    min_games: int


def standings_table(game_type: str, min_games: int) -> Standings:
    """Standings with a minimum of rated games before a player is ranked, so one lucky game
    does not put a newcomer above the regulars."""
    ranked: list[Any] = []  # Players annotated by standings() with their rating figures
    provisional: list[Any] = []
    row: Any
    for row in standings(game_type):
        row.rating = shown_rating(row.ordinal)
        (ranked if row.rated_games >= min_games else provisional).append(row)
    provisional.sort(key=lambda p: (-p.rated_games, p.name_key))
    return Standings(ranked, provisional, min_games)


def most_played_game_type() -> str | None:
    """The game type with the most finished games, for the standings' first tab."""
    top = (
        Game.objects.filter(status=Game.Status.FINISHED, parent__isnull=True, bot_level__isnull=True)
        .values("game_type")
        .annotate(n=Count("pk"))
        .order_by("-n", "game_type")
        .first()
    )
    return top["game_type"] if top else None


# Variations (issue 39) and games against the bot are not the club's games.
_HISTORY = Q(seats__game__parent__isnull=True, seats__game__bot_level__isnull=True)


def players_with_counts() -> QuerySet[Player]:
    """Every player with their number of games and wins (one query)."""
    return Player.objects.annotate(
        games=Count("seats", filter=_HISTORY, distinct=True),
        wins=Count("seats", filter=_HISTORY & Q(seats__result__winner=True), distinct=True),
    ).order_by("name_key")


def club_players(players: QuerySet[Player] | None = None) -> QuerySet[Player]:
    """``players`` (default: all) less those seen only outside the club's history: the bot's
    seats ("Bot 1") and anyone who has played only variations or games against the bot. A
    player who has not played yet stays (the club added them)."""
    players = Player.objects.all() if players is None else players
    return players.annotate(
        _history=Count("seats", filter=_HISTORY, distinct=True), _seats=Count("seats", distinct=True),
    ).filter(Q(_history__gt=0) | Q(_seats=0))


def rated_game_choices() -> list[tuple[str, str]]:
    """(id, name) of the standings' and the ratings check's tabs: every registered game, then
    any rated game type no longer registered (named by its id)."""
    types = registered_games.game_types()
    known = {gt for gt, _ in types}
    return types + [(gt, gt) for gt in rated_game_types() if gt not in known]


def rated_game_types() -> list[str]:
    return list(Rating.objects.order_by("game_type").values_list("game_type", flat=True).distinct())
