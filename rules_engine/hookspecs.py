# mypy: disable-error-code="empty-body"
# (Specifications: a hook's body is its docstring; pluggy calls the plugins' implementations.)
"""The plugin hooks (pluggy, project name ``imhotep``).

A plugin is a module or object with functions decorated ``@rules_engine.hookimpl`` and named
after the hooks below; a package makes it loadable through the setuptools entry-point group
``imhotep``. The built-in games are registered through these same hooks.

Every hook here is documented in ``docs/plugins.md`` (a test checks that).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:  # pragma: no cover - types only
    from collections.abc import Iterable, Mapping, Sequence

    from rules_engine.gametype import GameType, Variant, VariantField

PROJECT = "imhotep"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def imhotep_games() -> Iterable[GameType[Any, Any]]:
    """Return the games this plugin provides, as ``GameType`` instances.

    Each game's ``id`` must be unique among all loaded plugins; the registry refuses a
    duplicate id or an object that is not a ``GameType`` with a ``PluginError``.
    """


@hookspec
def imhotep_variants() -> Iterable[Variant]:
    """Return the variants this plugin provides, as ``Variant`` instances.

    A variant belongs to one game (``Variant.game``) and is chosen per game, like the A/B
    sides: a board or record lists the ids it plays with under ``"variants"``. The pair
    (game, variant id) must be unique, and the game must be registered.
    """


@hookspec
def imhotep_variant_fields(game_id: str, variant_id: str) -> Sequence[VariantField] | None:
    """Return the per-player input fields that variant ``variant_id`` of ``game_id`` reads,
    or ``None`` when the variant is not this plugin's.

    The registry validates these fields on every board (bounds, type) and removes them
    before the game's own validation, so a variant adds inputs without touching the game.
    The calculator page and ``GET /api/v1/games-types`` show them.
    """


@hookspec
def imhotep_variant_score(
    game_id: str,
    variant_id: str,
    board: Mapping[str, object],
    result: Mapping[str, object],
    inputs: Sequence[Mapping[str, object]],
) -> Sequence[Sequence[Mapping[str, object]]] | None:
    """Return the extra breakdown lines of variant ``variant_id`` for each player, or ``None``
    when the variant is not this plugin's.

    ``board`` is the validated board without variant inputs, ``result`` the game's score
    result before variants, ``inputs[i]`` player *i*'s values of the variant's fields. The
    answer has one list per player; each line is a mapping with ``key`` (the breakdown key
    the points are added to, e.g. ``"scarabs"``), ``points`` (an int, may be negative),
    ``text`` (for people) and optionally ``rule`` (the section it implements). The registry
    adds the points to the breakdown and the totals, then lets the game decide the winner.
    """


@hookspec
def imhotep_board_data(game_id: str) -> Mapping[str, object] | None:
    """Return board data for the sides of game ``game_id`` whose numbers the rules leave open
    (e.g. classic side B: the temple's bonus spaces, the burial chamber's ranking points), or
    ``None`` when this plugin has none for that game.

    The registry merges the answers of all plugins per game (two plugins giving the same
    top-level key is a ``PluginError``) and hands them to the game once, through
    ``GameType.with_board_data``, which checks them. A game that takes no board data refuses
    any with a ``PluginError``.
    """
