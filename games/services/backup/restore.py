"""A backup restored (``manage.py import_all``): the header checked, then each line (an
account, a board-data version, a player, a game, an event, an analysis) written all or
nothing, with the problems (lines refused) and warnings (games the engine now sees otherwise,
`games.services.backup.results`; accounts kept as the database has them) of a
`RestoreReport`; ratings are rebuilt from the results written and the explorer's facts worked
out (package docstring).

Accounts, board data, events and analyses (version 2's `ROW_KINDS`) are the club's own: they
are restored into an empty club only; ``merge`` adds players and games from another club and
counts those lines as skipped.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice

from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import IntegrityError, connection, transaction
from django.db.models import Model

from games.analysis.models import GameAnalysis
from games.events.models import Event, PairingSeat, Registration, Round
from games.events.models import Pairing as EventPairing
from games.membership.models import LanguagePreference, Membership
from games.models import BoardData, Game, Move, Player, Result, Seat, name_key
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
from games.services.backup.fileformat import COUNTED, ROW_KINDS, BackupRefused, read_header
from games.services.backup.results import KEEP, RESULT_MODES, results_to_store

COMMIT_EVERY = 200  # lines per transaction on import (each line is a savepoint within it)


@dataclass
class Problem:
    line: int | None  # 1-based line of the file; None for the file as a whole
    reason: str

    def describe(self) -> str:
        return f"line {self.line}: {self.reason}" if self.line is not None else self.reason


@dataclass
class RestoreReport:
    players: int = 0  # player rows written
    players_matched: int = 0  # --merge: players found by name in the database
    games: int = 0
    duplicates: list[tuple[int, int]] = field(default_factory=list)  # --merge: (line, stored game id)
    users_created: list[str] = field(default_factory=list)
    users_unlinked: list[str] = field(default_factory=list)  # --merge without link_users: left empty
    problems: list[Problem] = field(default_factory=list)  # lines refused
    warnings: list[Problem] = field(default_factory=list)  # games restored that the engine now sees otherwise
    recomputed: int = 0  # RECOMPUTE: games stored with the engine's results instead of the backup's
    rated: int = 0
    rolled_back: bool = False  # --atomic and a problem: nothing was written
    rows: dict[str, int] = field(default_factory=dict)  # lines of ROW_KINDS restored, per kind
    skipped: dict[str, int] = field(default_factory=dict)  # --merge: lines of ROW_KINDS not restored

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        if self.rolled_back:
            return f"{len(self.problems)} problem(s); --atomic: nothing was written"
        parts = [f"restored {self.players} player(s) and {self.games} game(s)"]
        if self.players_matched:
            parts.append(f"{self.players_matched} player(s) matched by name")
        if self.duplicates:
            parts.append(f"{len(self.duplicates)} game(s) already stored, skipped")
        if self.users_created:
            parts.append(
                f"{len(self.users_created)} account(s) created without a password: {', '.join(self.users_created)}"
            )
        if self.users_unlinked:
            parts.append(
                f"{len(self.users_unlinked)} username(s) not linked to any account (--merge without "
                f"--link-users; creators and logins left empty): {', '.join(self.users_unlinked)}"
            )
        if self.warnings:
            kept = len(self.warnings) - self.recomputed
            what = []
            if self.recomputed:
                what.append(f"{self.recomputed} stored with the engine's results")
            if kept:
                what.append(f"{kept} kept with the backup's results")
            parts.append(f"{len(self.warnings)} game(s) differ from what the engine derives now: {', '.join(what)}")
        if self.rows:
            parts.append("restored " + ", ".join(f"{n} {kind.replace('_', ' ')} line(s)"
                                                 for kind, n in self.rows.items()))
        if self.skipped:
            parts.append("--merge adds players and games only, skipped: "
                         + ", ".join(f"{n} {kind.replace('_', ' ')} line(s)" for kind, n in self.skipped.items()))
        parts.append(f"{self.rated} game(s) rated")
        if self.problems:
            parts.append(f"{len(self.problems)} line(s) refused")
        return "; ".join(parts)


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


class _Restorer:
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
        self.ids: dict[str, set[int]] = {kinds: set() for kinds in COUNTED.values()}
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
        if isinstance(backup_id, int) and not isinstance(backup_id, bool):
            self.ids[COUNTED[kind]].add(backup_id)
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

    # ----------------------------------------------------------------------- accounts, board data, events, analyses

    def _rows(self, number: int, kind: str, data: dict) -> None:
        backup_id = _int(data, "id")
        if self.merge:
            self.report.skipped[kind] = self.report.skipped.get(kind, 0) + 1
            return
        label = f"{kind.replace('_', ' ')} {backup_id}"
        try:
            objects = list(serializers.deserialize("python", _list(data, "rows")))
        except (DeserializationError, ValidationError, LookupError, TypeError, AttributeError) as exc:
            raise LineError(f"{label}: the rows cannot be read ({str(exc)[:200]})") from None
        models = _LINE_MODELS[kind]
        if not objects or type(objects[0].object) is not models[0] or any(
                type(o.object) not in models for o in objects):
            names = ", ".join(m._meta.label for m in models)
            raise LineError(f"{label}: the rows must be a {models[0]._meta.label} then its own rows ({names})")
        if kind == "user" and self._account_kept(number, backup_id, objects[0].object):
            return
        try:
            with transaction.atomic():
                for row in objects:
                    self._link(row.object, label)
                    row.m2m_data = {}  # groups and permissions: the deployment's, not the club's
                    row.save()
                    if kind == "user" and row is objects[0]:
                        self.users[backup_id] = row.object.pk
        except IntegrityError as exc:
            self.users.pop(backup_id, None)
            raise LineError(f"{label} conflicts with a stored row ({exc})") from None
        if kind == "board_data":
            self.board_data[backup_id] = objects[0].object.pk
        self.report.rows[kind] = self.report.rows.get(kind, 0) + 1

    def _account_kept(self, number: int, backup_id: int, user) -> bool:
        """An account whose username the database has already (the admin who runs the restore):
        kept as it is, the backup's rows pointing to it; one whose id is taken gets a new id."""
        User = get_user_model()
        same_name = User.objects.filter(**{User.USERNAME_FIELD: user.get_username()})
        existing = same_name.values_list("pk", flat=True).first()
        if existing is not None:
            self.users[backup_id] = existing
            self.warning(number, f"account {user.get_username()!r} already exists: kept as the database has it")
            return True
        if User.objects.filter(pk=user.pk).exists():
            user.pk = None
        return False

    def _link(self, row, label: str) -> None:
        """Point a row's links to the rows restored: accounts, players, games and board data by
        the ids they got; the line's own rows keep theirs."""
        for model_field in row._meta.concrete_fields:
            if not model_field.is_relation:
                continue
            value = getattr(row, model_field.attname)
            mapping = self._ids_of(model_field.related_model)
            if value is None or mapping is None:
                continue
            if value not in mapping:
                raise LineError(f"{label}: {row._meta.model_name}.{model_field.name} is "
                                f"{model_field.related_model._meta.model_name} {value}, which was not restored")
            setattr(row, model_field.attname, mapping[value])

    def _ids_of(self, model) -> dict[int, int] | None:
        if model is get_user_model():
            return self.users
        return {Player: self.players, Game: self.games, BoardData: self.board_data}.get(model)

    # ----------------------------------------------------------------------- end

    def _finish(self) -> None:
        if not self.merge and connection.vendor == "postgresql":
            # Rows were written with their ids: move the sequences past them.
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(no_style(), _WITH_IDS):
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


#: The models of each kind of row line, the line's own first.
_LINE_MODELS: dict[str, tuple] = {
    "user": (get_user_model(), Membership, LanguagePreference),
    "board_data": (BoardData,),
    "event": (Event, Registration, Round, EventPairing, PairingSeat),
    "analysis": (GameAnalysis,),
}
assert set(_LINE_MODELS) == set(ROW_KINDS)
#: The tables a restore into an empty club writes with their ids (PostgreSQL's sequences moved past them).
_WITH_IDS: list[type[Model]] = [Player, Game, get_user_model(), Membership, LanguagePreference, BoardData, Event,
                                Registration, Round, EventPairing, PairingSeat, GameAnalysis]

