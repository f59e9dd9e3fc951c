"""The whole club as one ndjson file, and back (``manage.py export_all`` / ``import_all``).

Unlike the ndjson export of games (`games.services.exporting`), which is interchange documents
meant to be imported into any club, a backup is the club's tables as stored: players with
their ids, games with every column, seats, moves and results, so a restore into an empty
database gives the same club, with the same ids (links to ``/games/<id>/`` keep working).

Format (``docs/operations.md``): line 1 is a header (format, version, app and engine
versions, counts), then one line per player, then one line per game. Nothing is specific to
a game type: seats, moves, boards and headers are carried as the models hold them.

Results are carried, and re-checked on restore: every recorded game is replayed and every
score-only board scored through the registry. The backup is the club's truth, so by default
(`KEEP`) a game is restored with its results exactly as exported even when the engine now
derives others or rejects the game (an engine fix since the backup): each difference is a
warning with its line number. `STRICT` refuses such lines instead; `RECOMPUTE` stores what
the engine derives now (a game it rejects keeps the backup's results, warned). Ratings are
not carried: they are a pure function of the results and the order (played_on, id), so the
restore rebuilds them from the results it wrote.

User accounts are not part of the backup (passwords and tokens belong to the deployment);
a game's creator and a player's login are carried as usernames. Into an empty club, a
username is linked to the account of that name, and one the database lacks is created
without a usable password, so ownership survives; a manager sets its password
(``manage.py changepassword NAME``). With ``merge`` the backup comes from another club,
whose "ana" need not be this club's "ana": usernames are linked (or created) only with
``link_users``, else left empty and listed in the summary.
"""

from __future__ import annotations

import datetime
import json
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import IntegrityError, connection, transaction
from django.db.models import Prefetch
from django.utils import timezone

from games import engine
from games.models import Game, Move, Player, Result, Seat, name_key
from games.services import ratings
from games.services.recording import RECORD_HEADER_EXCLUDES, result_rows
from rules_engine.errors import RecordError, RulesError

FORMAT = "imhotep-club-backup"
FORMAT_VERSION = 1
CHUNK = 200
COMMIT_EVERY = 200  # lines per transaction on import (each line is a savepoint within it)
RESULT_FIELDS = ("total", "breakdown", "rank", "winner", "tie_broken")

# What import does with a game whose results the engine, re-checking it, does not derive.
KEEP = "keep"  # restore the backup's results, warn (the default: the backup is the club's truth)
STRICT = "strict"  # refuse the line
RECOMPUTE = "recompute"  # store the engine's results, warn; keep the backup's if the engine rejects the game
RESULT_MODES = (KEEP, STRICT, RECOMPUTE)


class BackupRefused(ValueError):
    """The whole file is refused before anything is written (bad header, non-empty database)."""


class LineError(ValueError):
    """One line of a backup cannot be restored; nothing of it was written."""


# --------------------------------------------------------------------------- export


def app_version() -> str:
    try:
        with open(Path(settings.BASE_DIR) / "pyproject.toml", "rb") as stream:
            return tomllib.load(stream)["project"]["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


def header_line() -> dict:
    registry = engine.registry()
    return {
        "kind": "header",
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": app_version(),
        "engine_version": engine.ENGINE_VERSION,
        "plugins": [info.to_json() for info in registry.plugins.values()],
        "exported_at": timezone.now().isoformat(),
        "ratings": "not exported: rebuilt from the results on import",
        "counts": {
            "players": Player.objects.count(),
            "games": Game.objects.count(),
            "seats": Seat.objects.count(),
            "moves": Move.objects.count(),
            "results": Result.objects.count(),
        },
    }


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
        "created_by": game.created_by.get_username() if game.created_by_id else None,
        "created_at": game.created_at.isoformat(),
        "updated_at": game.updated_at.isoformat(),
        "seats": seats,
        "moves": moves if moves is not None else [m.data for m in game.moves.order_by("ply")],
    }


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


# --------------------------------------------------------------------------- import


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


@dataclass(frozen=True)
class _Check:
    """The engine's view of a game now, against the backup's results."""

    derived: list[dict] | None  # the engine's result rows; None when unfinished or rejected
    differs: str | None  # how the engine's view differs from the backup's; None when it agrees
    rejected: bool = False  # the engine rejects the game: there is nothing to recompute


@dataclass(frozen=True)
class _Results:
    """What to store for a game line, per the mode."""

    rows: list[dict] | None  # result rows per seat; None: no results (unfinished)
    warning: str | None = None  # how the engine differs, reported once the game is written
    recomputed: bool = False


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
        self.ids: dict[str, set[int]] = {"players": set(), "games": set()}
        self.unnamed = {"players": 0, "games": 0}
        self.earliest: dict[str, tuple] = {}  # game type → first (played_on, id) restored
        self.last_line = 0

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
        counts = self._header(*first)
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
        for kind in ("players", "games"):
            found = len(self.ids[kind]) + self.unnamed[kind]
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
        if kind not in ("player", "game"):
            self.problem(number, f"expected a player or game line, got {str(data)[:60]!r}")
            return
        backup_id = data.get("id")
        if isinstance(backup_id, int) and not isinstance(backup_id, bool):
            self.ids[kind + "s"].add(backup_id)
        else:
            self.unnamed[kind + "s"] += 1
        try:
            if kind == "player":
                self._player(number, data)
            else:
                self._game(number, data)
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

    def _header(self, number: int, text: str) -> dict[str, int]:
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
        ):
            raise BackupRefused("the header's counts must give the number of players and games")
        return counts

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
            game = Game(
                content_hash=content_hash, **self._game_fields(data), **({} if self.merge else {"pk": backup_id})
            )
            _clean(game, exclude=["created_by"])
            created_at, updated_at = _datetime(data, "created_at"), _datetime(data, "updated_at")
            seats = self._seats(data)
            moves = _list(data, "moves")
            results = self._results(game, seats, moves)
        except LineError as exc:
            raise LineError(f"{label}: {exc}") from None
        if self.merge and content_hash is not None:
            stored = Game.objects.filter(content_hash=content_hash).values_list("pk", flat=True).first()
            if stored is not None:
                self.report.duplicates.append((number, stored))
                self._game_read(number, backup_id, content_hash)
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
        except IntegrityError as exc:
            raise LineError(f"{label} conflicts with a stored row ({exc})") from None
        self._game_read(number, backup_id, content_hash)
        self.report.games += 1
        self._users_read(username, created_users)
        if results.warning is not None:
            # Reported once the game is written: a refused line is a problem, not a warning too.
            self.warning(number, f"{label}: {results.warning}")
            self.report.recomputed += results.recomputed
        if results.rows is not None and game.status == Game.Status.FINISHED:
            key = game.sort_key
            self.earliest[game.game_type] = min(self.earliest.get(game.game_type, key), key)

    def _game_read(self, number: int, backup_id: int, content_hash: str | None) -> None:
        self.game_lines[backup_id] = number
        if content_hash is not None:
            self.hash_lines[content_hash] = number

    def _game_fields(self, data: dict) -> dict:
        fields = {
            "game_type": _text(data, "game_type"),
            "variants": _texts(data, "variants"),
            "sides": _object(data, "sides"),
            "played_on": _date(data, "played_on"),
            "location": _text(data, "location", blank=True),
            "notes": _text(data, "notes", blank=True),
            "source": _text(data, "source"),
            "status": _text(data, "status"),
            "engine_version": _text(data, "engine_version"),
            "plugin_versions": _object(data, "plugin_versions"),
            "board": _optional_object(data, "board"),
            "header": _optional_object(data, "header"),
        }
        if fields["source"] == Game.Source.SCORE and fields["board"] is None:
            raise LineError("a score-only game needs its board")
        if fields["source"] != Game.Source.SCORE and fields["header"] is None:
            raise LineError("a recorded game needs its header")
        return fields

    def _seats(self, data: dict) -> list[dict]:
        seats = _list(data, "seats")
        if not seats:
            raise LineError("seats: a game has at least one seat")
        out = []
        for i, seat in enumerate(seats):
            where = f"seats[{i}]"
            if not isinstance(seat, dict):
                raise LineError(f"{where} must be an object")
            order = _int(seat, "order", where)
            if order != i:
                raise LineError(f"{where}.order is {order}; seats are listed in order from 0")
            player = _int(seat, "player", where)
            if player not in self.players:
                raise LineError(
                    f"{where}.player: player id {player} was not restored (missing, refused, or after its games)"
                )
            result = seat.get("result")
            if result is not None and not isinstance(result, dict):
                raise LineError(f"{where}.result must be an object or null")
            out.append(
                {
                    "order": order,
                    "player": player,
                    "colour": _text(seat, "colour", blank=True, where=where),
                    "started": _bool(seat, "started", where),
                    "result": result,
                }
            )
        if len({s["player"] for s in out}) != len(out):
            raise LineError("seats: a player sits twice in the game")
        return out

    def _results(self, game: Game, seats: list[dict], moves: list) -> _Results:
        """The results to store, per the mode; LineError when the line is refused. RECOMPUTE
        sets ``game``'s status and versions to the engine's when it stores the engine's results."""
        missing = engine.registry().missing(game.game_type, game.variants, {})
        if missing:
            # Not an engine change but a plugin this server lacks: install it, then import.
            raise LineError(f"{'; '.join(missing)} (install it, then import again)")
        stored = self._stored_results(seats)
        check = self._check(game, seats, moves, stored)
        if check.differs is None:
            return _Results(stored)
        if self.results == STRICT:
            raise LineError(
                f"{check.differs}; restore with the engine version that made the backup, or without --strict"
            )
        if self.results == RECOMPUTE and not check.rejected:
            if check.derived is not None:
                game.status = Game.Status.FINISHED
            elif game.status == Game.Status.FINISHED:
                game.status = Game.Status.IN_PROGRESS  # as recompute_results: no end reached, no results
            game.engine_version = engine.ENGINE_VERSION
            game.plugin_versions = engine.versions(game.game_type, game.variants)
            return _Results(check.derived, f"{check.differs}; stored the engine's results (--recompute)", True)
        advice = "" if self.results == RECOMPUTE else " (--recompute stores the engine's, --strict refuses the line)"
        return _Results(stored, f"{check.differs}; kept the backup's results{advice}")

    def _stored_results(self, seats: list[dict]) -> list[dict] | None:
        """The backup's result rows, checked as the model holds them: every seat or none."""
        given = [s["result"] for s in seats]
        if all(r is None for r in given):
            return None
        if any(r is None for r in given):
            raise LineError("some seats have a result and others none: every seat has one or none does")
        rows = []
        for i, result in enumerate(given):
            where = f"seats[{i}].result"
            row = {f: _get(result, f, where) for f in RESULT_FIELDS}
            _clean(Result(**row), exclude=["seat"], where=where)
            if not isinstance(row["breakdown"], dict):
                raise LineError(f"{where}.breakdown must be an object")
            if not all(isinstance(row[f], bool) for f in ("winner", "tie_broken")):
                raise LineError(f"{where}: winner and tie_broken must be true or false")
            if not all(isinstance(row[f], int) and not isinstance(row[f], bool) for f in ("total", "rank")):
                raise LineError(f"{where}: total and rank must be whole numbers")
            rows.append(row)
        return rows

    def _check(self, game: Game, seats: list[dict], moves: list, stored: list[dict] | None) -> _Check:
        """Re-check the game with the engine of this server against the backup's results."""
        try:
            if not game.has_moves:
                score = engine.registry().score(game.board)
                what = "scoring its board"
            else:
                replay = engine.registry().replay(self._record(game, seats, moves))
                score = replay.score() if replay.finished else None
                what = f"replaying its {len(moves)} moves"
        except RecordError as exc:
            where = f" at move {exc.move}" if exc.move is not None else ""
            return _Check(None, f"the engine rejects the record{where}: {exc.reason}", rejected=True)
        except RulesError as exc:
            return _Check(None, f"the engine rejects the game: {exc}", rejected=True)
        derived = result_rows(score) if score is not None else None
        if derived is None:
            if stored is not None:
                return _Check(None, f"the backup has results but {what} does not reach the end of the game")
            return _Check(None, None)
        if len(derived) != len(seats):
            return _Check(None, f"the engine scores {len(derived)} players for {len(seats)} seats", rejected=True)
        if stored is None:
            return _Check(derived, f"{what} reaches the end of the game but the backup has no results")
        for i, (mine, theirs) in enumerate(zip(derived, stored, strict=True)):
            if any(theirs[f] != mine[f] for f in RESULT_FIELDS):
                return _Check(derived, f"seat {i + 1}: {what} gives {mine} but the backup says {theirs}")
        return _Check(derived, None)

    def _record(self, game: Game, seats: list[dict], moves: list) -> dict:
        """The F2/F4 record, as `recording.record_of` builds it from the stored rows."""
        header = dict(game.header)
        record = {"game": header.pop("game", game.game_type)}
        record.update({k: v for k, v in header.items() if k != "setup" and k not in RECORD_HEADER_EXCLUDES})
        record["players"] = [self.names[s["player"]] for s in seats]
        if "setup" in header:
            record["setup"] = header["setup"]
        record["moves"] = moves
        return record

    # ----------------------------------------------------------------------- end

    def _finish(self) -> None:
        if not self.merge and connection.vendor == "postgresql":
            # Rows were written with their ids: move the sequences past them.
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(no_style(), [Player, Game]):
                    cursor.execute(sql)
        for game_type, (played_on, game_id) in sorted(self.earliest.items()):
            self.report.rated += ratings.rebuild_from(game_type, played_on, game_id)


# --------------------------------------------------------------------------- field readers


def _missing(data: Mapping, key: str, where: str) -> str:
    return f"{where + '.' if where else ''}{key}"


def _get(data: Mapping, key: str, where: str):
    if key not in data:
        raise LineError(f"{_missing(data, key, where)} is missing")
    return data[key]


def _int(data: Mapping, key: str, where: str = "") -> int:
    value = _get(data, key, where)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise LineError(f"{_missing(data, key, where)} must be a whole number ≥ 0, got {value!r:.40}")
    return value


def _bool(data: Mapping, key: str, where: str = "") -> bool:
    value = _get(data, key, where)
    if not isinstance(value, bool):
        raise LineError(f"{_missing(data, key, where)} must be true or false, got {value!r:.40}")
    return value


def _text(data: Mapping, key: str, *, blank: bool = False, where: str = "") -> str:
    value = _get(data, key, where)
    if not isinstance(value, str) or (not blank and not value.strip()):
        raise LineError(f"{_missing(data, key, where)} must be {'' if blank else 'non-empty '}text, got {value!r:.40}")
    return value


def _optional_text(data: Mapping, key: str) -> str | None:
    value = data.get(key)
    if value is not None and (not isinstance(value, str) or not value):
        raise LineError(f"{key} must be text or null, got {value!r:.40}")
    return value


def _list(data: Mapping, key: str) -> list:
    value = _get(data, key, "")
    if not isinstance(value, list):
        raise LineError(f"{key} must be a list, got {type(value).__name__}")
    return value


def _texts(data: Mapping, key: str) -> list[str]:
    value = _list(data, key)
    if not all(isinstance(item, str) for item in value):
        raise LineError(f"{key} must be a list of text")
    return value


def _object(data: Mapping, key: str) -> dict:
    value = _get(data, key, "")
    if not isinstance(value, dict):
        raise LineError(f"{key} must be an object, got {type(value).__name__}")
    return value


def _optional_object(data: Mapping, key: str) -> dict | None:
    value = data.get(key)
    if value is not None and not isinstance(value, dict):
        raise LineError(f"{key} must be an object or null, got {type(value).__name__}")
    return value


def _date(data: Mapping, key: str) -> datetime.date:
    value = _get(data, key, "")
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise LineError(f"{key} must be a date as YYYY-MM-DD, got {value!r:.40}") from None


def _datetime(data: Mapping, key: str) -> datetime.datetime:
    value = _get(data, key, "")
    try:
        moment = datetime.datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise LineError(f"{key} must be a date and time in ISO 8601, got {value!r:.40}") from None
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, datetime.UTC)
    return moment


def _clean(instance, exclude: list[str], where: str = "") -> None:
    """The model's own field checks (lengths, choices); uniqueness is the database's job."""
    try:
        instance.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        prefix = f"{where}." if where else ""
        problems = "; ".join(f"{prefix}{name}: {' '.join(messages)}" for name, messages in exc.message_dict.items())
        raise LineError(problems) from None
