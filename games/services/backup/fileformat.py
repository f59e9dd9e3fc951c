"""A backup file's shape (``docs/backups.md``): the header on line 1 (format, version, app
and engine versions, plugins, counts), then a line per user account (version 2), per board-data
version (2), per player, per game with its seats, results and moves, per event with everything
in it (2), per season, ladder and league with everything in it (4), per finished analysis (2),
per finished luck analysis (3), per player's puzzle queue (3), per finished upload of records
(3) and per invitation (3), as the models hold them; and the header's check on restore. Files
of versions 1 to 3 still restore.

`SECTIONS` names each kind of line: its header count, what the commands print, the models whose
rows it carries. The lines of version 2's and 3's own kinds (`ROW_KINDS`) carry their rows in
Django's "python" serialisation (``{"model", "pk", "fields"}``, foreign keys as ids): the models'
own field list, so a column added later is carried without a change here, and restored by
Django's deserialiser.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import serializers
from django.db.models import Model
from django.utils import timezone, translation

from games.analysis.models import GameAnalysis, GameLuck, Puzzle
from games.events.models import Event
from games.import_models import ImportJob
from games.membership.models import Invite
from games.models import BoardData, Game, Move, Player, Result, Seat
from games.seasons.models import Ladder, League, Season
from rules_engine import ENGINE_VERSION
from rules_engine.registry import default_registry

FORMAT = "imhotep-club-backup"
FORMAT_VERSION = 4


@dataclass(frozen=True)
class Section:
    """One kind of line: ``kind`` its "kind", ``count`` the header's count of its lines, ``label``
    what export_all and import_all print, ``one`` how a problem names one line of it (with its
    id), ``models`` the labels of the models whose rows it carries (the line's own first),
    ``since`` the format version that added it."""

    kind: str
    count: str
    label: str
    one: str
    models: tuple[str, ...]
    since: int = 1
    line_is_row: bool = True  # the line is its first model's row (a puzzle queue is a player's puzzles)


#: Every kind of line, in the file's order (parents before the rows that point to them).
SECTIONS = (
    Section("user", "users", "accounts", "account",
            ("auth.User", "membership.Membership", "membership.LanguagePreference"), 2),
    Section("board_data", "board_data", "board-data versions", "board-data version", ("games.BoardData",), 2),
    Section("player", "players", "players", "player", ("games.Player",)),
    Section("game", "games", "games", "game", ("games.Game", "games.Seat", "games.Result", "games.Move")),
    Section("event", "events", "events", "event",
            ("events.Event", "events.Registration", "events.ByeRequest", "events.ProhibitedPair", "events.Round",
             "events.Pairing", "events.PairingSeat"), 2),
    Section("season", "seasons", "seasons", "season", ("seasons.Season", "seasons.SeasonEvent"), 4),
    Section("ladder", "ladders", "ladders", "ladder", ("seasons.Ladder", "seasons.Rung", "seasons.Challenge"), 4),
    Section("league", "leagues", "leagues", "league",
            ("seasons.League", "seasons.LeagueRound", "seasons.Division", "seasons.DivisionPlayer",
             "seasons.LeagueGame"), 4),
    Section("analysis", "analyses", "analyses", "analysis", ("analysis.GameAnalysis",), 2),
    Section("luck", "luck_analyses", "luck analyses", "luck analysis", ("analysis.GameLuck",), 3),
    Section("puzzle_queue", "puzzle_queues", "puzzle queues", "puzzle queue of player", ("analysis.Puzzle",), 3,
            line_is_row=False),
    Section("import_job", "import_jobs", "import jobs", "import job", ("games.ImportJob",), 3),
    Section("invite", "invites", "invitations", "invitation", ("membership.Invite",), 3),
)
SECTION = {section.kind: section for section in SECTIONS}
#: The kinds of line carried as model rows (`rows_line`); players and games have lines of their own.
ROW_KINDS = tuple(s.kind for s in SECTIONS if s.kind not in ("player", "game"))
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
            "seasons": Season.objects.count(),
            "ladders": Ladder.objects.count(),
            "leagues": League.objects.count(),
            "analyses": finished_analyses().count(),
            "luck_analyses": finished_luck().count(),
            "puzzle_queues": Puzzle.objects.values("player").distinct().count(),
            "puzzles": Puzzle.objects.count(),
            "import_jobs": finished_imports().count(),
            "invites": Invite.objects.count(),
        },
    }


# What of the worked-out rows a backup carries: the finished ones (costly to work out again).
# One queued or running is asked again after a restore (a worker works it out), one that failed
# is shown as not asked for.
def finished_analyses():
    return GameAnalysis.objects.filter(status=GameAnalysis.Status.DONE)


def finished_luck():
    return GameLuck.objects.filter(status=GameLuck.Status.DONE)


def finished_imports():
    """Uploads imported (or failed) with each record's outcome; one still queued or running is
    the uploader's to send again (its games stored so far are in the backup)."""
    return ImportJob.objects.filter(status__in=(ImportJob.Status.DONE, ImportJob.Status.FAILED))


def rows_line(kind: str, pk: int | str, rows: Iterable[Model]) -> dict:
    """A line of one of `ROW_KINDS`: the rows of one account (the user, their membership and
    language), board-data version, event (registrations, rounds, pairings, their seats),
    analysis, luck analysis, player's puzzle queue (``pk`` the player's id), upload of records
    (``pk`` its UUID) or invitation, in the order they are written back."""
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


class Tally(Counter):
    """What a backup holds: lines per kind (``tally["game"]``) and rows per model label
    (``tally["games.Move"]``), counted as they are written or read."""

    def line(self, data: dict) -> dict:
        """Count a line (a `rows_line`, `player_line` or `game_line`) and give it back."""
        kind = data["kind"]
        self[kind] += 1
        if "rows" in data:  # Django's serialiser names a row's model in lower case ("analysis.puzzle")
            self.update(apps.get_model(row["model"])._meta.label for row in data["rows"])
        elif kind == "game":
            seats = data["seats"]
            self.update({"games.Game": 1, "games.Seat": len(seats), "games.Move": len(data["moves"]),
                         "games.Result": sum(seat["result"] is not None for seat in seats)})
        elif kind == "player":
            self["games.Player"] += 1
        return data

    def sections(self) -> list[str]:
        """A line per section, with its count and the counts of the rows its lines hold
        ("games 13 (seats 26, results 22, moves 413)")."""
        out = []
        with translation.override("en"):
            for section in SECTIONS:
                rows = section.models[1:] if section.line_is_row else section.models
                parts = [f"{apps.get_model(label)._meta.verbose_name_plural} {self[label]:,}" for label in rows]
                out.append(f"{section.label} {self[section.kind]:,}" + (f" ({', '.join(parts)})" if parts else ""))
        return out


#: The header's count of each kind of line (a version 1 file has players and games only).
COUNTED = {section.kind: section.count for section in SECTIONS}


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
    ) or not all(isinstance(counts.get(k, 0), int) and not isinstance(counts.get(k, 0), bool)
                 for k in COUNTED.values()):
        raise BackupRefused("the header's counts must give the number of players and games")
    return counts
