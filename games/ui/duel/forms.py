"""The Duel score calculator's form: the table as fields, and the F1 board (formats.md) it
describes. Limits of the box (D1) are the engine's business; this only parses numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.ui import form_fields
from games.ui.form_fields import count_field, name_field, player_title, variant_field
from games.ui.gameui import drawn
from rules_engine.registry import default_registry as registry

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MONUMENTS = ("obelisk", "temple", "pyramid", "tomb")
MONUMENT_NAMES = {"obelisk": _("Obelisk"), "temple": _("Temple"), "pyramid": _("Pyramids"), "tomb": _("Tomb")}
SIDES = (("A", "A"), ("B", "B"))
PLAYERS = (0, 1)
TEMPLE_VALUES = (1, 2, 3, 4)
TOMB_NUMBERS = tuple(range(1, 13))
OBELISKS_FOR_BONUS = 5  # D7.1 B: the question "who was first to 5" only arises from 5 on


def _player_fields(i: int) -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {
        f"p{i}_name": name_field(),
        f"p{i}_obelisk": count_field(_("Obelisk tokens")),
    }
    for value in TEMPLE_VALUES:
        # Translators: the counter of temple tokens showing 1, 2, 3 or 4 circle symbols (D7.2).
        fields[f"p{i}_temple_{value}"] = count_field(gettext("Temple tokens showing %(value)s") % {"value": value})
    fields[f"p{i}_light"] = count_field(_("Light pyramid tokens"))
    fields[f"p{i}_dark"] = count_field(_("Dark pyramid tokens"))
    fields[f"p{i}_tomb"] = forms.TypedMultipleChoiceField(
        label=_("Tomb tokens"),
        required=False,
        coerce=int,
        choices=[(n, str(n)) for n in TOMB_NUMBERS],
        widget=forms.CheckboxSelectMultiple,
    )
    fields[f"p{i}_actions"] = count_field(_("Unused action tokens"))
    fields[f"p{i}_meeples"] = count_field(_("Meeples on the harbor"))
    return fields


_COUNTS = ("obelisk", *(f"temple_{v}" for v in TEMPLE_VALUES), "light", "dark", "actions", "meeples")

#: What an empty request means: all zero, sides A, player 1 started, default names.
DEFAULTS = {
    **{f"side_{m}": "A" for m in MONUMENTS},
    "starting_player": "0",
    **{f"p{i}_name": player_title(i) for i in PLAYERS},
    **{f"p{i}_{count}": "0" for i in PLAYERS for count in _COUNTS},
}


def with_defaults(query: QueryDict) -> QueryDict:
    """The request's fields, with DEFAULTS for any field not sent at all."""
    return form_fields.with_defaults(query, DEFAULTS)


def _side(label: StrOrPromise) -> forms.ChoiceField:
    return forms.ChoiceField(label=label, choices=SIDES, required=False, widget=forms.RadioSelect)


@dataclass(frozen=True)
class PlayerFields:
    """One player's bound fields, in the order of the table, for the template."""

    index: int
    title: str
    name: forms.BoundField
    obelisk: forms.BoundField
    temple: tuple[forms.BoundField, ...]
    light: forms.BoundField
    dark: forms.BoundField
    tomb: forms.BoundField
    actions: forms.BoundField
    meeples: forms.BoundField


@dataclass(frozen=True)
class VariantInputs:
    """A variant's per-player inputs (contributed by its plugin), for the template."""

    variant: str
    name: str
    description: str
    checkbox: forms.BoundField | None
    fields: tuple[tuple[forms.BoundField, ...], ...]  # per player


def duel_variants() -> list[tuple[object, tuple]]:
    """The Duel's variants and their input fields, as the plugins registered them."""
    reg = registry()
    return [(v, reg.variant_fields[key]) for key, v in sorted(reg.variants.items()) if key[0] == "duel"]


@dataclass(frozen=True)
class SideField:
    monument: str
    label: StrOrPromise
    field: forms.BoundField


class DuelBoardForm(forms.Form):
    side_obelisk = _side(MONUMENT_NAMES["obelisk"])
    side_temple = _side(MONUMENT_NAMES["temple"])
    side_pyramid = _side(MONUMENT_NAMES["pyramid"])
    side_tomb = _side(MONUMENT_NAMES["tomb"])
    starting_player = forms.TypedChoiceField(
        label=_("Who started"),
        coerce=int,
        required=False,
        widget=forms.RadioSelect,
        choices=[(i, player_title(i)) for i in PLAYERS],
    )
    first_to_five = forms.TypedChoiceField(
        label=_("Who reached 5 obelisk tokens first"),
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
        choices=[(i, player_title(i)) for i in PLAYERS],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i in PLAYERS:
            self.fields.update(_player_fields(i))
        # Variants come from plugins: the page shows them without knowing them.
        self.variant_specs = duel_variants()
        if self.variant_specs:
            self.fields["variants"] = forms.MultipleChoiceField(
                label=_("Variants"),
                required=False,
                widget=forms.CheckboxSelectMultiple,
                choices=[(v.id, drawn(v.name)) for v, _fields in self.variant_specs],
            )
        for variant, specs in self.variant_specs:
            for i in PLAYERS:
                for spec in specs:
                    self.fields[f"p{i}_v_{variant.id}_{spec.name}"] = variant_field(spec)

    # -- for the template ------------------------------------------------------------------
    @property
    def sides(self) -> list[SideField]:
        return [SideField(m, MONUMENT_NAMES[m], self[f"side_{m}"]) for m in MONUMENTS]

    @property
    def players(self) -> list[PlayerFields]:
        return [
            PlayerFields(
                index=i,
                title=player_title(i),
                name=self[f"p{i}_name"],
                obelisk=self[f"p{i}_obelisk"],
                temple=tuple(self[f"p{i}_temple_{v}"] for v in TEMPLE_VALUES),
                light=self[f"p{i}_light"],
                dark=self[f"p{i}_dark"],
                tomb=self[f"p{i}_tomb"],
                actions=self[f"p{i}_actions"],
                meeples=self[f"p{i}_meeples"],
            )
            for i in PLAYERS
        ]

    @property
    def variant_inputs(self) -> list[VariantInputs]:
        boxes = {box.data["value"]: box for box in self["variants"]} if self.variant_specs else {}
        return [
            VariantInputs(
                variant=v.id,
                name=drawn(v.name),
                description=drawn(v.description),
                checkbox=boxes.get(v.id),
                fields=tuple(tuple(self[f"p{i}_v_{v.id}_{spec.name}"] for spec in specs) for i in PLAYERS),
            )
            for v, specs in self.variant_specs
        ]

    @property
    def asks_first_to_five(self) -> bool:
        """D7.1 B: who reached 5 first matters only on obelisk side B when both hold ≥ 5."""
        data = self.cleaned_data if self.is_bound and hasattr(self, "cleaned_data") else {}
        if (data.get("side_obelisk") or "A") != "B":
            return False
        return all((data.get(f"p{i}_obelisk") or 0) >= OBELISKS_FOR_BONUS for i in PLAYERS)

    # -- the board -------------------------------------------------------------------------
    def to_board(self) -> dict:
        """The F1 board these (valid) fields describe. Call after ``is_valid()``."""
        data = self.cleaned_data
        first = data.get("first_to_five") if self.asks_first_to_five else None
        board = {
            "game": "duel",
            "sides": {m: data.get(f"side_{m}") or "A" for m in MONUMENTS},
            "starting_player": data.get("starting_player") or 0,
            "players": [self._player(i, first) for i in PLAYERS],
        }
        chosen = data.get("variants") or []
        if chosen:
            board["variants"] = list(chosen)
            for variant, specs in self.variant_specs:
                if variant.id in chosen:
                    for i, player in enumerate(board["players"]):
                        for spec in specs:
                            value = data.get(f"p{i}_v_{variant.id}_{spec.name}")
                            player[spec.name] = spec.default if value is None else value
        return board

    def _player(self, i: int, first: int | None) -> dict:
        data = self.cleaned_data

        def count(key: str) -> int:
            return data.get(f"p{i}_{key}") or 0

        name = (data.get(f"p{i}_name") or "").strip()
        return {
            "name": name or None,
            "obelisk": count("obelisk"),
            "obelisk_first_to_five": first == i,
            # The four counters become one list of token values (F1 "temple").
            "temple": [v for v in TEMPLE_VALUES for _ in range(count(f"temple_{v}"))],
            "pyramid": {"light": count("light"), "dark": count("dark")},
            "tomb": sorted(data.get(f"p{i}_tomb") or []),
            "action_tokens": count("actions"),
            "meeples_on_harbor": count("meeples"),
        }
