"""Appending one move to a live game: the only code that writes a live move.

Appends are serialised per game by the database: the Game row is locked
(``select_for_update``) inside one transaction and the expected ply is compared with the moves
stored, so two clients appending at once can never lose or duplicate a ply (the second one
sees the first one's move and gets a stale-ply answer). The move is played on the position
the page showed, whose replay is cached (`timeline`; without it the whole record is replayed
through the registry), and the longer replay is handed back to that cache for the page that
follows: no replay of the whole game per move. When the move ends the game, the club history
derives the results (`recompute_results`) and the game becomes finished.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction

from games.boarddata import registry_for
from games.models import Game, Move
from games.services import reason_of
from games.services.records import record_of
from games.services.results import recompute_results
from games.ui.timeline import Timeline, cached_timeline, load_timeline, remember
from rules_engine.errors import RecordError, RulesError
from rules_engine.gametype import TableAnswers
from rules_engine.messages import msg


class StalePly(Exception):
    """The client expected to write another ply than the next one."""

    def __init__(self, expected: int, current: int):
        super().__init__(msg("you sent a move for ply {expected}, but the game is at ply {current}; "
                             "reload the position and try again", expected=expected, current=current))
        self.expected = expected
        self.current = current


class ConflictingMove(StalePly):
    """Another device stored a different move at the ply this one was tapped for: the players
    choose (docs/replay.md "Offline that is exact"). ``theirs``: the moves stored from that ply
    on, (ply, F2 dict) each, for the page to show beside the tap."""

    def __init__(self, expected: int, current: int, theirs: list[tuple[int, dict[str, Any]]]):
        super().__init__(expected, current)
        self.args = (msg("another device stored a different move as move {move}; choose which one the game keeps",
                         move=expected + 1),)
        self.theirs = theirs


class RejectedMove(Exception):
    """The move breaks a rule (or is not a move); ``move`` is its 0-based index in the record."""

    def __init__(self, reason: str, move: int | None):
        super().__init__(reason)
        self.reason = reason
        self.move = move


@dataclass(frozen=True)
class Appended:
    game: Game
    ply: int  # the ply just written
    move: dict[str, Any]  # as stored (the engine's F2 form)
    finished: bool
    timeline: Timeline  # the game's replay with the move, for the page that follows
    repeated: bool = False  # the move id was stored already: this is that move, nothing was written


MOVE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: A move id made by a play page names the device (phone) that made it: ``dev-<16 hex>-<tap>``
#: (static/js/retry.js keeps one device id per browser).
DEVICE = re.compile(r"dev-([0-9a-f]{16})-")


def device_of(move_id: str) -> str:
    """The device a move id names, or "" (an API client's id, a move without an id)."""
    found = DEVICE.match(move_id or "")
    return found.group(1) if found else ""


def _same_move(stored: Mapping[str, Any], tapped: Mapping[str, Any]) -> bool:
    """Whether a tap is the stored move (what the table turned up, stored with it, is not in a tap)."""
    return all(stored.get(k) == v for k, v in tapped.items())


def _behind(game: Game, ply: int, current: int, move: Mapping[str, Any], device: str) -> tuple[int, bool]:
    """A tap of device ``device`` for ply ``ply`` of a game at ``current`` > ``ply`` (its page
    showed an older position): the ply it is written at, and whether it is the move another
    device already stored there (two devices agreeing: nothing is written). Moves this device
    stored since are its own: the tap follows them. Raises ConflictingMove when another device stored a different
    move at the first ply after them."""
    later = list(game.moves.filter(ply__gte=ply).order_by("ply").values_list("ply", "data", "move_id"))
    others = [k for k, (_p, _d, mid) in enumerate(later) if device_of(mid) != device]
    if not others:
        return current, False
    at, data, _mid = later[others[0]]
    if _same_move(data, move):
        return at, True
    raise _conflict(later, others[0], current)


def _conflict(later: list[tuple[int, Any, str]], first: int, current: int) -> ConflictingMove:
    return ConflictingMove(later[first][0], current, [(p, d) for p, d, _mid in later[first:]])


def tap_ply(game: Game, ply: int, move: Mapping[str, Any], move_id: str) -> int:
    """The ply a play page's tap for ``ply`` would be written at (without a lock: the page asks
    what that position turned up at the table first; `append_move` decides again under it)."""
    current = game.moves.count()
    if ply >= current or not device_of(move_id):
        return ply
    try:
        follows, repeated = _behind(game, ply, current, move, device_of(move_id))
    except StalePly:
        return ply
    return ply if repeated else follows


def append_move(game_id: int, ply: object, move: object, table: TableAnswers | None = None,
                shown: Timeline | None = None, seen_at: datetime | None = None, move_id: object = "") -> Appended:
    """Write ``move`` as ply ``ply`` of game ``game_id``. Raises Game.DoesNotExist, StalePly,
    RejectedMove. ``table`` (a game recorded at a physical table): what the move made the
    table turn up (`GameType.table_needs`), which the game writes into the record
    (`GameType.with_table`); stored with the move or not at all. ``shown``: the game's
    timeline as the caller just loaded it, when the game's ``updated_at`` was ``seen_at``: if
    nothing was written since, its record is the game's and is not built again. ``move_id``:
    the id the client gave this tap; a request repeated with an id already stored (a
    connection that dropped before the answer came) gets that move back, ``repeated``, and
    nothing is written, whatever ply it sends. A tap from a play page (its id names its device,
    `device_of`) for an older ply than the game's follows the moves that device stored since
    (its page showed an older copy), is the move another device stored there (``repeated``), or
    raises ConflictingMove: nothing is lost and nothing written twice."""
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise RejectedMove(
            msg("ply must be the whole number of the ply you are writing, got {value}", value=f"{ply!r:.40}"), None
        )
    if not isinstance(move, Mapping):
        raise RejectedMove(msg("move must be a JSON object (an F2 move), got {value}", value=f"{move!r:.60}"), ply)
    if move_id and not (isinstance(move_id, str) and MOVE_ID.fullmatch(move_id)):
        raise RejectedMove(msg("move_id must be 1 to 64 letters, digits, '-' or '_', got {value}",
                               value=f"{move_id!r:.70}"), ply)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if move_id:
            earlier = game.moves.filter(move_id=move_id).first()
            if earlier is not None:  # the same tap again: answer with what it stored
                return Appended(game=game, ply=earlier.ply, move=earlier.data,
                                finished=game.status == Game.Status.FINISHED, timeline=load_timeline(game),
                                repeated=True)
        current = game.moves.count()
        if ply < current and device_of(str(move_id)):
            ply, repeated = _behind(game, ply, current, move, device_of(str(move_id)))
            if repeated:  # the move another device stored at that ply: stored once
                earlier = game.moves.get(ply=ply)
                return Appended(game=game, ply=ply, move=earlier.data, finished=game.status == Game.Status.FINISHED,
                                timeline=load_timeline(game), repeated=True)
        if ply != current:
            raise StalePly(ply, current)
        if game.status != Game.Status.IN_PROGRESS:
            raise RejectedMove(_not_in_progress(game), current)
        previous: Timeline | None
        if shown is not None and seen_at == game.updated_at and shown.plies == current:
            # Every move written or undone saves updated_at: the record the caller built is current.
            record, previous = {**shown.record, "moves": list(shown.record["moves"])}, shown
        else:
            record = record_of(game)
            # The page showed this position, so its replay is usually at hand (this process's
            # timelines): the move is played on its last position instead of replaying the game.
            previous = cached_timeline(game, {**record, "moves": list(record["moves"])})
        record["moves"].append(dict(move))
        if table:
            try:
                grown = registry_for(game).game(game.game_type).with_table(record, table)
            except RulesError as exc:
                raise RejectedMove(reason_of(exc), current) from None
            if _save_header(game, record, grown):  # rolled back with the move if the move fails
                previous = None  # the header changed (cards added to the setup): replay the record
            record = grown
        try:
            replay = previous.replay.extended(dict(record["moves"][-1])) if previous is not None else None
            if replay is None:
                replay = registry_for(game).replay(record)
        except RecordError as exc:
            raise RejectedMove(exc.reason, exc.move) from None
        except RulesError as exc:
            raise RejectedMove(reason_of(exc), current) from None
        stored = registry_for(game).game(game.game_type).move_to_json(replay.moves[-1])
        Move.objects.create(game=game, ply=current, data=stored, move_id=str(move_id or ""))
        record["moves"][-1] = stored
        if replay.finished:
            recompute_results(game, replay)  # the club history derives results and sets finished
        else:
            game.save(update_fields=["updated_at"])
    # Keyed by the record's content, so it is right even if the commit had failed.
    timeline = remember(game, record, replay, previous)
    return Appended(game=game, ply=current, move=stored, finished=replay.finished, timeline=timeline)


def _save_header(game: Game, record: dict[str, Any], changed: Mapping[str, object]) -> bool:
    """Store the header fields in which ``changed`` (a game's rewrite of ``record``) differs
    from ``record``; whether there were any. The players and moves are stored elsewhere."""
    header = {k: v for k, v in changed.items() if k not in ("players", "moves") and v != record.get(k)}
    if not header:
        return False
    game.header = {**(game.header or {}), **header}
    game.save(update_fields=["header"])
    return True


def _not_in_progress(game: Game) -> str:
    """Why no move can be added to ``game``, which is not in progress."""
    if game.status == Game.Status.FINISHED:
        return msg("game {game} is finished; no move can be added", game=game.pk)
    if game.status == Game.Status.ABANDONED:
        return msg("game {game} is abandoned; no move can be added", game=game.pk)
    return f"game {game.pk} is {game.status}; no move can be added"


class NothingToUndo(Exception):
    """Undo asked for on a game without moves, or on an abandoned game."""


def undo_last_move(game_id: int, ply: object) -> Game:
    """Delete the last move of game ``game_id``; ``ply`` is the number of moves the client saw
    (so a stale page never undoes someone else's move). Under the same row lock as
    `append_move`. A finished game is reopened: its results (and the ratings from it on) are
    derived again, i.e. removed, by `recompute_results` (docs: live entry, undo ruling).
    Raises Game.DoesNotExist, StalePly, NothingToUndo."""
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise NothingToUndo(
            msg("ply must be the whole number of moves the page showed, got {value}", value=f"{ply!r:.40}")
        )
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        current = game.moves.count()
        if ply != current:
            raise StalePly(ply, current)
        if current == 0:
            raise NothingToUndo(msg("game {game} has no moves yet; there is nothing to undo", game=game.pk))
        if game.status == Game.Status.ABANDONED:
            raise NothingToUndo(msg("game {game} was abandoned; its moves can no longer be changed", game=game.pk))
        was_finished = game.status == Game.Status.FINISHED
        Move.objects.filter(game=game, ply=current - 1).delete()
        # What the table turned up for the undone move is forgotten, so it can be entered again.
        record = record_of(game)
        _save_header(game, record, registry_for(game).game(game.game_type).without_table(record))
        if was_finished:
            recompute_results(game)  # not finished any more: results removed, ratings rebuilt
        else:
            game.save(update_fields=["updated_at"])
    return game
