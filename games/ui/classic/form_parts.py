"""What the base-game calculator's template iterates over: the form's fields grouped per
player, per side, per chamber cell, and the slots where problems are shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django import forms

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class ErrorSlot:
    """The place next to a field where its problems are shown (``err-<id>`` on the page; htmx
    refreshes every slot out of band with each result)."""

    id: str
    problems: tuple = ()


@dataclass(frozen=True)
class VariantWords:
    """A variant a plugin registered, as the page shows it: its words said in the reader's
    language when drawn (a plugin's name and description may be ``Message`` values)."""

    id: str
    name: str
    description: str


@dataclass(frozen=True)
class VariantInputs:
    """One player's inputs of one variant a plugin registered with fields."""

    id: str
    name: str
    fields: tuple[forms.BoundField, ...]


@dataclass(frozen=True)
class PlayerFields:
    """One player's bound fields, in the order of the table, for the template."""

    index: int
    title: str
    name: forms.BoundField
    colour: forms.BoundField
    track: forms.BoundField
    sled: forms.BoundField
    obelisk: forms.BoundField
    statues: forms.BoundField
    blue: forms.BoundField
    decorations: tuple[tuple[str, forms.BoundField], ...]  # (site, 0/1/2 radios)
    reached: forms.BoundField
    errors: dict[str, ErrorSlot]  # by key: name, colour, track, …, decorations, reached
    variant_inputs: tuple[VariantInputs, ...]  # inputs of plugin variants (shown when chosen)


@dataclass(frozen=True)
class SideField:
    site: str
    label: StrOrPromise
    field: forms.BoundField
    errors: ErrorSlot
    unplayable: str  # why side B cannot be scored yet (board data missing, C6 ⚠), or ""


@dataclass(frozen=True)
class ChamberCell:
    """One chamber cell for the template, which writes its <select> itself: Django's widget
    templates would cost about a millisecond per column."""

    column: int
    row: int
    name: str
    label: str
    value: str
