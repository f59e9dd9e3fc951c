""" "Same players as last time" (issue 50: fewer taps at the table): the new-game form filled as
the last game of a kind this person started here, offered on that form and on the home page."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from games.models import Game
from games.ui import game_ui, ui_registry

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser
    from django.contrib.auth.models import AnonymousUser


def last_values(user: AbstractBaseUser | AnonymousUser, game_id: str) -> dict[str, Any] | None:
    """The new-game form's values of the last ``game_id`` game ``user`` started (its form's
    ``last_time``), or None: before the first, or a game whose form cannot say."""
    entry = game_ui(game_id).live
    last_time = getattr(entry.new_form, "last_time", None) if entry is not None else None
    return last_time(user) if last_time is not None else None


def offer(values: dict[str, Any], game_id: str) -> dict[str, Any]:
    """The link that fills the form with ``values``: the names (in their seats) and its URL."""
    names = [values[f"player_{n}"] for n in range(1, 7) if values.get(f"player_{n}")]
    url = f"{reverse('game-new')}?{urlencode({'game': game_id, 'same': 1})}"
    return {"names": names, "listed": _(", ").join(names), "game": game_id, "url": url}


def last_offer(user: AbstractBaseUser | AnonymousUser) -> dict[str, Any] | None:
    """The offer for the last game ``user`` started live, whatever its kind (the home page)."""
    if not user.is_authenticated:
        return None
    live = [g for g, ui in ui_registry().uis.items() if ui.live is not None]
    game = (
        Game.objects.filter(created_by_id=user.pk, source=Game.Source.RECORDED, game_type__in=live)
        .order_by("-pk")
        .only("game_type")
        .first()
    )
    if game is None:
        return None
    values = last_values(user, game.game_type)
    return offer(values, game.game_type) if values else None
