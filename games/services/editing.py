"""Changing or deleting a stored game. The results stay derived (only metadata changes
here); the ratings are rebuilt from the earliest point the change touches."""

from __future__ import annotations

import datetime

from django.db import transaction

from games.models import Game
from games.services import field_message, ratings
from games.services.changes import results_changed
from rules_engine.messages import msg

EDITABLE = ("played_on", "location", "notes", "status")


class EditRefused(ValueError):
    """A change that cannot be made: ``problem`` (for people) about ``field`` (a field name)."""

    def __init__(self, field: str, problem: str):
        super().__init__(field_message(field, problem))
        self.field = field
        self.problem = problem


def update_game(game: Game, **changes) -> Game:
    """Change a game's metadata (``played_on``, ``location``, ``notes``, ``status``).

    A game can only be marked finished if it has results (a recorded game gets them by being
    finished in play, not by an edit). Raises ValueError naming the field otherwise."""
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ValueError(f"only {', '.join(EDITABLE)} can be changed here, not {', '.join(sorted(unknown))}")
    status = changes.get("status")
    if (
        status == Game.Status.FINISHED
        and game.status != Game.Status.FINISHED
        and not game.seats.filter(result__isnull=False).exists()
    ):
        raise EditRefused("status", msg("this game has no results, so it cannot be marked finished"))
    before = game.sort_key
    with transaction.atomic():
        for field, value in changes.items():
            setattr(game, field, value)
        game.save()
        game_edited(game, before)
    return game


def game_edited(game: Game, before: tuple[datetime.date, int]) -> None:
    """Rebuild the ratings after ``game`` changed (its date, status or seats); ``before`` is
    its (played_on, id) before the change. Rebuilds from whichever point comes first."""
    results_changed(game, rated_from=min(before, game.sort_key))


def delete_game(game: Game) -> None:
    """Delete a game (its seats, moves, results and ratings go with it) and rebuild the
    ratings of its type from where it was."""
    game_type, (played_on, game_id) = game.game_type, game.sort_key
    with transaction.atomic():
        game.delete()
        ratings.rebuild_from(game_type, played_on, game_id)


def abandon_game(game: Game) -> Game:
    """Stop recording a game that will not be finished (the table played on without it): it
    stays in the history as it stands, no move can be added, and it has no result, so an event
    table it belonged to can have its result set by hand. Only a game still being recorded."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.status != Game.Status.IN_PROGRESS:
            raise EditRefused("status", msg("only a game still being recorded can be abandoned"))
        locked.status = Game.Status.ABANDONED
        locked.save(update_fields=["status", "updated_at"])
    return locked
