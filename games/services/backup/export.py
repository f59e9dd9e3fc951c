"""The backup written (``manage.py export_all``): the header, the players, then the games in
the rating order, read in chunks from one consistent snapshot of the database.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from django.db import connection, transaction
from django.db.models import Prefetch

from games.models import Game, Move, Player, Seat
from games.services.backup.fileformat import game_line, header_line, player_line

CHUNK = 200


def iter_backup() -> Iterator[str]:
    """The backup, line by line. Call inside one transaction (`consistent_snapshot`) so the
    header's counts and the lines describe the same moment."""
    yield _dumps(header_line())
    players = Player.objects.select_related("user").order_by("id")
    for player in players.iterator(chunk_size=CHUNK):
        yield _dumps(player_line(player))
    games = (
        Game.objects.select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("result").order_by("order")))
        # The rating order, so a --merge restore (new ids) numbers games as they were rated.
        .order_by("played_on", "id")
    )
    batch: list[Game] = []
    for game in games.iterator(chunk_size=CHUNK):
        batch.append(game)
        if len(batch) == CHUNK:
            yield from _game_lines(batch)
            batch = []
    yield from _game_lines(batch)


def _game_lines(batch: list[Game]) -> Iterator[str]:
    # Moves are most of the rows: read as plain values, not model instances (4× faster).
    moves: dict[int, list] = {game.pk: [] for game in batch}
    rows = Move.objects.filter(game_id__in=list(moves)).order_by("game_id", "ply").values_list("game_id", "data")
    for game_id, data in rows:
        moves[game_id].append(data)
    for game in batch:
        yield _dumps(game_line(game, moves[game.pk]))


def consistent_snapshot():
    """A transaction in which every read sees the same moment: PostgreSQL's REPEATABLE READ
    (its default READ COMMITTED would let a game committed mid-export miss the counts);
    SQLite's transaction is a snapshot already. Inside a caller's transaction (tests), that
    transaction's isolation applies."""
    atomic = transaction.atomic()

    class _Snapshot:
        def __enter__(self):
            outermost = not connection.in_atomic_block
            atomic.__enter__()
            if outermost and connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")

        def __exit__(self, *exc):
            return atomic.__exit__(*exc)

    return _Snapshot()


def _dumps(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
