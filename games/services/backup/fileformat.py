"""A backup file's shape (``docs/operations.md``): the header on line 1 (format, version, app
and engine versions, plugins, counts), then a line per user account (version 2), per board-data
version (2), per player, per game with its seats, results and moves, per event with everything
in it (2) and per finished analysis (2), as the models hold them; and the header's check on
restore. A version 1 file (players and games only) still restores.

The lines of version 2's own kinds carry their rows in Django's "python" serialisation
(``{"model", "pk", "fields"}``, foreign keys as ids): the models' own field list, so a column
added later is carried without a change here, and restored by Django's deserialiser.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import serializers
from django.db.models import Model
from django.utils import timezone

from games.analysis.models import GameAnalysis
from games.events.models import Event
from games.models import BoardData, Game, Move, Player, Result, Seat
from rules_engine import ENGINE_VERSION
from rules_engine.registry import default_registry

FORMAT = "imhotep-club-backup"
FORMAT_VERSION = 2
#: The kinds of line of version 2 carried as model rows (`rows_line`), in the file's order
#: around the players and games: accounts and board data before them, events and analyses after.
ROW_KINDS = ("user", "board_data", "event", "analysis")
RESULT_FIELDS = ("total", "breakdown", "rank", "winner", "tie_broken")


class BackupRefused(ValueError):
    """The whole file is refused before anything is written (bad header, non-empty database)."""


def app_version() -> str:
    try:
        with open(Path(settings.BASE_DIR) / "pyproject.toml", "rb") as stream:
            return tomllib.load(stream)["project"]["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


def header_line() -> dict:
    registry = default_registry()
    return {
        "kind": "header",
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": app_version(),
        "engine_version": ENGINE_VERSION,
        "plugins": [info.to_json() for info in registry.plugins.values()],
        "exported_at": timezone.now().isoformat(),
        "ratings": "not exported: rebuilt from the results on import",
        "counts": {
            "users": get_user_model().objects.count(),
            "board_data": BoardData.objects.count(),
            "players": Player.objects.count(),
            "games": Game.objects.count(),
            "seats": Seat.objects.count(),
            "moves": Move.objects.count(),
            "results": Result.objects.count(),
            "events": Event.objects.count(),
            "analyses": GameAnalysis.objects.filter(status=GameAnalysis.Status.DONE).count(),
        },
    }


def rows_line(kind: str, pk: int, rows: Iterable[Model]) -> dict:
    """A line of one of `ROW_KINDS`: the rows of one account (the user, their membership and
    language), board-data version, event (registrations, rounds, pairings, their seats) or
    analysis, in the order they are written back."""
    return {"kind": kind, "id": pk, "rows": serializers.serialize("python", rows)}


def player_line(player: Player) -> dict:
    return {
        "kind": "player",
        "id": player.pk,
        "name": player.name,
        "user": player.user.get_username() if player.user_id else None,
        "created_at": player.created_at.isoformat(),
    }


def game_line(game: Game, moves: list | None = None) -> dict:
    """A game's line; ``moves`` (its moves' data in ply order) saves a query when given."""
    seats = []
    for seat in game.seats.all():
        result = getattr(seat, "result", None)
        seats.append(
            {
                "order": seat.order,
                "player": seat.player_id,
                "colour": seat.colour,
                "started": seat.started,
                "result": {f: getattr(result, f) for f in RESULT_FIELDS} if result is not None else None,
            }
        )
    return {
        "kind": "game",
        "id": game.pk,
        "game_type": game.game_type,
        "variants": game.variants,
        "sides": game.sides,
        "played_on": game.played_on.isoformat(),
        "location": game.location,
        "notes": game.notes,
        "source": game.source,
        "status": game.status,
        "engine_version": game.engine_version,
        "plugin_versions": game.plugin_versions,
        "board": game.board,
        "header": game.header,
        "content_hash": game.content_hash,
        "board_data": game.board_data_id,  # the board-data version the game is pinned to (version 2)
        "parent": game.parent_id,  # a variation's game, and the ply it branches at (version 2)
        "branch_ply": game.branch_ply,
        "bot_level": game.bot_level,  # a game against the bot (docs/bots.md): kept out of the history
        "bot_seats": game.bot_seats,
        "created_by": game.created_by.get_username() if game.created_by_id else None,
        "created_at": game.created_at.isoformat(),
        "updated_at": game.updated_at.isoformat(),
        "seats": seats,
        "moves": moves if moves is not None else [m.data for m in game.moves.order_by("ply")],
    }


#: The header's count of each kind of line (a version 1 file has players and games only).
COUNTED = {"user": "users", "board_data": "board_data", "player": "players", "game": "games",
           "event": "events", "analysis": "analyses"}


def read_header(number: int, text: str) -> dict[str, int]:
    """The header's counts of players and games; BackupRefused when line ``number`` is not
    a header this service reads."""
    try:
        header = json.loads(text)
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("kind") != "header" or header.get("format") != FORMAT:
        raise BackupRefused(
            f"line {number} is not a backup header (kind 'header', format {FORMAT!r}); "
            "is this an export_all file? (export_records files are read by import_records)"
        )
    version = header.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= FORMAT_VERSION:
        raise BackupRefused(f"backup format version {version!r}: this service reads versions 1–{FORMAT_VERSION}")
    counts = header.get("counts")
    if not isinstance(counts, dict) or not all(
        isinstance(counts.get(k), int) and not isinstance(counts.get(k), bool) for k in ("players", "games")
    ) or not all(isinstance(counts.get(k, 0), int) for k in COUNTED):
        raise BackupRefused("the header's counts must give the number of players and games")
    return counts
