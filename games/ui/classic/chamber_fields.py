"""The base-game calculator's burial chamber as form fields (C5.4): a grid of cells, each a choice
of colour, named `bc_<column>_<row>` counting from 1; and the colour words those choices show."""

from __future__ import annotations

import functools
import re

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rules_engine.classic.components import COLOURS

COLOUR_NAMES = {
    # Translators: a player's colour, as the calculator's choices list it.
    "black": _("Black"),
    # Translators: a player's colour, as the calculator's choices list it.
    "white": _("White"),
    # Translators: a player's colour, as the calculator's choices list it.
    "brown": _("Brown"),
    # Translators: a player's colour, as the calculator's choices list it.
    "grey": _("Grey"),
}
assert set(COLOUR_NAMES) == set(COLOURS)

# C5.4: the chamber grows to the right; the page keeps one empty column after the filled ones.
CHAMBER_ROWS = 3
MAX_CHAMBER_COLUMNS = 30
_CELL = re.compile(r"^bc_(\d+)_(\d)$")


def cell_name(column: int, row: int) -> str:
    """Form field of a chamber cell; columns and rows count from 1 (left, top)."""
    return f"bc_{column}_{row}"


def cell_words(column: int | str, row: int | str) -> str:
    # Translators: a cell of the burial chamber (C5.4), columns from the left, rows from the top.
    return gettext("Column %(column)s, row %(row)s") % {"column": column, "row": row}


cell_label = lazy(cell_words, str)


def chamber_columns(data) -> int:
    """How many chamber columns to show: one empty column after the last filled one (C5.4),
    at most MAX_CHAMBER_COLUMNS."""
    last = 0
    for key in data:
        match = _CELL.match(key)
        if match and data.get(key) and 1 <= int(match[1]) <= MAX_CHAMBER_COLUMNS:
            last = max(last, int(match[1]))
    return min(last + 1, MAX_CHAMBER_COLUMNS)


# Translators: an empty cell of the burial chamber, in the cell's list of colours.
CELL_CHOICES = [("", _("empty")), *COLOUR_NAMES.items()]
# What a chamber cell's button shows (its colour is painted too): letters of the language's colour
# word, distinct within a language (docs/glossary "Colour labels").
COLOUR_SHORT = {
    # Translators: a burial chamber cell holding a black stone, at most 2 characters (glossary "Colour labels").
    "black": pgettext_lazy("colour label", "Bl"),
    # Translators: a burial chamber cell holding a white stone, at most 2 characters (glossary "Colour labels").
    "white": pgettext_lazy("colour label", "Wh"),
    # Translators: a burial chamber cell holding a brown stone, at most 2 characters (glossary "Colour labels").
    "brown": pgettext_lazy("colour label", "Br"),
    # Translators: a burial chamber cell holding a grey stone, at most 2 characters (glossary "Colour labels").
    "grey": pgettext_lazy("colour label", "Gr"),
}
assert set(COLOUR_SHORT) == set(COLOURS)


@functools.cache
def cell_field(column: int, row: int) -> forms.ChoiceField:
    """A chamber cell's field, built once per cell (shared like `_shared_fields`)."""
    return forms.ChoiceField(
        label=cell_label(column, row),
        required=False,
        choices=CELL_CHOICES,
        widget=forms.Select(attrs={"class": "cell-select"}),
    )
