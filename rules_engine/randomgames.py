"""The seats and sides of a random game (`GameType.random_record`): what the caller gave,
checked, and what it left out drawn among what the game can play with its board data in force.
One implementation for every game, so the built-in games and plugins choose alike."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules_engine.gametype import AnyGame


def players_and_sides(
    game: AnyGame, rng: random.Random, players: int | None, sides: Mapping[str, str] | None
) -> tuple[int, dict[str, str]]:
    """(player count, side per part) for a random game of ``game``: ``players`` when given (a
    ValueError unless between the game's `min_players` and `max_players`), else one drawn by
    ``rng``; ``sides`` when given (a part left out on its first side, a ValueError for an
    unknown part or side), else per part, in the game's order, one drawn among those
    `unplayable_sides` does not name for that count (a part with one playable side draws nothing)."""
    low, high = game.min_players, game.max_players
    if players is None:
        players = low if low == high else rng.randrange(low, high + 1)
    elif not low <= players <= high:
        raise ValueError(f"{game.id} is played by {low}-{high} players, not {players!r}")
    if sides is not None:
        unknown = [f"{part}: {side!r}" for part, side in sides.items() if side not in game.sides.get(part, ())]
        if unknown:
            raise ValueError(f"{game.id} has no such side: {', '.join(unknown)}")
        return players, {part: sides.get(part, options[0]) for part, options in game.sides.items()}
    blocked = game.unplayable_sides(players)
    chosen = {}
    for part, options in game.sides.items():
        playable = [side for side in options if side not in blocked.get(part, {})]
        chosen[part] = playable[0] if len(playable) == 1 else rng.choice(playable)
    return players, chosen
