"""What-if variations: a new game in progress whose first moves are another game's first
``ply`` moves, linked to it, for playing on from any position. Not rated, not in standings."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.boarddata import pinned, registry_for
from games.models import Game
from games.services.documents import GameMeta
from games.services.recording import import_record
from games.services.records import record_of
from rules_engine.messages import msg


class VariationError(ValueError):
    """A variation that cannot be made; the message is for the person who asked."""


def variation_note(parent: int, ply: int) -> str:
    """The note a variation is stored with: its records and exports say where it branched."""
    return f"Variation of game {parent} after move {ply}."


def shown_notes(game: Game) -> str:
    """A game's notes as its page shows them: a variation's page says where it branched in the
    reader's language already, so its stored note is not printed a second time (issue 50)."""
    if game.parent_id is not None and game.branch_ply is not None:
        return game.notes.replace(variation_note(game.parent_id, game.branch_ply), "").strip()
    return game.notes


def play_on_from(game: Game, ply: int, *, user) -> Game:
    """The variation of ``game`` after its first ``ply`` moves, recorded by ``user``."""
    if not game.has_moves:
        raise VariationError(
            msg("game {game} was not recorded move by move, so there is no position to play on from", game=game.pk)
        )
    record = record_of(game)
    if not 0 <= ply <= len(record["moves"]):
        raise VariationError(msg("ply must be between 0 and {last}, got {ply}", last=len(record["moves"]), ply=ply))
    record["moves"] = record["moves"][:ply]
    game_type = registry_for(game).game(game.game_type)
    if game_type.is_over(game_type.replay(record).states[-1]):
        raise VariationError(
            msg("the game is over after move {move}; pick an earlier position to play on from", move=ply)
        )
    meta = GameMeta(played_on=timezone.localdate(), location=game.location, notes=variation_note(game.pk, ply))
    with transaction.atomic():
        # distinct: a variation is a new game even where another one starts from the same position.
        with pinned(game):  # played on with the board data of the game it branches from
            outcome = import_record(record, user=user, source=Game.Source.RECORDED, meta=meta, rate=False,
                                    distinct=True)
        variation = outcome.game
        if outcome.status != "imported" or variation is None:
            raise VariationError(outcome.describe())
        variation.parent, variation.branch_ply, variation.board_data_id = game, ply, game.board_data_id
        variation.save(update_fields=["parent", "branch_ply", "board_data"])
    return variation
