"""The web side's plugin hook (pluggy, project name ``imhotep_ui``): a game's pages.

The engine's hooks (``rules_engine.hookspecs``) give a game its rules and scoring; this one
gives it its calculator, replay board and live-entry widgets. It is a sibling project so the
engine stays free of Django: a plugin marks the function with ``games.ui.hookimpl`` (or its own
``pluggy.HookimplMarker("imhotep_ui")``, which keeps its engine module free of Django imports),
and the same plugin module, registered under the same name, answers both managers. The
built-in games register their pages through this same hook (``games/ui/<game>/plugin.py``).

Every hook here is documented in ``docs/plugins.md`` (a test checks that).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:  # pragma: no cover - types only
    from collections.abc import Iterable

    from games.ui.gameui import GameUI

PROJECT = "imhotep_ui"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def imhotep_game_ui() -> Iterable[GameUI]:  # type: ignore[empty-body]
    """Return the web adapters this plugin provides, as ``games.ui.GameUI`` instances.

    One adapter per game id (``GameUI.game``), for a game some plugin registers through
    ``imhotep_games``. The adapter names the game's calculator form and page, its board
    partial for the replay and live-entry pages, its move describer and live-entry menu, and
    the folder its templates live in. A game without an adapter still replays (its moves as
    text) and scores through the API.
    """
