"""Who may change a game: the member who stored it, or a club admin (staff). Guests change
nothing, not even games they stored before they became guests. Every page and endpoint that
changes a stored game (details, delete, live moves, the live API) asks here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied

from games.membership.roles import may_write

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser
    from django.contrib.auth.models import AnonymousUser

    from games.models import Game


def can_change_game(user: AbstractBaseUser | AnonymousUser, game: Game) -> bool:
    if not may_write(user):
        return False
    staff = bool(getattr(user, "is_staff", False))  # AbstractBaseUser declares no is_staff
    return staff or (game.created_by_id is not None and game.created_by_id == user.pk)


def recorder_required(user: AbstractBaseUser | AnonymousUser, game: Game, refusal: str) -> None:
    """Refuse with 403 and ``refusal`` anyone but the game's recorder or staff: Django's
    ``PermissionDenied``, which pages answer with their 403 page and the API (DRF) with
    ``{"detail": refusal}``."""
    if not can_change_game(user, game):
        raise PermissionDenied(refusal)
