"""Exports: a game as its F2/F4 record (recorded) or F1/F3 board (score-only), all games as
ndjson (one document a line, re-importable), and the results as CSV, one row per seat."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator

from django.db.models import Prefetch, QuerySet

from games.models import Game, Move, Seat
from games.services.documents import HISTORY_KEY, history_json
from games.services.records import record_of

CSV_COLUMNS = (
    "game_id",
    "played_on",
    "game",
    "source",
    "status",
    "location",
    "seat",
    "player",
    "colour",
    "started",
    "total",
    "rank",
    "winner",
    "tie_broken",
)
CHUNK = 200


def game_document(game: Game, *, with_history: bool = False) -> dict:
    """The game exactly as the interchange format says: its F2/F4 record (recorded games) or
    its F1/F3 board (score-only games), which the engine and /api/v1/replay accept as is.

    ``with_history`` adds our ``history`` object (id, date, place, notes, status, source),
    which the engine does not know but `import_record`/`import_board` read back."""
    if game.has_moves:
        doc = record_of(game)
    else:
        doc = dict(game.board or {})
        doc.setdefault("game", game.game_type)
        # The club may have renamed a player since; the export names them as they are now.
        names = [seat.player.name for seat in game.seats.all()]
        if isinstance(doc.get("players"), list):
            doc["players"] = [
                {**p, "name": names[i]} if i < len(names) and isinstance(p, dict) else p
                for i, p in enumerate(doc["players"])
            ]
    if with_history:
        doc[HISTORY_KEY] = history_json(game)
    return doc


def games_for_export(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("order")),
        Prefetch("moves", queryset=Move.objects.order_by("ply")),
    )


def iter_ndjson(games: QuerySet[Game]) -> Iterator[str]:
    """One JSON document per line, oldest game first (so a re-import rates in order), each
    with its ``history`` object so a backup keeps dates and places."""
    ordered = games_for_export(games.order_by("played_on", "id"))
    for game in ordered.iterator(chunk_size=CHUNK):
        document = game_document(game, with_history=True)
        yield json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"


class _Line:
    """A file-like object whose write returns the text, for streaming csv.writer output."""

    def write(self, text: str) -> str:
        return text


#: What makes a spreadsheet read a cell as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: one beginning like a formula gets a leading
    single quote (OWASP). Numbers are written as numbers (a negative total stays a number)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _SafeWriter:
    """csv.writer whose every text cell goes through `cell`: every CSV the service writes."""

    def __init__(self) -> None:
        self._writer = csv.writer(_Line())

    def writerow(self, row) -> str:
        return self._writer.writerow([cell(v) for v in row])


def iter_results_csv(games: QuerySet[Game]) -> Iterator[str]:
    """The results as CSV: UTF-8 with a BOM (so spreadsheets pick the encoding), a header
    row, ISO dates, one row per seat, one column per breakdown key (monuments, extras)."""
    seats = (
        Seat.objects.filter(game__in=games.order_by().values("pk"))
        .select_related("game", "player", "result")
        .order_by("-game__played_on", "-game_id", "order")
    )
    keys: list[str] = []
    seen: set[str] = set()
    for breakdown in seats.values_list("result__breakdown", flat=True).iterator(chunk_size=2000):
        for key in breakdown or ():
            if key not in seen:
                seen.add(key)
                keys.append(key)
    writer = _SafeWriter()
    yield "\ufeff" + writer.writerow([*CSV_COLUMNS, *keys])
    for seat in seats.iterator(chunk_size=2000):
        game = seat.game
        result = getattr(seat, "result", None)
        row = [
            game.pk,
            game.played_on.isoformat(),
            game.game_type,
            game.source,
            game.status,
            game.location,
            seat.order + 1,
            seat.player.name,
            seat.colour,
            _yes(seat.started),
        ]
        if result is None:
            row += ["", "", "", ""] + [""] * len(keys)
        else:
            row += [result.total, result.rank, _yes(result.winner), _yes(result.tie_broken)]
            row += [result.breakdown.get(k, "") for k in keys]
        yield writer.writerow(row)


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"
