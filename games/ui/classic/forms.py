"""The base-game score calculator's form: the table after round 6 as fields, and the F3 board
(formats.md F3) it describes. Limits of the box (C1, C7) are the engine's business; this only
parses numbers and choices."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from django import forms
from django.http import QueryDict
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.ui import form_fields
from games.ui.classic.chamber_fields import (
    CELL_CHOICES,
    CHAMBER_ROWS,
    COLOUR_NAMES,
    COLOUR_SHORT,
    MAX_CHAMBER_COLUMNS,
    cell_field,
    cell_name,
    cell_words,
    chamber_columns,
)
from games.ui.classic.form_parts import ChamberCell, ErrorSlot, PlayerFields, SideField, VariantInputs, VariantWords
from games.ui.form_fields import count_field, name_field, player_title, variant_field
from games.ui.gameui import drawn
from rules_engine.classic.components import BUILDING_SITES, COLOURS, MAX_PLAYERS, MIN_PLAYERS, SITES
from rules_engine.registry import default_registry as registry

GAME = "classic"
PLAYER_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
PLAYERS = tuple(range(MAX_PLAYERS))  # every block is rendered; CSS hides those beyond the count
SITE_NAMES = {
    "market": _("Market"),
    "pyramids": _("Pyramids"),
    "temple": _("Temple"),
    "burial-chamber": _("Burial chamber"),
    "obelisks": _("Obelisks"),
}
DECORATION_COUNTS = (0, 1, 2)  # C7: two decoration cards of each kind in the deck
# F3 site_stones: counted only for a decoration of the site; the chamber's count is on the form, and
# the obelisks' too on side A (on side B the towers hide it, so the scorer asks for it).
SITE_STONE_SITES = ("pyramids", "temple", "obelisks")
# The fields' labels; a problem with a count names the field by its label.
SITE_STONE_LABELS = {
    "pyramids": _("Stones on the Pyramids"),
    "temple": _("Stones in the Temple"),
    "obelisks": _("Stones on the Obelisks (side B, towers included)"),
}
PHARAOHS_WRATH = "pharaohs-wrath"  # C9: the variant whose "reached" checkboxes the page shows


# Where problems are shown: one slot next to each field (per player, then for the whole table).
PLAYER_SLOTS = ("player", "name", "colour", "track", "sled", "obelisk", "statues", "decorations", "blue", "reached")
TOP_SLOTS = (
    "players",
    *(f"side_{s}" for s in SITES),
    "variants",
    "chamber",
    *(f"site_stones_{s}" for s in SITE_STONE_SITES),
)

# Sanity cap while parsing the score track (counters: form_fields.MAX_COUNT); the engine reports the real limits.
MAX_TRACK = 999


def _decorations_label(site: str) -> str:
    # Translators: the decoration cards (green, C7) of one site a player holds, e.g. "Temple decorations".
    return gettext("%(site)s decorations") % {"site": SITE_NAMES[site]}


#: The same words, lazily: for the fields built once and shared between readers.
decorations_label = lazy(_decorations_label, str)


def _player_fields(i: int) -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {
        f"p{i}_name": name_field(),
        f"p{i}_colour": forms.ChoiceField(label=_("Colour"), required=False, choices=list(COLOUR_NAMES.items())),
        f"p{i}_track": count_field(_("Score track"), MAX_TRACK),
        f"p{i}_sled": count_field(_("Stones on the sled")),
        f"p{i}_obelisk": count_field(_("Obelisk stones")),
        f"p{i}_statues": count_field(_("Statues")),
        f"p{i}_blue": count_field(_("Blue cards not played")),
        f"p{i}_reached": forms.MultipleChoiceField(
            label=_("Sites reached"),
            required=False,
            widget=forms.CheckboxSelectMultiple,
            choices=[(s, SITE_NAMES[s]) for s in BUILDING_SITES],
        ),
    }
    for site in BUILDING_SITES:
        fields[f"p{i}_deco_{site}"] = forms.TypedChoiceField(
            label=decorations_label(site),
            help_text=SITE_NAMES[site],  # the row's heading on the page
            required=False,
            coerce=int,
            empty_value=0,
            choices=[(n, str(n)) for n in DECORATION_COUNTS],
            widget=forms.RadioSelect,
        )
    return fields


_PLAYER_DEFAULTS = ("track", "sled", "obelisk", "statues", "blue")

#: What an empty request means: four players of the box's colours, all zero, sides A.
DEFAULTS = {
    "players": str(MAX_PLAYERS),
    **{f"side_{s}": "A" for s in SITES},
    **{f"p{i}_name": player_title(i) for i in PLAYERS},
    **{f"p{i}_colour": COLOURS[i] for i in PLAYERS},
    **{f"p{i}_{key}": "0" for i in PLAYERS for key in _PLAYER_DEFAULTS},
    **{f"p{i}_deco_{site}": "0" for i in PLAYERS for site in BUILDING_SITES},
}


def with_defaults(query: QueryDict) -> QueryDict:
    """The request's fields, with DEFAULTS for any field not sent at all."""
    return form_fields.with_defaults(query, DEFAULTS)


def classic_variants() -> list:
    """The base game's variants, as the plugins registered them (pharaohs-wrath, C9, and any
    a plugin adds)."""
    return [v for key, v in sorted(registry().variants.items()) if key[0] == GAME]


def unscorable_sides() -> Mapping[str, Mapping[str, str]]:
    """``{site: {side: why}}`` for the sides the registered game cannot score yet (C6 ⚠)."""
    reg = registry()
    return reg.games[GAME].unscorable_sides() if GAME in reg.games else {}


@functools.cache
def _shared_fields() -> dict[str, forms.Field]:
    """The fields every form has, built once: about a hundred fields per request would cost
    more than the rest of a live update (≤ 20 ms). Forms share these instances; Django never
    changes a field while cleaning or rendering, and neither does this module."""
    fields: dict[str, forms.Field] = {
        "players": forms.TypedChoiceField(
            label=_("Players"),
            coerce=int,
            required=False,
            empty_value=MAX_PLAYERS,
            widget=forms.RadioSelect,
            choices=[(n, str(n)) for n in PLAYER_COUNTS],
        )
    }
    for site in SITES:
        fields[f"side_{site}"] = forms.ChoiceField(
            label=SITE_NAMES[site], choices=(("A", "A"), ("B", "B")), required=False, widget=forms.RadioSelect
        )
    for i in PLAYERS:
        fields.update(_player_fields(i))
    for site, label in SITE_STONE_LABELS.items():
        fields[f"site_stones_{site}"] = count_field(label)
    return fields


class ClassicBoardForm(forms.Form):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.problems: tuple = ()
        self.fields.update(_shared_fields())
        # Variants come from the plugins (the registry may be rebuilt): asked each time.
        self.variant_list = [
            VariantWords(v.id, drawn(v.name), drawn(v.description) if v.description else "") for v in classic_variants()
        ]
        fields = registry().variant_fields
        self.variant_specs = [(v, fields.get((GAME, v.id), ())) for v in self.variant_list]
        for variant, specs in self.variant_specs:
            for i in PLAYERS:
                for spec in specs:
                    self.fields[f"p{i}_v_{variant.id}_{spec.name}"] = variant_field(spec)
        if self.variant_list:
            self.fields["variants"] = forms.MultipleChoiceField(
                label=_("Variants"),
                required=False,
                widget=forms.CheckboxSelectMultiple,
                choices=[(v.id, v.name) for v in self.variant_list],
            )
        self.columns = chamber_columns(self.data) if self.is_bound else 1
        for column in range(1, self.columns + 1):
            for row in range(1, CHAMBER_ROWS + 1):
                self.fields[cell_name(column, row)] = cell_field(column, row)

    # -- for the template ------------------------------------------------------------------
    def show(self, problems) -> None:
        """Put these problems (each with a ``slot``) next to their fields."""
        self.problems = tuple(problems)

    def _slot(self, slot: str) -> ErrorSlot:
        return ErrorSlot(slot, tuple(p for p in self.problems if p.slot == slot))

    @property
    def error_slots(self) -> list[ErrorSlot]:
        """Every slot of the page, for the out-of-band refresh (an empty one clears old errors)."""
        skip = set() if self.has_pharaohs_wrath else {"reached"}  # no such slot on the page
        if not self.variant_list:
            skip.add("variants")
        return [self._slot(f"p{i}_{key}") for i in PLAYERS for key in PLAYER_SLOTS if key not in skip] + [
            self._slot(key) for key in TOP_SLOTS if key not in skip
        ]

    @property
    def top_errors(self) -> dict[str, ErrorSlot]:
        return {key: self._slot(key) for key in TOP_SLOTS}

    @property
    def sides(self) -> list[SideField]:
        unplayable = unscorable_sides()
        return [
            SideField(s, SITE_NAMES[s], self[f"side_{s}"], self._slot(f"side_{s}"), unplayable.get(s, {}).get("B", ""))
            for s in SITES
        ]

    @property
    def player_blocks(self) -> list[PlayerFields]:
        return [
            PlayerFields(
                index=i,
                title=player_title(i),
                name=self[f"p{i}_name"],
                colour=self[f"p{i}_colour"],
                track=self[f"p{i}_track"],
                sled=self[f"p{i}_sled"],
                obelisk=self[f"p{i}_obelisk"],
                statues=self[f"p{i}_statues"],
                blue=self[f"p{i}_blue"],
                decorations=tuple((s, self[f"p{i}_deco_{s}"]) for s in BUILDING_SITES),
                reached=self[f"p{i}_reached"],
                errors={key: self._slot(f"p{i}_{key}") for key in PLAYER_SLOTS},
                variant_inputs=tuple(
                    VariantInputs(v.id, v.name, tuple(self[f"p{i}_v_{v.id}_{spec.name}"] for spec in specs))
                    for v, specs in self.variant_specs
                    if specs
                ),
            )
            for i in PLAYERS
        ]

    max_columns = MAX_CHAMBER_COLUMNS

    @property
    def chamber_columns(self) -> list[list[ChamberCell]]:
        """The chamber's cells as columns (left to right) of rows (top to bottom), the order it fills."""
        data = self.data if self.is_bound else {}
        return [
            [
                ChamberCell(c, r, cell_name(c, r), cell_words(c, r), data.get(cell_name(c, r)) or "")
                for r in range(1, CHAMBER_ROWS + 1)
            ]
            for c in range(1, self.columns + 1)
        ]

    cell_choices = tuple((value, text, COLOUR_SHORT.get(value, "")) for value, text in CELL_CHOICES)

    @property
    def cell_label_pattern(self) -> str:
        """A cell's label with ``{column}`` and ``{row}`` left open: chamber.js labels the columns it adds."""
        return cell_words("{column}", "{row}")

    @property
    def variant_boxes(self) -> list:
        return list(self["variants"]) if self.variant_list else []

    @property
    def variants_with_inputs(self) -> list[str]:
        return [v.id for v, specs in self.variant_specs if specs]

    @property
    def has_pharaohs_wrath(self) -> bool:
        return any(v.id == PHARAOHS_WRATH for v in self.variant_list)

    @property
    def site_stone_fields(self) -> list[tuple[str, forms.BoundField, ErrorSlot]]:
        return [(s, self[f"site_stones_{s}"], self._slot(f"site_stones_{s}")) for s in SITE_STONE_SITES]

    def count(self) -> int:
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return data.get("players") or MAX_PLAYERS

    # -- the board -------------------------------------------------------------------------
    def to_board(self) -> dict:
        """The F3 board these (valid) fields describe. Call after ``is_valid()``."""
        data = self.cleaned_data
        count = self.count()
        chosen = list(data.get("variants") or [])
        board: dict = {
            "game": GAME,
            "sides": {s: data.get(f"side_{s}") or "A" for s in SITES},
            "players": [self._player(i, chosen) for i in range(count)],
            "burial_chamber": self._chamber(),
        }
        if chosen:
            board["variants"] = chosen
        # F3: a site's stones count only for its decorations, so only those are sent (a field
        # the page hides is not part of the board); blank means not entered.
        held = {s for p in board["players"] for s in p["decorations"]}
        if board["sides"]["obelisks"] == "A":
            held.discard("obelisks")
        site_stones = {
            s: data[f"site_stones_{s}"]
            for s in SITE_STONE_SITES
            if s in held and data.get(f"site_stones_{s}") is not None
        }
        if site_stones:
            board["site_stones"] = site_stones
        return board

    def _player(self, i: int, chosen: list[str]) -> dict:
        data = self.cleaned_data

        def count(key: str) -> int:
            return data.get(f"p{i}_{key}") or 0

        name = (data.get(f"p{i}_name") or "").strip()
        player = {
            "name": name or None,
            "colour": data.get(f"p{i}_colour") or COLOURS[i],
            "track": count("track"),
            "sled": count("sled"),
            "obelisk_stones": count("obelisk"),
            "statues": count("statues"),
            # The four 0–2 counters become one list of site ids (F3 "decorations").
            "decorations": [s for s in BUILDING_SITES for _ in range(count(f"deco_{s}"))],
            "blue_cards": count("blue"),
        }
        if PHARAOHS_WRATH in chosen:
            reached = set(data.get(f"p{i}_reached") or [])
            player["reached"] = [s for s in BUILDING_SITES if s in reached]
        for variant, specs in self.variant_specs:  # plugin variants' own inputs (registry validates)
            if variant.id in chosen:
                for spec in specs:
                    value = data.get(f"p{i}_v_{variant.id}_{spec.name}")
                    player[spec.name] = spec.default if value is None else value
        return player

    def _chamber(self) -> list[list[str | None]]:
        """F3 burial_chamber: columns left to right, each 3 entries top to bottom, without the
        empty columns at the right end (the page's spare column)."""
        data = self.cleaned_data
        columns = [
            [data.get(cell_name(c, r)) or None for r in range(1, CHAMBER_ROWS + 1)] for c in range(1, self.columns + 1)
        ]
        while columns and not any(columns[-1]):
            columns.pop()
        return columns
