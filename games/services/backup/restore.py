"""A backup restored (``manage.py import_all``): the header checked, then each line (an
account, a board-data version, a player, a game, an event, an analysis, a luck analysis, a
player's puzzle queue, an upload, an invitation) written all or nothing, with the problems
(lines refused) and warnings (games the engine now sees otherwise,
`games.services.backup.results`; accounts kept as the database has them) of a
`RestoreReport` (its `tally`: what was written, per section); ratings are rebuilt from the
results written and the explorer's facts worked out (package docstring).

The lines of `ROW_KINDS` (accounts, board data, events, analyses, luck analyses, puzzle
queues, uploads, invitations) are the club's own: they are restored into an empty club only;
``merge`` adds players and games from another club and counts those lines as skipped.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import IntegrityError, connection, transaction

from games.models import Game, Move, Player, Result, Seat, name_key
from games.services import explorer_facts, ratings
from games.services.backup.fields import (
    LineError,
    _clean,
    _datetime,
    _int,
    _list,
    _optional_text,
    _text,
    game_fields,
    game_seats,
)
from games.services.backup.fileformat import COUNTED, BackupRefused, read_header
from games.services.backup.report import Problem, RestoreReport
from games.services.backup.results import KEEP, RESULT_MODES, results_to_store
from games.services.backup.row_lines import WITH_IDS, RowLines

COMMIT_EVERY = 200  # lines per transaction on import (each line is a savepoint within it)


class _Rollback(Exception):
    pass


def club_is_empty() -> bool:
    return not (Player.objects.exists() or Game.objects.exists())


def restore(
    lines: Iterable[bytes | str],
    *,
    merge: bool = False,
    atomic: bool = False,
    results: str = KEEP,
    link_users: bool = False,
    on_problem: Callable[[Problem], None] | None = None,
    on_warning: Callable[[Problem], None] | None = None,
) -> RestoreReport:
    """Restore a backup. Each player and game line is written all or nothing (a savepoint;
    a transaction is committed every COMMIT_EVERY lines): a bad line is reported (`Problem`,
    with its line number) and nothing of it is written, the others are. With ``atomic`` the
    whole file is one transaction, rolled back on any problem. Raises BackupRefused (nothing
    written) when the header is missing or unknown, or the club is not empty and ``merge``
    is off.

    ``merge``: add to a club that has data. Players are matched by name (case-insensitive)
    and created when new; a game whose content hash is already stored is skipped; the other
    games get new ids; usernames are linked to accounts only with ``link_users``. Without
    ``merge`` ids are kept.

    ``results`` (KEEP, STRICT, RECOMPUTE): what to do with a game whose results the engine no
    longer derives, or that it rejects (module docstring). A warning (`Problem`) reports each;
    it is not a refusal: ``atomic`` does not roll back for it."""
    if results not in RESULT_MODES:
        raise ValueError(f"results must be one of {', '.join(RESULT_MODES)}, got {results!r}")
    restorer = _Restorer(
        merge=merge, results=results, link_users=link_users, on_problem=on_problem, on_warning=on_warning
    )
    if not atomic:
        restorer.run(lines)
        return restorer.report
    try:
        with transaction.atomic():
            restorer.run(lines)
            if restorer.report.problems:
                raise _Rollback
    except _Rollback:
        restorer.report.rolled_back = True
    return restorer.report


class _Restorer(RowLines):
    def __init__(self, *, merge: bool, results: str, link_users: bool, on_problem, on_warning):
        self.merge = merge
        self.results = results
        self.link_users = link_users
        self.on_problem = on_problem
        self.on_warning = on_warning
        self.report = RestoreReport()
        self.players: dict[int, int] = {}  # backup player id → database player id
        self.player_lines: dict[int, int] = {}  # backup player id → line
        self.name_lines: dict[str, int] = {}  # name key → line
        self.game_lines: dict[int, int] = {}  # backup game id → line
        self.hash_lines: dict[str, int] = {}  # content hash → line
        self.names: dict[int, str] = {}  # backup player id → name in the database
        # Distinct ids read per kind (a duplicate line is not one more), plus lines of that
        # kind whose id could not be read: compared with the header's counts at the end.
        self.ids: dict[str, set[int | str]] = {kinds: set() for kinds in COUNTED.values()}
        self.unnamed = dict.fromkeys(COUNTED.values(), 0)
        self.last_line = 0
        # Backup id → database id of the rows other lines point to (the same ids into an empty
        # club, but for an account whose username the database already had).
        self.users: dict[int, int] = {}
        self.board_data: dict[int, int] = {}
        self.games: dict[int, int] = {}
        self.parents: list[tuple[int, int]] = []  # (database game id, backup id of its parent game)

    def problem(self, line: int | None, reason: str) -> None:
        problem = Problem(line, reason)
        self.report.problems.append(problem)
        if self.on_problem is not None:
            self.on_problem(problem)

    def warning(self, line: int, reason: str) -> None:
        warning = Problem(line, reason)
        self.report.warnings.append(warning)
        if self.on_warning is not None:
            self.on_warning(warning)

    def run(self, lines: Iterable[bytes | str]) -> None:
        numbered = self._numbered(lines)
        first = next(numbered, None)
        if first is None:
            raise BackupRefused("the file is empty: a backup starts with its header line")
        counts = read_header(*first)
        if not self.merge and not club_is_empty():
            raise BackupRefused(
                f"the database already holds {Player.objects.count()} player(s) and {Game.objects.count()} "
                "game(s); import_all restores into an empty database (or use --merge to add to this club: "
                "players matched by name, games already stored skipped)"
            )
        while chunk := list(islice(numbered, COMMIT_EVERY)):
            # Each line is its own savepoint (all or nothing per record); committing every
            # COMMIT_EVERY lines instead of every line spares SQLite an fsync per record.
            with transaction.atomic():
                for number, text in chunk:
                    self._line(number, text)
        for kind in COUNTED.values():
            found = len(self.ids[kind]) + self.unnamed[kind]
            if kind not in counts:  # a version 1 file counts players and games only
                if found:
                    self.problem(None, f"the header does not count {kind}, but the file holds {found}")
                continue
            if found != counts[kind]:
                self.problem(
                    None,
                    f"the header announces {counts[kind]} {kind} but the file holds {found} "
                    f"(read to line {self.last_line}): "
                    + ("the file is cut short" if found < counts[kind] else "lines were added"),
                )
        self._finish()

    def _line(self, number: int, text: str) -> None:
        self.last_line = number
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            self.problem(number, f"not valid JSON ({exc.msg}, column {exc.colno}); a damaged or cut line?")
            return
        kind = data.get("kind") if isinstance(data, dict) else None
        if kind not in COUNTED:
            self.problem(number, f"expected a {', '.join(COUNTED)} line, got {str(data)[:60]!r}")
            return
        backup_id = data.get("id")
        if (isinstance(backup_id, int) and not isinstance(backup_id, bool)) or isinstance(backup_id, str):
            self.ids[COUNTED[kind]].add(backup_id)  # a string: an import job's UUID
        else:
            self.unnamed[COUNTED[kind]] += 1
        try:
            if kind == "player":
                self._player(number, data)
            elif kind == "game":
                self._game(number, data)
            else:
                self._rows(number, kind, data)
        except LineError as exc:
            self.problem(number, str(exc))

    def _numbered(self, lines: Iterable[bytes | str]) -> Iterator[tuple[int, str]]:
        for number, raw in enumerate(lines, start=1):
            if isinstance(raw, bytes):
                try:
                    raw = raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    self.problem(number, f"not UTF-8 text (byte {exc.start} of the line cannot be read)")
                    continue
            text = raw.removeprefix("\ufeff").strip()
            if text:
                yield number, text

    # ----------------------------------------------------------------------- players

    def _player(self, number: int, data: dict) -> None:
        backup_id = _int(data, "id")
        if backup_id in self.player_lines:
            raise LineError(f"player id {backup_id} is a duplicate of line {self.player_lines[backup_id]}")
        name = _text(data, "name")
        key = name_key(name)
        if key in self.name_lines:
            raise LineError(f"player {name!r}: the same name as on line {self.name_lines[key]}")
        username = _optional_text(data, "user")
        created_at = _datetime(data, "created_at")
        if self.merge:
            existing = Player.objects.filter(name_key=key).first()
            if existing is not None:
                self._player_read(number, backup_id, key, existing.pk)
                self.report.players_matched += 1
                return
        created_users: list[str] = []
        try:
            with transaction.atomic():
                player = Player(name=name, **({} if self.merge else {"pk": backup_id}))
                if username is not None:
                    player.user = self._user(username, created_users)
                _clean(player, exclude=["user", "name_key"])
                player.save(force_insert=True)
                Player.objects.filter(pk=player.pk).update(created_at=created_at)
        except IntegrityError as exc:
            raise LineError(f"player {name!r} conflicts with a stored row ({exc})") from None
        self._player_read(number, backup_id, key, player.pk)
        self.report.players += 1
        self.report.tally.update(("player", "games.Player"))
        self._users_read(username, created_users)

    def _player_read(self, number: int, backup_id: int, key: str, pk: int) -> None:
        self.players[backup_id] = pk
        self.names[backup_id] = Player.objects.filter(pk=pk).values_list("name", flat=True).get()
        self.player_lines[backup_id] = number
        self.name_lines[key] = number

    def _user(self, username: str, created: list[str]):
        """The account for a backup's username; None when it is not linked (--merge without
        link_users: another club's "ana" need not be ours)."""
        if self.merge and not self.link_users:
            return None
        User = get_user_model()
        user = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
        if user is None:
            user = User.objects.create_user(**{User.USERNAME_FIELD: username}, password=None)
            created.append(username)
        return user

    def _users_read(self, username: str | None, created: list[str]) -> None:
        """Once the line is written: the accounts it created, or the username it left unlinked."""
        self.report.users_created += created
        if username is not None and self.merge and not self.link_users and username not in self.report.users_unlinked:
            self.report.users_unlinked.append(username)

    # ----------------------------------------------------------------------- games

    def _game(self, number: int, data: dict) -> None:
        backup_id = _int(data, "id")
        label = f"game {backup_id}"
        if backup_id in self.game_lines:
            raise LineError(f"{label} is a duplicate of line {self.game_lines[backup_id]}")
        content_hash = _optional_text(data, "content_hash")
        if content_hash is not None and content_hash in self.hash_lines:
            raise LineError(f"{label} has the content of line {self.hash_lines[content_hash]} (same content hash)")
        try:
            game = Game(content_hash=content_hash, board_data_id=self._pin(data), **game_fields(data),
                        **({} if self.merge else {"pk": backup_id}))
            _clean(game, exclude=["created_by"])
            created_at, updated_at = _datetime(data, "created_at"), _datetime(data, "updated_at")
            seats = game_seats(data, self.players)
            moves = _list(data, "moves")
            results = results_to_store(game, seats, moves, mode=self.results, names=self.names)
        except LineError as exc:
            raise LineError(f"{label}: {exc}") from None
        if self.merge and content_hash is not None:
            stored = Game.objects.filter(content_hash=content_hash).values_list("pk", flat=True).first()
            if stored is not None:
                self.report.duplicates.append((number, stored))
                self._game_read(number, backup_id, content_hash)
                self.games[backup_id] = stored
                return
        created_users: list[str] = []
        username = _optional_text(data, "created_by")
        try:
            with transaction.atomic():
                if username is not None:
                    game.created_by = self._user(username, created_users)
                game.save(force_insert=True)
                # auto_now(_add) stamps the save; the backup's moments are written after it.
                Game.objects.filter(pk=game.pk).update(created_at=created_at, updated_at=updated_at)
                seat_rows = Seat.objects.bulk_create(
                    Seat(
                        game=game,
                        player_id=self.players[s["player"]],
                        order=s["order"],
                        colour=s["colour"],
                        started=s["started"],
                    )
                    for s in seats
                )
                Move.objects.bulk_create(Move(game=game, ply=i, data=m) for i, m in enumerate(moves))
                if results.rows is not None:
                    Result.objects.bulk_create(
                        Result(seat=seat, **row) for seat, row in zip(seat_rows, results.rows, strict=True)
                    )
                    if game.status == Game.Status.FINISHED:
                        ratings.mark_stale(game)  # with the game: a crash after it leaves the mark
        except IntegrityError as exc:
            raise LineError(f"{label} conflicts with a stored row ({exc})") from None
        self._game_read(number, backup_id, content_hash)
        self.games[backup_id] = game.pk
        parent = data.get("parent")
        if isinstance(parent, int) and not isinstance(parent, bool):
            self.parents.append((game.pk, parent))  # linked at the end: a variation may come first
        self.report.games += 1
        self.report.tally.update({"game": 1, "games.Game": 1, "games.Seat": len(seats), "games.Move": len(moves),
                                  "games.Result": len(results.rows or ())})
        self._users_read(username, created_users)
        if results.warning is not None:
            # Reported once the game is written: a refused line is a problem, not a warning too.
            self.warning(number, f"{label}: {results.warning}")
            self.report.recomputed += results.recomputed

    def _pin(self, data: dict) -> int | None:
        """The board-data version a game line is pinned to, restored before it (none on a
        merge: another club's versions are not this club's)."""
        pinned = data.get("board_data")
        if pinned is None or self.merge:
            return None
        if pinned not in self.board_data:
            raise LineError(f"board_data: version id {pinned!r} was not restored "
                            "(missing, refused, or after its games)")
        return self.board_data[pinned]

    def _game_read(self, number: int, backup_id: int, content_hash: str | None) -> None:
        self.game_lines[backup_id] = number
        if content_hash is not None:
            self.hash_lines[content_hash] = number

    # ----------------------------------------------------------------------- end

    def _finish(self) -> None:
        if not self.merge and connection.vendor == "postgresql":
            # Rows were written with their ids: move the sequences past them.
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(no_style(), WITH_IDS):
                    cursor.execute(sql)
        for game_id, parent in self.parents:
            if parent in self.games:
                Game.objects.filter(pk=game_id).update(parent_id=self.games[parent])
            else:
                self.problem(None, f"game {game_id}: its parent game {parent} was not restored")
        self.report.rated += ratings.catch_up()
        # Games were written in bulk, past the services that work their explorer facts out: done
        # here, once, so that no reader of the explorer replays the restored history.
        explorer_facts.fill()



