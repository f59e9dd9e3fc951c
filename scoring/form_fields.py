"""What both calculator forms (Duel, base game) build the same way: counters, a player's name,
and what a field the request did not send means."""

from __future__ import annotations

from collections.abc import Mapping

from django import forms
from django.http import QueryDict

# Sanity cap while parsing: anything above is impossible anyway, and it keeps the token lists
# built from the counters small. The engines report the real limits (D1, C1, C7).
MAX_COUNT = 99


def player_title(index: int) -> str:
    """A player's name until one is typed (and the title of the player's block)."""
    return f"Player {index + 1}"


def count_field(label: str, maximum: int = MAX_COUNT, required: bool = False) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=0,
        max_value=maximum,
        widget=forms.NumberInput(attrs={"min": 0, "inputmode": "numeric", "class": "count"}),
    )


def name_field() -> forms.CharField:
    return forms.CharField(
        label="Name", required=False, max_length=40, widget=forms.TextInput(attrs={"autocomplete": "off"})
    )


def with_defaults(query: QueryDict, defaults: Mapping[str, str]) -> QueryDict:
    """The request's fields, with the defaults for any field not sent at all (a field sent
    empty stays empty, so a name can be cleared)."""
    data = query.copy()
    for key, value in defaults.items():
        if key not in data:
            data[key] = value
    return data


def variant_field(spec) -> forms.Field:
    """The form field of a plugin variant's per-player input (a VariantField)."""
    if spec.kind == "bool":
        return forms.BooleanField(label=spec.label, required=False, help_text=spec.help)
    return forms.IntegerField(
        label=spec.label,
        required=False,
        min_value=spec.minimum,
        max_value=spec.maximum,
        help_text=spec.help,
        widget=forms.NumberInput(
            attrs={"min": spec.minimum, "max": spec.maximum, "inputmode": "numeric", "class": "count"}
        ),
    )
