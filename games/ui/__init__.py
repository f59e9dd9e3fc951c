"""One web adapter per game (``GameUI``), registered through the ``imhotep_game_ui`` hook.

Views, forms and templates outside ``games/ui/<game>/`` ask ``game_ui(game_id)`` for what is
particular to a game; they name no game themselves (tests/site/test_no_game_literals.py).
"""

from games.ui.gameui import BoardView, Calculator, Choice, GameUI, LiveEntry, NewGameForm, Story, Told
from games.ui.hookspecs import hookimpl
from games.ui.registry import UIRegistry, calculator_games, game_ui, ui_registry

__all__ = ["BoardView", "Calculator", "Choice", "GameUI", "LiveEntry", "NewGameForm", "Story", "Told", "UIRegistry",
           "calculator_games", "game_ui", "hookimpl", "ui_registry"]
