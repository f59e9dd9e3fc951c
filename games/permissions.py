"""Who may change a game: the user who stored it, or staff (club managers)."""

from __future__ import annotations


def can_change_game(user, game) -> bool:
    if not user.is_authenticated:
        return False
    return bool(user.is_staff or (game.created_by_id is not None and game.created_by_id == user.pk))
