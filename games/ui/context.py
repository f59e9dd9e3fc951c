"""Template context: every game's calculator, for the navigation's "Calculators" menu (plugin
games included: the same list as the home page's cards)."""

from games.ui.registry import calculator_games


def calculators(request) -> dict:
    return {"nav_calculators": calculator_games()}
