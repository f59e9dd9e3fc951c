"""What both calculator forms (Duel, base game) build the same way: counters, a player's name,
and what a field the request did not send means.

Fields are built once and shared (class attributes, cached fields), so their words are lazy:
``gettext_lazy``, `player_title`, and `games.ui.gameui.drawn` for a plugin's words (a variant
field's label and help), said in each reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django import forms
from django.http import QueryDict
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.ui.gameui import drawn

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# Sanity cap while parsing: anything above is impossible anyway, and it keeps the token lists
# built from the counters small. The engines report the real limits (D1, C1, C7).
MAX_COUNT = 99


def _player_title(index: int) -> str:
    # Translators: a player the calculator has no name for (and the title of the player's block).
    return gettext("Player %(n)s") % {"n": index + 1}


#: ``player_title(index)``: a player's name until one is typed (and the title of the player's
#: block), "Player 1"; lazy, in the language of whoever reads it.
player_title = lazy(_player_title, str)


def count_field(label: StrOrPromise, maximum: int = MAX_COUNT, required: bool = False) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=0,
        max_value=maximum,
        widget=forms.NumberInput(attrs={"min": 0, "inputmode": "numeric", "class": "count"}),
    )


def name_field() -> forms.CharField:
    return forms.CharField(
        label=_("Name"), required=False, max_length=40, widget=forms.TextInput(attrs={"autocomplete": "off"})
    )


def with_defaults(query: QueryDict, defaults: Mapping[str, str]) -> QueryDict:
    """The request's fields, with the defaults for any field not sent at all (a field sent
    empty stays empty, so a name can be cleared). A lazy default ("Player 1") is put in the
    reader's language."""
    data = query.copy()
    for key, value in defaults.items():
        if key not in data:
            data[key] = str(value)
    return data


def variant_field(spec) -> forms.Field:
    """The form field of a plugin variant's per-player input (a VariantField)."""
    if spec.kind == "bool":
        return forms.BooleanField(label=drawn(spec.label), required=False, help_text=drawn(spec.help))
    return forms.IntegerField(
        label=drawn(spec.label),
        required=False,
        min_value=spec.minimum,
        max_value=spec.maximum,
        help_text=drawn(spec.help),
        widget=forms.NumberInput(
            attrs={"min": spec.minimum, "max": spec.maximum, "inputmode": "numeric", "class": "count"}
        ),
    )
