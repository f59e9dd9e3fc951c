"""Who may change a game: the member who stored it, or a club admin (staff). Guests change
nothing, not even games they stored before they became guests."""

from __future__ import annotations

from games.membership.roles import may_write


def can_change_game(user, game) -> bool:
    if not may_write(user):
        return False
    return bool(user.is_staff or (game.created_by_id is not None and game.created_by_id == user.pk))
