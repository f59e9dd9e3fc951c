"""What the club history derives from a stored game: its results (always from the engine:
formats.md F2, a recorded game's results come from replaying its moves; the record: records.py)
and the rows written per seat."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from games import registered_games
from games.boarddata import registry_for
from games.models import Game, Result, Seat
from games.services.changes import results_changed
from games.services.records import record_of
from rules_engine import ENGINE_VERSION
from rules_engine.errors import RulesError, UnknownGameError, joined_parts
from rules_engine.messages import msg


def recompute_results(game: Game, replay=None) -> Game:
    """Derive a stored game's results again with the current engine (after an engine fix, or
    after the admin fixed a seat) and rebuild the ratings from it on. ``replay``: the game's
    replay when the caller has just made it (a live move), so it is not replayed again.
    Raises RulesError when the current engine no longer accepts the game, or
    UnknownGameError naming the plugin that is missing."""
    # Version drift is allowed (an engine fix is why one rescores); a missing plugin is not.
    missing = registry_for(game).missing(game.game_type, game.variants, {})
    if missing:
        what = joined_parts(missing)
        raise UnknownGameError(msg("cannot rescore game {game}: {missing}", game=game.pk, missing=what))
    if game.has_moves:
        replay = replay or registry_for(game).replay(record_of(game), states=False)
        score = replay.score().to_json() if replay.finished else None
    else:
        score = registry_for(game).score(game.board).to_json()
    with transaction.atomic():
        seats = list(game.seats.order_by("order"))
        Result.objects.filter(seat__game=game).delete()
        if score is not None:
            store_results(seats, score)
        game.status = Game.Status.FINISHED if score is not None else Game.Status.IN_PROGRESS
        game.engine_version = ENGINE_VERSION
        game.plugin_versions = registered_games.versions(game.game_type, game.variants)
        game.save(update_fields=["status", "engine_version", "plugin_versions", "updated_at"])
        results_changed(game)
    return game


def result_rows(score: Mapping) -> list[dict]:
    """Per seat: total, breakdown, rank, winner, tie_broken, from an engine score result.

    Duel results (F1) name one ``winner`` and ``tie_broken`` (D7.6); base-game results (F3)
    carry ``rank`` per player and ``winners`` (a shared win is possible) and
    ``tie_broken_by_sled``."""
    players = score["players"]
    winners = set(score["winners"]) if "winners" in score else {score["winner"]}
    if all("rank" in p for p in players):
        ranks = [int(p["rank"]) for p in players]
    else:
        # Winners first; the others by total, equal totals sharing a rank.
        ranks = [
            1
            if i in winners
            else 1
            + len(winners)
            + sum(1 for j, q in enumerate(players) if j not in winners and q["total"] > p["total"])
            for i, p in enumerate(players)
        ]
    tie_broken = bool(score.get("tie_broken") or score.get("tie_broken_by_sled"))
    return [
        {
            "total": int(p["total"]),
            "breakdown": dict(p["breakdown"]),
            "rank": ranks[i],
            "winner": i in winners,
            "tie_broken": tie_broken,
        }
        for i, p in enumerate(players)
    ]


def store_results(seats: list[Seat], score: Mapping) -> None:
    rows = result_rows(score)
    if len(rows) != len(seats):
        raise RulesError(f"the engine scored {len(rows)} players for {len(seats)} seats")
    Result.objects.bulk_create(Result(seat=seat, **row) for seat, row in zip(seats, rows, strict=True))
