"""The "new player or typo?" check of the start-a-game forms: a name one letter away from an
existing player's ("Benn" beside "Ben") is not created until the recorder says it is new."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

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
        form.add_error(
            field_of[typed],
            _(
                "{typed} is not in the club yet, but {existing} is. Did you mean {existing}? "
                "If {typed} is someone new, tick “{box}”."
            ).format(typed=typed, existing=existing, box=NEW_PLAYERS),
        )
