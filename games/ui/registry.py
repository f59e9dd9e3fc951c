"""The web adapters, built from the plugins the engine registry loaded.

Built-in adapters are the ``plugin`` modules of the packages in ``games/ui/`` (one per game),
registered through the same hook as a third party's; a third party's is its engine plugin
module itself (pluggy picks only the functions marked for ``imhotep_ui``). The adapters follow
the engine registry: a blocked or uninstalled plugin's game has no pages, and a rebuilt engine
registry (``rules_engine.registry.configure``) rebuilds this one on next use.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from pathlib import Path
from typing import Any

import pluggy

from games.ui import hookspecs
from games.ui.gameui import GameUI
from rules_engine.errors import PluginError
from rules_engine.registry import Registry, base_registry

BUILTIN_PREFIX = "ui:"


def builtin_ui_plugins() -> dict[str, object]:
    """``games/ui/<game>/plugin.py`` of every folder here, by name (``ui:<folder>``)."""
    here = Path(__file__).parent
    found: dict[str, object] = {}
    for info in pkgutil.iter_modules([str(here)]):
        if info.ispkg and (here / info.name / "plugin.py").exists():
            found[BUILTIN_PREFIX + info.name] = importlib.import_module(f"games.ui.{info.name}.plugin")
    return found


class UIRegistry:
    def __init__(self, engine: Registry):
        self.engine = engine
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        for name, module in builtin_ui_plugins().items():
            self.pm.register(module, name=name)
        for name, plugin in engine.pm.list_name_plugin():
            if self.pm.get_plugin(name) is None and not self.pm.is_registered(plugin):
                self.pm.register(plugin, name=name)
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise PluginError(f"plugin {self.pm.get_name(exc.plugin)!r} is malformed: {exc}") from exc
        self.uis: dict[str, GameUI] = {}
        for impl in self.pm.hook.imhotep_game_ui.get_hookimpls():
            name = self.pm.get_name(impl.plugin) or "?"
            answer: Any = impl.function()
            for ui in answer or ():
                if not isinstance(ui, GameUI):
                    raise PluginError(f"plugin {name!r}: imhotep_game_ui returned {ui!r}, not a GameUI")
                if ui.game not in engine.games:
                    continue  # its game is blocked or not installed: no pages either
                if ui.game in self.uis:
                    raise PluginError(f"the pages of game {ui.game!r} are registered twice (again by {name!r})")
                self.uis[ui.game] = ui

        # Every game's words for its ids, for ``{{ key|label }}`` (a key means the same thing
        # in every game that uses it: "temple", "black").
        self.terms: dict[str, Any] = {}
        for ui in self.uis.values():
            self.terms.update(ui.terms)

    def get(self, game_id: str) -> GameUI:
        """The adapter of ``game_id``; a bare one (generic pages) for a game without one."""
        return self.uis.get(game_id) or GameUI(game=game_id)

    def template_dirs(self) -> list[Path]:
        return [ui.templates for ui in self.uis.values() if ui.templates is not None]


_lock = threading.Lock()
_current: tuple[Registry, UIRegistry] | None = None


def ui_registry() -> UIRegistry:
    """The adapters of the current engine registry (rebuilt when that one is)."""
    global _current
    engine = base_registry()  # board data overlays change no page: the plugins do
    current = _current
    if current is None or current[0] is not engine:
        with _lock:
            if _current is None or _current[0] is not engine:
                _current = (engine, UIRegistry(engine))
            current = _current
    return current[1]


def game_ui(game_id: str) -> GameUI:
    return ui_registry().get(game_id)


def calculator_games() -> list[tuple[str, GameUI]]:
    """(game id, adapter) of every game with a calculator page, the default game first."""
    from rules_engine.registry import DEFAULT_GAME

    uis = ui_registry().uis
    with_one = ((g, ui) for g, ui in uis.items() if ui.calculator is not None)
    return sorted(with_one, key=lambda p: (p[0] != DEFAULT_GAME, p[0]))
