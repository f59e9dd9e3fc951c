"""The backup written (``manage.py export_all``): the header, the user accounts, the board-data
versions, the players, the games in the rating order, the events, the finished analyses and luck
analyses, each player's puzzle queue, the finished uploads of records and the invitations, read
in chunks from one consistent snapshot of the database; a `Tally` counts what was written.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator

from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.db.models import Prefetch

from games.analysis.models import Puzzle
from games.events.models import Event, PairingSeat
from games.membership.models import Invite, LanguagePreference, Membership
from games.models import BoardData, Game, Move, Player, Seat
from games.seasons.models import DivisionPlayer, Ladder, League, LeagueGame, Season
from games.services.backup.fileformat import (
    Tally,
    finished_analyses,
    finished_imports,
    finished_luck,
    game_line,
    header_line,
    player_line,
    rows_line,
)

CHUNK = 200


def iter_backup(tally: Tally | None = None) -> Iterator[str]:
    """The backup, line by line, counted in ``tally``. Call inside one transaction
    (`consistent_snapshot`) so the header's counts and the lines describe the same moment."""
    count = (tally if tally is not None else Tally()).line
    yield _dumps(header_line())
    for line in _user_lines():
        yield _dumps(count(line))
    for version in BoardData.objects.order_by("id").iterator(chunk_size=CHUNK):
        yield _dumps(count(rows_line("board_data", version.pk, [version])))
    players = Player.objects.select_related("user").order_by("id")
    for player in players.iterator(chunk_size=CHUNK):
        yield _dumps(count(player_line(player)))
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
            yield from (_dumps(count(line)) for line in _game_lines(batch))
            batch = []
    yield from (_dumps(count(line)) for line in _game_lines(batch))
    for event in Event.objects.order_by("id").iterator(chunk_size=CHUNK):
        yield _dumps(count(rows_line("event", event.pk, _event_rows(event))))
    for season in Season.objects.order_by("id").iterator(chunk_size=CHUNK):
        yield _dumps(count(rows_line("season", season.pk, [season, *season.season_events.order_by("id")])))
    for ladder in Ladder.objects.order_by("id").iterator(chunk_size=CHUNK):
        yield _dumps(count(rows_line("ladder", ladder.pk, [ladder, *ladder.rungs.order_by("place", "id"),
                                                            *ladder.challenges.order_by("id")])))
    for league in League.objects.order_by("id").iterator(chunk_size=CHUNK):
        yield _dumps(count(rows_line("league", league.pk, _league_rows(league))))
    for analysis in finished_analyses().order_by("id").iterator(chunk_size=CHUNK):
        yield _dumps(count(rows_line("analysis", analysis.pk, [analysis])))
    for luck in finished_luck().order_by("id").iterator(chunk_size=CHUNK):
        yield _dumps(count(rows_line("luck", luck.pk, [luck])))
    for owner, puzzles in _puzzle_queues():
        yield _dumps(count(rows_line("puzzle_queue", owner, puzzles)))
    for job in finished_imports().order_by("created_at", "id").iterator(chunk_size=CHUNK):
        yield _dumps(count(rows_line("import_job", str(job.pk), [job])))
    for invite in Invite.objects.order_by("id").iterator(chunk_size=CHUNK):
        yield _dumps(count(rows_line("invite", invite.pk, [invite])))


def _puzzle_queues() -> Iterator[tuple[int, list[Puzzle]]]:
    """Each player's puzzles with their spaced-repetition state (due date, interval, times solved
    and missed), by player id: the queue games/analysis/puzzle_queue.py asks from."""
    queue: list[Puzzle] = []
    for puzzle in Puzzle.objects.order_by("player_id", "id").iterator(chunk_size=CHUNK):
        if queue and puzzle.player_id != queue[0].player_id:
            yield queue[0].player_id, queue
            queue = []
        queue.append(puzzle)
    if queue:
        yield queue[0].player_id, queue


def _user_lines() -> Iterator[dict]:
    """Each account with its password hash, role and language (the file is its owner's only:
    docs/backups.md)."""
    roles = {m.user_id: m for m in Membership.objects.all()}
    languages = {p.user_id: p for p in LanguagePreference.objects.all()}
    for user in get_user_model().objects.order_by("pk").prefetch_related("groups", "user_permissions"):
        rows = [user, *(x for x in (roles.get(user.pk), languages.get(user.pk)) if x is not None)]
        yield rows_line("user", user.pk, rows)


def _event_rows(event: Event) -> list:
    """An event and everything in it (registrations, requested byes, pairs kept apart, rounds,
    pairings, their seats), parents before children (as they are written back)."""
    rounds = list(event.round_set.order_by("number"))
    pairings = [p for r in rounds for p in r.pairings.order_by("table")]
    seats = PairingSeat.objects.filter(pairing__in=pairings).order_by("pairing_id", "order")
    return [event, *event.registrations.order_by("id"), *event.bye_requests.order_by("id"),
            *event.prohibited_pairs.order_by("id"), *rounds, *pairings, *seats]


def _league_rows(league: League) -> list:
    """A league and everything in it (rounds, divisions, their players and games), parents first."""
    divisions = list(league.divisions.order_by("level"))
    return [league, *league.league_rounds.order_by("number"), *divisions,
            *DivisionPlayer.objects.filter(division__in=divisions).order_by("division_id", "seed"),
            *LeagueGame.objects.filter(division__in=divisions).order_by("id")]


def _game_lines(batch: list[Game]) -> Iterator[dict]:
    # Moves are most of the rows: read as plain values, not model instances (4× faster).
    moves: dict[int, list] = {game.pk: [] for game in batch}
    rows = Move.objects.filter(game_id__in=list(moves)).order_by("game_id", "ply").values_list("game_id", "data")
    for game_id, data in rows:
        moves[game_id].append(data)
    for game in batch:
        yield game_line(game, moves[game.pk])


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
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), cls=_Encoder) + "\n"


class _Encoder(DjangoJSONEncoder):
    """Django's encoder (the rows of version 2's lines hold dates, times, decimals and UUIDs as
    the models do), but times to the microsecond: Django's keeps milliseconds, and a restored
    event's or analysis's moment must equal the backed-up one."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)
