"""Board data laid over the plugins' (docs/board-data.md): a club's own entry of the numbers
printed only on the boards, kept by the embedding application (the service's database) and
handed to the engine as ``{game_id: (label, data)}``; ``label`` names that data for good
(``"classic@3"``: a stored version, never changed).

The application sets where the current overlays come from (`set_board_data_source`) and pins a
stored game's own overlays around the work on that game (`pinned_board_data`); the engine stays
free of where they are kept."""

from __future__ import annotations

import contextlib
import contextvars
import copy
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from rules_engine.errors import PluginError
from rules_engine.gametype import AnyGame, GameType

if TYPE_CHECKING:
    from rules_engine.registry import Registry

Overlays = Mapping[str, tuple[str, Mapping[str, object] | None]]
KEEP = 64  # derived registries kept per base registry: the newest versions are the ones asked for

_lock = threading.Lock()
_source: list[Callable[[], Overlays] | None] = [None]
_pinned: contextvars.ContextVar[Overlays | None] = contextvars.ContextVar("imhotep_board_data", default=None)


def set_board_data_source(source: Callable[[], Overlays] | None) -> None:
    """Where `in_force` reads the current board data overlays (``None``: none)."""
    _source[0] = source


@contextlib.contextmanager
def pinned_board_data(overlays: Overlays) -> Iterator[None]:
    """Within the block, `in_force` uses exactly these overlays (``{}``: the plugins' data only),
    not the current ones: the data a stored game was played with."""
    token = _pinned.set(overlays)
    try:
        yield
    finally:
        _pinned.reset(token)


def in_force(base: Registry) -> Registry:
    """``base`` with the overlays in force: a pinned game's, else the current ones."""
    overlays = _pinned.get()
    if overlays is None:
        source = _source[0]
        overlays = source() if source is not None else None
    return overlaid(base, overlays) if overlays else base


def overlaid(base: Registry, overlays: Overlays) -> Registry:
    """``base`` with each overlay laid over the plugins' data of its game, per top-level key (the
    overlay wins). The same labels answer the same registry object (kept, so caches keyed on it
    stay warm). Raises ``PluginError`` when the merged data is refused."""
    key = tuple(sorted((g, label) for g, (label, data) in overlays.items() if data and g in base.plain_games))
    if not key:
        return base
    with _lock:
        derived = base._derived.get(key)
    if derived is not None:
        return derived
    derived = copy.copy(base)
    derived.games = dict(base.games)
    derived.board_data_label = dict(key)
    derived._derived = {}
    derived.__dict__.pop("fingerprint", None)  # the labels are part of it
    for game_id, _label in key:
        merged = {**base.plugin_board_data.get(game_id, {}), **(overlays[game_id][1] or {})}
        game = base.plain_games[game_id].with_board_data(merged)
        if not isinstance(game, GameType) or game.id != game_id:
            raise PluginError(f"game {game_id!r}: with_board_data returned {game!r}, not the same game")
        derived.games[game_id] = game
    with _lock:
        if len(base._derived) >= KEEP:
            base._derived.pop(next(iter(base._derived)))
        return base._derived.setdefault(key, derived)


def with_plugin_data(registry: Registry, game: AnyGame) -> AnyGame:
    """Hand ``game`` the board data all plugins supply for it (hook imhotep_board_data), and
    keep it on ``registry`` (``plugin_board_data``, and which plugin gave which key in
    ``board_data_source``) for the overlays laid over it."""
    merged: dict[str, object] = {}
    source: dict[str, str] = {}
    for info, answer in registry._results("imhotep_board_data", game_id=game.id):
        if not isinstance(answer, Mapping):
            raise PluginError(f"plugin {info.name!r}: imhotep_board_data must return a mapping, got {answer!r}")
        for key, value in answer.items():
            if key in merged:
                raise PluginError(
                    f"board data {key!r} of {game.id!r} is supplied twice: by {source[key]!r} and {info.name!r}"
                )
            merged[key] = value
            source[key] = info.name
    registry.plugin_board_data[game.id] = merged
    registry.board_data_source[game.id] = source
    if not merged:
        return game
    try:
        with_data = game.with_board_data(merged)
    except PluginError as exc:
        names = ", ".join(repr(n) for n in sorted(set(source.values())))
        raise PluginError(f"plugin {names}: {exc}") from exc
    if not isinstance(with_data, GameType) or with_data.id != game.id:
        raise PluginError(f"game {game.id!r}: with_board_data returned {with_data!r}, not the same game")
    return with_data
