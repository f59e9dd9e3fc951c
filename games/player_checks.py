"""The "new player or typo?" check of the start-a-game forms and of the calculator's "save to club
history": a name one letter away from an existing player's ("Benn" beside "Ben") is not created
until the recorder says it is new."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import normalize_name
from games.services.players import lookalikes

NEW_PLAYERS = gettext_lazy("Yes, these are new players")


class NewPlayersField(forms.BooleanField):
    def __init__(self, **kwargs):
        super().__init__(
            required=False,
            label=NEW_PLAYERS,
            help_text=gettext_lazy("Tick when a name only looks like an existing player's."),
            **kwargs,
        )


def check_lookalikes(form: forms.Form, names: list[str], field_of: dict[str, str]) -> None:
    """Add an error to each seat whose new name looks like an existing player's, unless the
    form's ``new_players`` box is ticked. ``field_of``: name → the form field it came from."""
    if form.cleaned_data.get("new_players"):
        return
    for typed, existing in lookalikes(names).items():
        form.add_error(field_of[typed], _did_you_mean(typed, existing))


def board_lookalikes(board: object) -> list[str]:
    """What to ask before a saved board creates its players: one question for each new name on
    it that looks like an existing player's. A board without readable names asks nothing (the
    save refuses it with its own reasons)."""
    players = board.get("players") if isinstance(board, dict) else None
    if not isinstance(players, list):
        return []
    names = [normalize_name(p["name"]) for p in players if isinstance(p, dict) and isinstance(p.get("name"), str)]
    return [_did_you_mean(typed, existing) for typed, existing in lookalikes([n for n in names if n]).items()]


def _did_you_mean(typed: str, existing: str) -> str:
    return _(
        "{typed} is not in the club yet, but {existing} is. Did you mean {existing}? "
        "If {typed} is someone new, tick “{box}”."
    ).format(typed=typed, existing=existing, box=NEW_PLAYERS)
