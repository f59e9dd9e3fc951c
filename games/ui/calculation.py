"""What both calculator pages' domain steps (Duel: ``calculator``, base game: ``classic_calculator``)
hand the template: the board, its score or the problems that stop it being scored, and the words
for players and breakdown lines.

A calculation is made per request, so its own words are in the reader's language already
(``gettext``); the engine's (a problem's ``message``, a line's ``text``) stay ``Message`` values
the template says (``|say``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.translation import get_language, gettext

from games.ui.form_fields import player_title

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# Languages whose nouns keep their capital inside a sentence: a field label is not lowercased there.
_CAPITALISED_NOUNS = ("de",)


@dataclass(frozen=True)
class Problem:
    """Something impossible (or not yet scorable) about the board: ``words`` names the field
    for a person, ``anchor`` is the id of the input to fix."""

    field: str  # the board path (or form field) the engine/form reported
    words: str
    message: str
    anchor: str
    slot: str = ""  # the error slot next to the field (base game; the Duel page lists problems only)
    not_yet: bool = False  # a chosen B side whose board data is missing (C6 ⚠): not wrong, not scorable yet


@dataclass(frozen=True)
class Calculation:
    """The game's calculator extends this with its players and its summary."""

    board: dict | None = None
    result: dict | None = None
    problems: tuple[Problem, ...] = field(default=())

    @property
    def board_json(self) -> str:
        """The board for the "save to club history" form."""
        return json.dumps(self.board, separators=(",", ":"))


def display_name(name: object, index: int) -> str:
    """The player's name as typed, or "Player n" for a missing or blank one."""
    return name if isinstance(name, str) and name.strip() else player_title(index)


def lower_first(label: object) -> str:
    """A field's label as it reads inside a sentence: "Obelisk tokens" → "obelisk tokens" (as
    it is in a language whose nouns keep their capital)."""
    text = str(label)
    if (get_language() or "").split("-")[0] in _CAPITALISED_NOUNS:
        return text
    return text[:1].lower() + text[1:]


def field_words(name: object, index: int, label: str) -> str:
    """A player's field in words, e.g. "Ana, obelisk tokens"."""
    # Translators: a player's field in a list of problems, e.g. "Ana, obelisk tokens".
    return gettext("%(player)s, %(field)s") % {"player": display_name(name, index), "field": lower_first(label)}


def line_label(line: dict, labels: Mapping[str, StrOrPromise]) -> str:
    """A breakdown line's first column: its name (``labels`` by key, else the key in words) and side."""
    key = line.get("monument", "")
    label = labels.get(key) or key.replace("_", " ").capitalize()
    return f"{label} {line['side']}" if line.get("side") else str(label)
