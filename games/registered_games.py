"""The registered games as the club history names them (display name, default colours, sides,
plugin versions), asked of the plugin registry, so a plugin game (the base game `classic`,
third-party games) is stored the same way as the Duel. The registry itself is
`rules_engine.registry.default_registry`."""

from __future__ import annotations

from collections.abc import Mapping

from rules_engine.gametype import GameType
from rules_engine.registry import default_registry


def default_colours(game_type: str) -> tuple[str, ...]:
    """The seats' colours when a record names none, as the game gives them (`GameType.colours`;
    F2: "default black, white"; classic.md C1: the box's colours in order). A game this server
    does not have: the contract's default."""
    try:
        return default_registry().game(game_type).colours
    except ValueError:
        return GameType.colours


def fill_sides(game_type: str, sides: object) -> dict[str, str]:
    """Every monument's side as played: what the document says, else the first side the
    game lists ("A"; F1: "any monument omitted from sides is A")."""
    given = sides if isinstance(sides, Mapping) else {}
    try:
        known = default_registry().game(game_type).sides
    except ValueError:
        known = {}
    filled = {part: str(given.get(part, options[0])) for part, options in known.items() if options}
    filled.update({str(k): str(v) for k, v in given.items() if k not in filled})
    return filled


def versions(game_type: str, variants: list) -> dict[str, str]:
    """Distribution → version of the plugins that score this game (stored with the game)."""
    return default_registry().versions(game_type, variants)


def game_name(game_type: str) -> str:
    try:
        return default_registry().game(game_type).name
    except ValueError:
        return game_type


def game_types() -> list[tuple[str, str]]:
    """(id, name) of every registered game, for filters."""
    return [(g["id"], g["name"]) for g in default_registry().describe()]
