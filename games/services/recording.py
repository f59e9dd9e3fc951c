"""Storing games. The one place results are written:

* a score-only game (from the calculator or an F1/F3 board) stores its board and the result
  the engine computes from it;
* a recorded game stores its header and one row per move, and its results are ALWAYS derived
  by replaying those moves through the engine (formats.md F2: "replaying it through the
  engine gives every intermediate state and the final score").

Every game goes through the plugin registry, so plugin games are stored the same way.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import boarddata, registered_games
from games.models import Game, Move, Seat
from games.services import explorer, field_message, ratings, reason_of
from games.services.documents import GameMeta, ParsedDocument, board_hash, record_hash, split_history
from games.services.players import check_names, players_by_name
from games.services.results import store_results
from imhotep_lib.limits import LimitExceeded, check_moves, check_record_count
from rules_engine import ENGINE_VERSION
from rules_engine.errors import BoardError, RecordError, RulesError, joined_parts
from rules_engine.messages import msg
from rules_engine.registry import DEFAULT_GAME, default_registry

RECORD_HEADER_EXCLUDES = ("players", "moves")


@dataclass(frozen=True)
class Outcome:
    """What became of one record handed to `import_record`."""

    IMPORTED = "imported"
    DUPLICATE = "duplicate"
    REJECTED = "rejected"

    status: str
    game: Game | None = None
    reason: str = ""  # for people: may be a message (rules_engine.messages), said with imhotep_lib.translation.say
    move: int | None = None  # 0-based index of the offending move (F2), when one is to blame
    number: int | None = None  # position in an upload, set by `import_many`
    errors: tuple[tuple[str, str], ...] = ()  # a rejected board's (field, message) pairs

    @property
    def ok(self) -> bool:
        return self.status != self.REJECTED

    def describe(self) -> str:
        """One line for a person, e.g. ``record 3: rejected at move 17: unload row-2 needs …``."""
        # The move as the replay's move list numbers it (``self.move`` is the record's index).
        number, move = self.number, None if self.move is None else self.move + 1
        game = None if self.game is None else self.game.pk  # set when imported or a duplicate
        if self.status == self.IMPORTED:
            if number is None:
                return msg("imported as game {game}", game=game)
            return msg("record {number}: imported as game {game}", number=number, game=game)
        if self.status == self.DUPLICATE:
            if number is None:
                return msg("duplicate of game {game}, skipped", game=game)
            return msg("record {number}: duplicate of game {game}, skipped", number=number, game=game)
        if number is None:
            if move is None:
                return msg("rejected: {reason}", reason=self.reason)
            return msg("rejected at move {move}: {reason}", move=move, reason=self.reason)
        if move is None:
            return msg("record {number}: rejected: {reason}", number=number, reason=self.reason)
        return msg("record {number}: rejected at move {move}: {reason}", number=number, move=move, reason=self.reason)

    def to_json(self) -> dict:
        out: dict = {"status": self.status}
        if self.number is not None:
            out["record"] = self.number
        if self.game is not None:
            out["game"] = self.game.pk
        if self.status == self.REJECTED:
            out["error"] = {"move": self.move, "reason": self.reason}
        return out


# --------------------------------------------------------------------------- score-only games


def import_board(document: object, *, user=None, meta: GameMeta | None = None, rate: bool = True) -> Outcome:
    """Store a score-only game from an F1/F3 board (players created by name if new); the
    result is the engine's score of the board.

    Rejected (nothing stored) when the engine finds the board invalid, or a player has no
    name or sits twice; ``errors`` then lists ``(field, message)`` pairs. The same board on
    the same day is a duplicate (see `board_hash`). ``meta`` overrides the board's own
    ``history`` metadata."""
    if not isinstance(document, Mapping):
        return _rejected_board([("", msg("the board must be a JSON object, got {kind}", kind=_json_type(document)))])
    try:
        own_meta, board = split_history(document)
    except ValueError as exc:
        return _rejected_board([("history", reason_of(exc))])
    meta = meta or own_meta
    try:
        score = default_registry().score(board).to_json()
        names = _board_names(board)
    except BoardError as exc:
        return _rejected_board(exc.errors)
    played_on = meta.played_on or timezone.localdate()
    digest = board_hash(board, played_on)
    existing = Game.objects.filter(content_hash=digest).first()
    if existing is not None:
        return Outcome(Outcome.DUPLICATE, existing)

    game_type = board.get("game", DEFAULT_GAME)
    variants = list(board.get("variants", []))
    starting = default_registry().game(game_type).starting_player(board)
    colours = registered_games.default_colours(game_type)
    seats = [
        (name, p.get("colour") or (colours[i] if i < len(colours) else ""), i == starting)
        for i, (name, p) in enumerate(zip(names, board["players"], strict=True))
    ]
    def insert() -> Game:
        game = Game.objects.create(
            **_game_fields(game_type, variants, board.get("sides"), meta, user, digest),
            played_on=played_on,
            source=Game.Source.SCORE,
            status=Game.Status.FINISHED,
            board=board,
        )
        store_results(_create_seats(game, seats), score)
        explorer.refresh(game)
        if rate:
            ratings.rate_from(game)
        else:
            ratings.mark_stale(game)
        return game

    return _insert_or_duplicate(digest, insert)


def _game_fields(game_type: str, variants: list, sides: object, meta: GameMeta, user, digest: str) -> dict:
    """The Game columns every way of storing a game fills alike."""
    return {
        "game_type": game_type,
        "variants": variants,
        "sides": registered_games.fill_sides(game_type, sides),
        "location": meta.location,
        "notes": meta.notes,
        "engine_version": ENGINE_VERSION,
        "plugin_versions": registered_games.versions(game_type, variants),
        "content_hash": digest,
        "created_by": user,
        # The board data it is played or scored with, until a club admin rescores it.
        "board_data_id": boarddata.current_id(game_type),
    }


def _insert_or_duplicate(digest: str, insert: Callable[[], Game]) -> Outcome:
    """Run ``insert`` in one transaction. A clash on the content hash means the same game was
    stored by someone else between our duplicate check and our insert."""
    try:
        with transaction.atomic():
            game = insert()
    except IntegrityError:
        existing = Game.objects.filter(content_hash=digest).first()
        if existing is None:
            raise
        return Outcome(Outcome.DUPLICATE, existing)
    return Outcome(Outcome.IMPORTED, game)


def _board_names(board: Mapping) -> list[str]:
    players = board.get("players") or []
    errors = []
    for i, p in enumerate(players):
        name = p.get("name") if isinstance(p, Mapping) else None
        if not isinstance(name, str) or not name.strip():
            errors.append((f"players[{i}].name", msg("a name is needed to store the game in the club history")))
    if errors:
        raise BoardError(errors)
    try:
        return check_names([p["name"] for p in players])
    except ValueError as exc:
        raise BoardError([("players", reason_of(exc))]) from None


# --------------------------------------------------------------------------- recorded games


def import_record(
    document: object,
    *,
    user=None,
    source: str = Game.Source.IMPORTED,
    meta: GameMeta | None = None,
    rate: bool = True,
    distinct: bool = False,
) -> Outcome:
    """Import one F2/F4 record: replay it, and store it with its moves and derived results.
    With ``distinct`` the record is stored even if the same record is stored already (a
    what-if variation starting where another game or variation stands).

    A record with an illegal move is rejected with the move index and the engine's reason and
    stores nothing (one transaction per record); a record already stored (same content hash)
    is skipped. ``meta`` overrides the record's own ``history`` metadata. With ``rate=False``
    the game is marked unrated with it (`ratings.mark_stale`) and the caller catches up
    afterwards (see `import_many`).

    Raises `LimitExceeded` (answered 413) for a record over ``IMHOTEP_MAX_MOVES`` moves."""
    if not isinstance(document, Mapping):
        return _rejected(msg("a record must be a JSON object, got {kind}", kind=_json_type(document)))
    check_moves(document)
    try:
        own_meta, record = split_history(document)
        names = check_names(record.get("players"))
    except ValueError as exc:
        return _rejected(reason_of(exc))
    meta = meta or own_meta
    digest = record_hash(record)
    if distinct:
        digest = hashlib.sha256(f"{digest}:{uuid.uuid4()}".encode()).hexdigest()
    existing = Game.objects.filter(content_hash=digest).first()
    if existing is not None:
        return Outcome(Outcome.DUPLICATE, existing)
    try:
        replay = default_registry().replay(record, states=False)
        score = replay.score().to_json() if replay.finished else None
    except RecordError as exc:
        return _rejected(exc.reason, exc.move)
    except RulesError as exc:
        return _rejected(reason_of(exc))

    game_type = record.get("game", DEFAULT_GAME)
    variants = list(record.get("variants", []))
    colours = record.get("colours") or registered_games.default_colours(game_type)
    # F2/F4: players[0] starts (is seat 1).
    seats = [(name, colours[i] if i < len(colours) else "", i == 0) for i, name in enumerate(names)]
    def insert() -> Game:
        game = Game.objects.create(
            **_game_fields(game_type, variants, record.get("sides"), meta, user, digest),
            played_on=meta.played_on or timezone.localdate(),
            source=source,
            status=Game.Status.FINISHED if score is not None else Game.Status.IN_PROGRESS,
            header={k: v for k, v in record.items() if k not in RECORD_HEADER_EXCLUDES},
        )
        seat_rows = _create_seats(game, seats)
        Move.objects.bulk_create(Move(game=game, ply=i, data=m) for i, m in enumerate(record["moves"]))
        if score is not None:
            store_results(seat_rows, score)
            explorer.refresh(game)
            if rate:
                ratings.rate_from(game)
            else:
                ratings.mark_stale(game)
        return game

    return _insert_or_duplicate(digest, insert)


def import_document(
    document: object,
    *,
    user=None,
    source: str = Game.Source.IMPORTED,
    meta: GameMeta | None = None,
    rate: bool = True,
) -> Outcome:
    """A record (it has ``moves``) or a score-only board, as our ndjson export mixes them."""
    if isinstance(document, Mapping) and "moves" not in document and _looks_like_board(document):
        return import_board(document, user=user, meta=meta, rate=rate)
    return import_record(document, user=user, source=source, meta=meta, rate=rate)


def import_many(
    documents: Iterable,
    *,
    user=None,
    source: str = Game.Source.IMPORTED,
    on_outcome=None,
    request_limits: bool = False,
) -> list[Outcome]:
    """Import many documents (records, or boards of score-only games), one transaction
    each, then rebuild the ratings once from the earliest new game of each game type
    (instead of once per document). Each finished game is stored with a mark that its ratings
    are out of date (`ratings.mark_stale`), in its own transaction: if the import dies halfway,
    the next import (or the next background task) rates them (`ratings.catch_up`).

    ``documents`` yields `ParsedDocument`s or plain documents; ``on_outcome(outcome)`` is
    called after each one (progress bars, per-record lines).

    With ``request_limits`` (an upload through the site) the whole upload is checked first
    and `LimitExceeded` raised, nothing stored, when it has more than
    ``IMHOTEP_MAX_IMPORT_RECORDS`` records or a record over ``IMHOTEP_MAX_MOVES`` moves.
    Otherwise (the command line) such a record is rejected on its own."""
    if request_limits:
        documents = list(documents)
        check_upload(documents)
    outcomes = []
    for number, item in enumerate(documents, start=1):
        if isinstance(item, ParsedDocument):
            number = item.number
            outcome = (
                _rejected(item.error) if item.error else _import_within_limits(item.document, user=user, source=source)
            )
        else:
            outcome = _import_within_limits(item, user=user, source=source)
        outcome = replace(outcome, number=number)
        outcomes.append(outcome)
        if on_outcome is not None:
            on_outcome(outcome)
    ratings.catch_up()
    return outcomes


def check_upload(documents: list) -> None:
    """Raise `LimitExceeded` (nothing stored) for an upload of more than
    ``IMHOTEP_MAX_IMPORT_RECORDS`` records or with a record over ``IMHOTEP_MAX_MOVES`` moves."""
    check_record_count(len(documents))
    for number, item in enumerate(documents, start=1):
        document = item.document if isinstance(item, ParsedDocument) else item
        check_moves(document, label=msg("record {number}", number=getattr(item, "number", number)))


def _import_within_limits(document: object, *, user, source: str) -> Outcome:
    try:
        return import_document(document, user=user, source=source, rate=False)
    except LimitExceeded as exc:
        return _rejected(exc.message)


# --------------------------------------------------------------------------- helpers


def _looks_like_board(document: Mapping) -> bool:
    players = document.get("players")
    return isinstance(players, list) and bool(players) and all(isinstance(p, Mapping) for p in players)


def _create_seats(game: Game, seats: list[tuple[str, str, bool]]) -> list[Seat]:
    players = players_by_name([name for name, _, _ in seats])
    return Seat.objects.bulk_create(
        Seat(game=game, player=player, order=i, colour=colour, started=started)
        for i, (player, (_, colour, started)) in enumerate(zip(players, seats, strict=True))
    )


def _rejected(reason: str, move: int | None = None) -> Outcome:
    return Outcome(Outcome.REJECTED, reason=reason, move=move)


def _rejected_board(errors) -> Outcome:
    # A message stays a message (str() would make it plain English): pages and the API say it.
    errors = tuple((str(path), message if isinstance(message, str) else str(message)) for path, message in errors)
    reason = joined_parts(field_message(path, message) for path, message in errors)
    return Outcome(Outcome.REJECTED, reason=reason, errors=errors)


def _json_type(value: object) -> str:
    return {
        list: msg("a list"),
        str: msg("a string"),
        bool: msg("true/false"),
        type(None): "null",
        int: msg("a number"),
        float: msg("a number"),
    }.get(type(value), type(value).__name__)
