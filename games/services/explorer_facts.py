"""The explorer's facts of each finished game (games/services/explorer.py counts them): worked
out once by the engine and kept in `GameFacts`, refreshed by the services that derive results,
filled for games stored by bulk paths."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from games.models import Game, GameFacts
from games.services import history_version
from games.services.records import record_of
from rules_engine.errors import RulesError
from rules_engine.registry import default_registry

log = logging.getLogger(__name__)

#: How deep the first-moves tree goes.
TREE_DEPTH = 3


def engine_facts(game: Game) -> dict[str, Any]:
    """The engine's facts of a finished recorded game (`GameType.explorer_facts`); {} for a
    score-only game, and for a game the current engine cannot replay (it is counted by seat
    and sides only)."""
    if not game.has_moves:
        return {}
    record = record_of(game)
    try:
        return default_registry().game(game.game_type).explorer_facts(record)
    except RulesError as exc:
        log.warning("explorer: game %s not replayed: %s", game.pk, exc)
        return {}


def outcome_of(game: Game) -> dict[str, Any]:
    """How ``game`` ended, as the explorer counts it: ``won``, per place in play order (0
    started) 1 if that player won (a shared win counts for each); ``starter``, the seat (record
    order) that started, to put the engine's seats in play order; ``sides``."""
    seats = sorted(game.seats.all(), key=lambda seat: seat.order)  # prefetched by `fill`
    n = len(seats)
    starter = next((k for k, seat in enumerate(seats) if seat.started), 0)
    in_play_order = [seats[(starter + k) % n] for k in range(n)]
    won = [int(bool(getattr(seat, "result", None) and seat.result.winner)) for seat in in_play_order]
    return {"won": won, "starter": starter, "sides": dict(game.sides or {})}


def facts_of(game: Game) -> dict[str, Any]:
    """Everything the explorer knows of a finished game: `outcome_of` and ``engine``, the
    engine's facts."""
    return {**outcome_of(game), "engine": engine_facts(game)}


def counted_lines(facts: Mapping[str, Any]) -> list[str]:
    """What a game adds to each row of the explorer, one line each, tab-separated: the row
    (``seat``, ``side``, ``open`` with the moves so far, ``five``, ``card``, ``site``, then its
    key fields) and last 1 or 0, whether the player the row counts won. An answer counts
    these lines (`count`: one text column read per game, counted in C by `Counter`) instead
    of reading and walking every game's JSON."""
    won, starter = list(facts.get("won") or ()), int(facts.get("starter") or 0)
    n = len(won)
    if not n:
        return []
    first = won[0]
    lines = [f"seat\t{n}\t{k + 1}\t{won[k]}" for k in range(n)]
    sides = facts.get("sides") or {}
    lines += [f"side\t{_field(part)}\t{_field(side)}\t{first}" for part, side in sides.items()]
    engine = facts.get("engine") or {}

    def won_by(seat: object) -> int | None:  # a fact's seat is the record's order; ``won`` is in play order
        return won[(seat - starter) % n] if isinstance(seat, int) and 0 <= seat < n else None

    path: list[str] = []
    for move in (engine.get("opening") or [])[:TREE_DEPTH]:
        path.append(move_key(move))
        lines.append("\t".join(["open", *path, str(first)]))
    five = won_by(engine.get("first_to_five"))
    if five is not None:
        lines.append(f"five\t{_field(sides.get('obelisk', 'A'))}\t{five}")
    taken = engine.get("first_card")
    if isinstance(taken, Mapping) and won_by(taken.get("seat")) is not None:
        lines.append(f"card\t{_field(taken.get('card'))}\t{won_by(taken.get('seat'))}")
    for seat, best in enumerate(engine.get("top_site") or ()):
        if best is not None and won_by(seat) is not None:
            lines.append(f"site\t{_field(best)}\t{won_by(seat)}")
    return lines


def _field(value: object) -> str:
    return str(value).replace("\t", " ").replace("\n", " ")


def _facts_row(game: Game, fingerprint: str) -> dict[str, Any]:
    facts = facts_of(game)
    return {"fingerprint": fingerprint, "facts": facts, "counted": "\n".join(counted_lines(facts))}


def refresh(game: Game) -> None:
    """Keep ``game``'s facts right after its record, results or status changed (the services
    that derive results call it): worked out for a finished game, dropped otherwise."""
    if game.status == Game.Status.FINISHED:
        GameFacts.objects.update_or_create(game=game, defaults=_facts_row(game, default_registry().fingerprint))
    else:
        GameFacts.objects.filter(game=game).delete()


def uncounted(game_type: str | None = None):
    """Finished games whose facts are missing or were worked out by another engine."""
    games = Game.objects.filter(status=Game.Status.FINISHED)
    if game_type is not None:
        games = games.filter(game_type=game_type)
    return games.exclude(facts__fingerprint=default_registry().fingerprint)


def fill(game_type: str | None = None, limit: int | None = None, batch: int = 500) -> int:
    """Work out the facts `uncounted` games lack (at most ``limit``); how many were."""
    fingerprint = default_registry().fingerprint
    done = 0
    while limit is None or done < limit:
        size = batch if limit is None else min(batch, limit - done)
        games = list(uncounted(game_type).order_by("pk").prefetch_related("moves", "seats__player", "seats__result")
                     [:size])
        if not games:
            break
        rows = [GameFacts(game=game, **_facts_row(game, fingerprint)) for game in games]
        with transaction.atomic():
            GameFacts.objects.filter(game__in=games).delete()
            GameFacts.objects.bulk_create(rows)
        done += len(rows)
    if done:
        history_version.changed()  # bulk writes send no signals; answers cached before lack these
    return done


def move_key(move: Mapping[str, Any]) -> str:
    """A move as the explorer counts it: its compact JSON, keys sorted."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))
