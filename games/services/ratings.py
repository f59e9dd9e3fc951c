"""OpenSkill ratings, one ladder per game type (Plackett-Luce for 2-player games,
Bradley-Terry for games of more players, where shared places happen).

Games are rated in the order (date played, game id). Each rated game stores every seated
player's rating after it (`Rating` rows), so the standings and the rating chart only read.
Adding, editing or deleting a game that is not the newest changes everything after it, so
`rebuild_from` deletes the history from that game on and replays the ratings forward from
the last stored ratings before it.
"""

from __future__ import annotations

import datetime
import zlib
from functools import cache
from itertools import groupby

from django.db import connection, transaction
from django.db.models import OuterRef, Q, Subquery

from games.models import Game, Player, Rating, RatingsBacklog, Seat
from games.services import history_version

BATCH = 1000
LOCK_NAMESPACE = 5_105  # first key of our advisory locks (pg_advisory_xact_lock(int, int))


@cache
def model_for(game_type: str):
    """The rating model of a game type, OpenSkill with its defaults (mu 25, sigma 25/3;
    ordinal = mu − 3·sigma starts at 0); one instance per type so a type could be tuned alone.

    Two-player games use Plackett-Luce. Games of more players use Bradley-Terry (full pairing):
    OpenSkill 6's Plackett-Luce mishandles a shared place among more than two — after ranks
    [1, 1, 3, 4] the third player gets the winners' mu with a smaller sigma, so a higher
    rating than the winners (tests/games/test_ratings_model.py)."""
    from openskill.models import BradleyTerryFull, PlackettLuce

    from rules_engine.registry import default_registry as registry

    game = registry().games.get(game_type)
    if game is not None and game.max_players > 2:
        return BradleyTerryFull()
    return PlackettLuce()


def model_name(game_type: str) -> str:
    """The rating model of ``game_type`` for people, e.g. "Plackett-Luce"."""
    name = type(model_for(game_type)).__name__
    return {"PlackettLuce": "Plackett-Luce", "BradleyTerryFull": "Bradley-Terry"}.get(name, name)


def rate_from(game: Game) -> int:
    """Rebuild the ratings of ``game``'s type from ``game`` on (the usual case, a new game
    that is the newest, rates just that game)."""
    return rebuild_from(game.game_type, game.played_on, game.pk)


def rebuild_from(game_type: str, played_on: datetime.date, game_id: int) -> int:
    """Delete the rating history of ``game_type`` from (played_on, game_id) on and compute
    it again from the stored ratings before that point. Returns the number of games rated."""
    at_or_after = Q(played_on__gt=played_on) | Q(played_on=played_on, game_id__gte=game_id)
    game_at_or_after = Q(game__played_on__gt=played_on) | Q(game__played_on=played_on, game_id__gte=game_id)
    with transaction.atomic():
        _lock(game_type)
        Rating.objects.filter(game_type=game_type).filter(at_or_after).delete()
        seats = list(
            Seat.objects.filter(game__game_type=game_type, game__status=Game.Status.FINISHED, game__parent=None,
                                game__bot_level=None)
            .filter(game_at_or_after)
            .order_by("game__played_on", "game_id", "order")
            .values_list("game_id", "game__played_on", "player_id", "result__rank", "result__winner")
        )
        if not seats:
            return 0
        current = _latest_ratings(game_type, {s[2] for s in seats})
        return _rate(game_type, seats, current)


def mark_stale(game: Game) -> None:
    """Note, in the caller's transaction (the one storing ``game``), that the ratings of
    ``game``'s type are out of date from ``game`` on: stored together, so no crash can leave a
    stored game unrated for good. `catch_up` rates and clears."""
    played_on, game_id = game.sort_key
    with transaction.atomic():
        mark, created = RatingsBacklog.objects.select_for_update().get_or_create(
            game_type=game.game_type, defaults={"played_on": played_on, "game_id": game_id}
        )
        if not created and (played_on, game_id) < (mark.played_on, mark.game_id):
            mark.played_on, mark.game_id = played_on, game_id
            mark.save(update_fields=["played_on", "game_id"])


def catch_up() -> int:
    """Rate every game `mark_stale` noted and clear the marks; returns the games rated. The mark
    is cleared in the rebuild's transaction, and a game stored meanwhile waits for the mark's
    lock, then marks again: nothing is cleared unrated."""
    rated = 0
    for game_type in list(RatingsBacklog.objects.order_by("game_type").values_list("game_type", flat=True)):
        with transaction.atomic():
            mark = RatingsBacklog.objects.select_for_update().filter(game_type=game_type).first()
            if mark is None:
                continue  # another worker caught up first
            rated += rebuild_from(game_type, mark.played_on, mark.game_id)
            mark.delete()
    return rated


def rebuild_all(game_type: str | None = None) -> int:
    """Recompute every rating (of one game type, or of all)."""
    types = (
        [game_type]
        if game_type
        else list(Game.objects.order_by().values_list("game_type", flat=True).distinct())
    )
    rated = 0
    for gt in types:
        Rating.objects.filter(game_type=gt).delete()
        rated += rebuild_from(gt, datetime.date.min, 0)
    return rated


def _lock(game_type: str) -> None:
    """One rebuild of a game type at a time, until the caller's transaction ends: two imports
    committing at once must not both rewrite the same history. SQLite serialises writers by
    itself; PostgreSQL gets a transaction-scoped advisory lock."""
    if connection.vendor == "postgresql":
        key = zlib.crc32(game_type.encode()) >> 1  # fits PostgreSQL's int4
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_NAMESPACE, key])


def _latest_ratings(game_type: str, player_ids: set[int]) -> dict[int, tuple[float, float]]:
    """Each player's (mu, sigma) after their last rated game still stored (one query)."""
    latest = Rating.objects.filter(game_type=game_type, player=OuterRef("pk")).order_by(
        "-played_on", "-game_id"
    )
    rows = (
        Player.objects.filter(pk__in=player_ids)
        .annotate(mu=Subquery(latest.values("mu")[:1]), sigma=Subquery(latest.values("sigma")[:1]))
        .filter(mu__isnull=False)
        .values_list("pk", "mu", "sigma")
    )
    return {pk: (mu, sigma) for pk, mu, sigma in rows}


def _rate(game_type: str, seats: list[tuple], current: dict[int, tuple[float, float]]) -> int:
    model = model_for(game_type)
    pending: list[Rating] = []
    games = 0
    for (game_id, played_on), rows in groupby(seats, key=lambda s: (s[0], s[1])):
        rows = list(rows)
        if len(rows) < 2 or any(rank is None for _, _, _, rank, _ in rows):
            continue  # nothing to learn from a game without opponents or results
        teams = [[model.rating(*current[pid]) if pid in current else model.rating()] for _, _, pid, _, _ in rows]
        rated = model.rate(teams, ranks=[rank for _, _, _, rank, _ in rows])
        for (_, _, pid, _, won), (r,) in zip(rows, rated, strict=True):
            current[pid] = (r.mu, r.sigma)
            pending.append(
                Rating(
                    player_id=pid,
                    game_id=game_id,
                    game_type=game_type,
                    played_on=played_on,
                    mu=r.mu,
                    sigma=r.sigma,
                    ordinal=r.ordinal(),
                    won=won,
                )
            )
        games += 1
        if len(pending) >= BATCH:
            Rating.objects.bulk_create(pending)
            pending = []
    Rating.objects.bulk_create(pending)
    history_version.changed()  # bulk writes send no signals; the standings show these ratings
    return games
