"""A club's board data (docs/board-data.md): the numbers printed only on the boards, entered by
a club admin, kept as versions, handed to the rules engine beside the plugins' data.

- The *current* data of each game type (its newest version) reaches every scoring and replay
  that is not about a stored game: `current_overlays` is the engine registry's source
  (`rules_engine.overlays.set_board_data_source`, set at start-up).
- A stored game keeps the version it was played or scored with (`Game.board_data`):
  `registry_for(game)` and `pinned(game)` give the engine with exactly that data, so a newer
  version changes no earlier game until a club admin rescores it (games/services/rescoring.py).

Which keys a game takes and what is wrong with them is the game's own business
(`GameType.board_data_problems`, `with_board_data`); nothing here names a game's keys.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import Max

from games.models import BoardData, Game
from games.services import cache_versions
from imhotep_lib import request_json
from rules_engine.errors import PluginError
from rules_engine.messages import msg
from rules_engine.overlays import Overlays, overlaid, pinned_board_data
from rules_engine.registry import Registry, base_registry

log = logging.getLogger(__name__)

CURRENT_KEY = "imhotep:board-data-current"
VERSION_KEY = "imhotep:board-data:{pk}"
EXPORT_FORMAT = "imhotep-board-data"
#: How long a process keeps the current versions before it reads the shared cache again: the
#: longest another process's save goes unseen here (a save in this process is seen at once).
FRESH_SECONDS = 1.0

_in_process: list[tuple[float, dict[str, tuple[int, str, Any]]] | None] = [None]  # (read at, versions)
_unreadable_said = [False]


# --------------------------------------------------------------------------- reading


def _current() -> dict[str, tuple[int, str, Any]]:
    """``{game_type: (pk, label, data)}`` of each game type's newest version, kept in this
    process for `FRESH_SECONDS` (every `default_registry()` asks: a replay of thousands of
    records must not read the shared cache for each), then read again from the shared cache
    (emptied on every save, docs/decisions.md "Board data per process")."""
    now = time.monotonic()
    kept = _in_process[0]
    if kept is not None and now - kept[0] < FRESH_SECONDS:
        return kept[1]
    current = _shared_current()
    _in_process[0] = (now, current)
    return current


def _shared_current() -> dict[str, tuple[int, str, Any]]:
    """The newest versions from the shared cache, else the database; no database (a fresh one
    before its migrations): none, said once per process and kept like an answer, so a replay of
    thousands of records does not try the database for each. Kept in the shared cache under the
    board data's version, which a save moves in its own transaction (issue #52): a save while
    the cache was out is not hidden by the versions cached before it."""
    try:
        key = f"{CURRENT_KEY}:{cache_versions.read(cache_versions.BOARD_DATA)}"
        kept = cache.get(key)
        if kept is None:
            kept = {v.game_type: (v.pk, v.label, v.data) for v in _newest()}
            cache.set(key, kept, None)
    except DatabaseError:
        if not _unreadable_said[0]:
            _unreadable_said[0] = True
            log.info("board data not readable (database not migrated?): plugins' data only")
        return {}
    return kept


def current_overlays() -> Overlays:
    """``{game_type: (label, data)}`` of each game type's newest version: the engine registry's
    source of current board data."""
    return {game_type: (label, data) for game_type, (_pk, label, data) in _current().items()}


def current_id(game_type: str) -> int | None:
    """The id of the newest version for ``game_type`` (what a new game is pinned to): the
    version the current engine scores with."""
    kept = _current().get(game_type)
    return kept[0] if kept else None


def current(game_type: str) -> BoardData | None:
    """The newest version for ``game_type`` (the page's), or None."""
    return BoardData.objects.filter(game_type=game_type).select_related("entered_by").order_by("-version").first()


def _newest() -> list[BoardData]:
    newest = BoardData.objects.values("game_type").annotate(top=Max("version"))
    return [BoardData.objects.get(game_type=row["game_type"], version=row["top"]) for row in newest]


def overlays_of(game: Game) -> Overlays:
    """The overlay a stored game was played with (``{}``: the plugins' data only). Versions
    never change, so each is read once from the database and then from the shared cache."""
    pk = game.board_data_id
    if pk is None:
        return {}
    key = VERSION_KEY.format(pk=pk)
    kept = cache.get(key)
    if kept is None:
        version = BoardData.objects.get(pk=pk)
        kept = (version.game_type, version.label, version.data)
        cache.set(key, kept, None)
    game_type, label, data = kept
    return {game_type: (label, data)}


def registry_for(game: Game) -> Registry:
    """The engine with the board data ``game`` was played or scored with."""
    return overlaid(base_registry(), overlays_of(game))


@contextlib.contextmanager
def pinned(game: Game) -> Iterator[None]:
    """Within the block every `default_registry()` is ``game``'s own (`registry_for`)."""
    with pinned_board_data(overlays_of(game)):
        yield


def versions(game_type: str) -> list[BoardData]:
    return list(BoardData.objects.filter(game_type=game_type).select_related("entered_by").order_by("-version"))


def plugin_keys(game_type: str) -> dict[str, str]:
    """``{key: plugin name}`` of the board data plugins supply for ``game_type``: the page says
    which of them its own entry overrides."""
    return dict(base_registry().board_data_source.get(game_type, {}))


# --------------------------------------------------------------------------- writing


@dataclass
class Saved:
    """What a save or an import did: the new version, or the problems that refused it, each as
    ``(path in the data, sentence naming the board place)``."""

    version: BoardData | None
    problems: list[tuple[str, str]]


def problems_of(game_type: str, data: object) -> list[tuple[str, str]]:
    """The game's checks of its board data, then the engine's own (`with_board_data`, with the
    plugins' data merged under it, as play will use it)."""
    if not isinstance(data, Mapping):
        return [("", msg("the board data must be a JSON object"))]
    game = base_registry().plain_games.get(game_type)
    if game is None:
        return [("", msg("unknown game {game}", game=game_type))]
    problems = game.board_data_problems(data)
    if problems:
        return problems
    try:
        game.with_board_data({**base_registry().plugin_board_data.get(game_type, {}), **data})
    except PluginError as exc:  # a check the page does not name more precisely
        return [("", msg("the board data is refused: {reason}", reason=str(exc)))]
    return []


def save(game_type: str, data: object, *, user=None) -> Saved:
    """Store ``data`` as the next version for ``game_type`` after the checks; nothing is
    stored when any fails. Earlier games keep their versions."""
    problems = problems_of(game_type, data)
    if problems:
        return Saved(None, problems)
    for _attempt in range(3):  # two admins saving at once: the loser takes the next number
        try:
            with transaction.atomic():
                top = BoardData.objects.filter(game_type=game_type).aggregate(top=Max("version"))["top"] or 0
                version = BoardData.objects.create(game_type=game_type, version=top + 1, data=data, entered_by=user)
                cache_versions.move(cache_versions.BOARD_DATA)  # with the version, whatever the cache does
        except IntegrityError:
            continue
        forget()
        return Saved(version, [])
    raise IntegrityError("board data: no free version number after three attempts")


def forget() -> None:
    """Every process reads the current versions again: this one at once, and once the save
    commits; the others within `FRESH_SECONDS` (the board data's version moved: `save` moves it
    in its transaction, and this again for a version written past `save`)."""
    forget_in_process()
    cache_versions.move(cache_versions.BOARD_DATA)
    transaction.on_commit(forget_in_process)


def forget_in_process() -> None:
    """This process reads the current versions from the shared cache on the next ask (a test
    that empties the cache, a rolled-back transaction)."""
    _in_process[0] = None


def export(version: BoardData) -> dict[str, Any]:
    """The JSON a club hands another (`import_text` reads it)."""
    return {
        "format": EXPORT_FORMAT,
        "game": version.game_type,
        "version": version.version,
        "data": version.data,
    }


def import_text(game_type: str, text: str | bytes, *, user=None) -> Saved:
    """Read an export (or the bare data object) and save it as a new version, after the same
    checks as the page; nothing is stored when anything is wrong."""
    try:
        document = request_json.loads(text, "file", max_bytes=None)  # the upload limit came first
    except request_json.NotJSON as exc:
        return Saved(None, [("", msg("the file is not JSON: {reason}", reason=str(exc.error)))])
    except request_json.BadJSON as exc:
        return Saved(None, [("", exc.reason)])
    if isinstance(document, Mapping) and document.get("format") == EXPORT_FORMAT:
        if document.get("game") != game_type:
            return Saved(None, [("game", msg("the file holds board data of another game: {game}",
                                             game=str(document.get("game"))))])
        document = document.get("data")
    return save(game_type, document, user=user)


# --------------------------------------------------------------------------- rescoring
