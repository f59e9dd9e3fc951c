"""The base game's board-data page (docs/board-data.md): the numbers of the B sides printed only
on the boards (classic.md C6 ⚠), laid out as the boards are — three pyramids row by row, the
temple's spaces per player count, the burial chamber's ranking points per player count, the
obelisks' tower spaces. The checks are the engine's (`rules_engine.classic.sitedata.check`);
this form only turns fields into the data's shape and back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.ui.gameui import BoardDataEditor, drawn
from rules_engine.classic.components import TEMPLE_WIDTH
from rules_engine.classic.sitecheck import chamber_place, pyramid_place, temple_place, tower_place
from rules_engine.classic.sitedata import PLAYER_COUNTS, PYRAMIDS_B_COUNT

ROWS = 3  # rows a pyramid may have on the page (bottom to top)
SPACES = 6  # spaces a row may have
TOWERS = 8  # tower spaces of the obelisks B the page offers

PYRAMID_BONUS_CHOICES = [
    ("", _("no bonus")),
    # Translators: a pyramid B space's bonus: draw a market card.
    ("card", _("a card")),
    # Translators: a pyramid B space's bonus: take stones from the quarry.
    ("stones", _("stones")),
    # Translators: a pyramid B space's bonus: place a stone on a ship.
    ("place", _("place a stone")),
]
TEMPLE_BONUS_CHOICES = [
    ("", "—"),
    # Translators: a temple B space's bonus: 1 point or 2 stones, the player's choice.
    ("point-or-stones", _("1 point or 2 stones")),
    # Translators: a temple B space's bonus.
    ("two-points", _("2 points")),
    # Translators: a temple B space's bonus: draw a market card.
    ("card", _("a card")),
]


def _number(label: Any, minimum: int = 0) -> forms.IntegerField:
    return forms.IntegerField(label=label, required=False, min_value=minimum,
                              widget=forms.NumberInput(attrs={"class": "num", "inputmode": "numeric"}))


def value_name(p: int, r: int, s: int) -> str:
    return f"pyr{p}_r{r}_s{s}"


def bonus_name(p: int, r: int, s: int) -> str:
    return f"pyr{p}_r{r}_s{s}_bonus"


class ClassicBoardDataForm(forms.Form):
    """Every number of the B boards as its own field, named by its place (``pyr2_r1_s3``:
    pyramid 2, first row, third space)."""

    overflow = _number(_("Points for a stone when no pyramid space is free"))

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for p in range(1, PYRAMIDS_B_COUNT + 1):
            for r in range(1, ROWS + 1):
                for s in range(1, SPACES + 1):
                    self.fields[value_name(p, r, s)] = _number(drawn(pyramid_place(p, r, s)))
                    if r == 1:  # C6.2: only the bottom row carries bonuses
                        self.fields[bonus_name(p, r, s)] = forms.ChoiceField(
                            label=_("bonus"), choices=PYRAMID_BONUS_CHOICES, required=False)
        for n in PLAYER_COUNTS:
            for i in range(1, TEMPLE_WIDTH[n] + 1):
                self.fields[f"temple{n}_s{i}"] = forms.ChoiceField(
                    label=drawn(temple_place(n, i)), choices=TEMPLE_BONUS_CHOICES, required=False)
            for i in range(1, n + 1):
                self.fields[f"chamber{n}_p{i}"] = _number(drawn(chamber_place(n, i)))
        for i in range(1, TOWERS + 1):
            self.fields[f"tower{i}"] = _number(drawn(tower_place(i)))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        # A row's spaces are entered from the left, so that each problem the checks name
        # ("pyramid 2, second row, third space") is the field it is shown beside.
        for p in range(1, PYRAMIDS_B_COUNT + 1):
            for r in range(1, ROWS + 1):
                gap = False
                for s in range(1, SPACES + 1):
                    filled = cleaned.get(value_name(p, r, s)) is not None or bool(cleaned.get(bonus_name(p, r, s)))
                    if filled and gap:
                        self.add_error(value_name(p, r, s), _("%(place)s: enter a row's spaces from the left, "
                                                              "without an empty space between them")
                                       % {"place": self.fields[value_name(p, r, s)].label})
                    gap = gap or not filled
        return cleaned

    # -- the layout the template draws -----------------------------------------------
    def pyramids(self) -> list[dict[str, Any]]:
        """Per pyramid its rows from the top down (as the board shows them), each a list of
        (value field, bonus field or None)."""
        return [
            {"number": p, "rows": [
                {"number": r, "spaces": [(self[value_name(p, r, s)], self[bonus_name(p, r, s)] if r == 1 else None)
                                         for s in range(1, SPACES + 1)]}
                for r in range(ROWS, 0, -1)
            ]}
            for p in range(1, PYRAMIDS_B_COUNT + 1)
        ]

    def temple(self) -> list[dict[str, Any]]:
        return [{"players": n, "spaces": [self[f"temple{n}_s{i}"] for i in range(1, TEMPLE_WIDTH[n] + 1)]}
                for n in PLAYER_COUNTS]

    def chamber(self) -> list[dict[str, Any]]:
        return [{"players": n, "places": [self[f"chamber{n}_p{i}"] for i in range(1, n + 1)]} for n in PLAYER_COUNTS]

    def towers(self) -> list[forms.BoundField]:
        return [self[f"tower{i}"] for i in range(1, TOWERS + 1)]


@dataclass
class _Build:
    data: dict[str, Any]
    fields: dict[str, str]


def _pyramids(cleaned: Mapping[str, Any], out: _Build) -> None:
    pyramids = []
    entered = False
    for p in range(1, PYRAMIDS_B_COUNT + 1):
        spaces: list[dict[str, Any]] = []
        for r in range(1, ROWS + 1):
            for s in range(1, SPACES + 1):
                value = cleaned.get(value_name(p, r, s))
                bonus = cleaned.get(bonus_name(p, r, s)) or None
                if value is None and bonus is None:
                    continue  # no space there
                path = f"pyramids_b.pyramids[{p - 1}][{len(spaces)}]"
                out.fields[path] = value_name(p, r, s)
                out.fields[f"{path}.bonus"] = bonus_name(p, r, s) if r == 1 else value_name(p, r, s)
                spaces.append({"level": r, "value": value, **({"bonus": bonus} if bonus else {})})
        entered = entered or bool(spaces)
        out.fields[f"pyramids_b.pyramids[{p - 1}]"] = value_name(p, 1, 1)
        pyramids.append(spaces)
    if entered:
        overflow = cleaned.get("overflow")
        out.data["pyramids_b"] = {"pyramids": pyramids, "overflow": 1 if overflow is None else overflow}
        out.fields["pyramids_b"] = out.fields["pyramids_b.pyramids"] = value_name(1, 1, 1)
        out.fields["pyramids_b.overflow"] = "overflow"


def _per_count(cleaned: Mapping[str, Any], out: _Build, key: str, inner: str, fields: dict[int, list[str]]) -> None:
    per: dict[str, list[Any]] = {}
    for n, names in fields.items():
        values = [cleaned.get(name) for name in names]
        values = [None if v == "" else v for v in values]
        if all(v is None for v in values):
            continue  # this player count not entered: the side stays missing for it
        per[str(n)] = values
        out.fields[f"{key}.{inner}.{n}"] = names[0]
        for i, name in enumerate(names):
            out.fields[f"{key}.{inner}.{n}[{i}]"] = name
    if per:
        out.data[key] = {inner: per}
        first = next(iter(fields.values()))[0]
        out.fields[key] = out.fields[f"{key}.{inner}"] = first


def _towers(cleaned: Mapping[str, Any], out: _Build) -> None:
    values = [cleaned.get(f"tower{i}") for i in range(1, TOWERS + 1)]
    while values and values[-1] is None:  # the spaces the board has: up to the last filled one
        values.pop()
    if values:
        out.data["obelisks_b"] = {"towers": values}
        out.fields["obelisks_b"] = out.fields["obelisks_b.towers"] = "tower1"
        for i in range(len(values)):
            out.fields[f"obelisks_b.towers[{i}]"] = f"tower{i + 1}"


class ClassicBoardData(BoardDataEditor):
    template = "ui/classic/board_data.html"
    form = ClassicBoardDataForm
    parts = {
        "pyramids_b": _("Pyramids B"),
        "temple_b": _("Temple B"),
        "burial_chamber_b": _("Burial chamber B"),
        "obelisks_b": _("Obelisks B"),
    }

    def initial(self, data: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        pyramids = (data.get("pyramids_b") or {})
        for p, spaces in enumerate(pyramids.get("pyramids") or (), start=1):
            numbers: dict[int, int] = {}
            for space in spaces:
                r = space.get("level", 1)
                numbers[r] = numbers.get(r, 0) + 1
                out[value_name(p, r, numbers[r])] = space.get("value")
                if r == 1:
                    out[bonus_name(p, r, numbers[r])] = space.get("bonus") or ""
        if pyramids:
            out["overflow"] = pyramids.get("overflow", 1)
        for n, bonuses in ((data.get("temple_b") or {}).get("spaces") or {}).items():
            for i, bonus in enumerate(bonuses, start=1):
                out[f"temple{n}_s{i}"] = bonus
        for n, points in ((data.get("burial_chamber_b") or {}).get("points") or {}).items():
            for i, value in enumerate(points, start=1):
                out[f"chamber{n}_p{i}"] = value
        for i, value in enumerate((data.get("obelisks_b") or {}).get("towers") or (), start=1):
            out[f"tower{i}"] = value
        return out

    def to_data(self, cleaned: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
        out = _Build({}, {})
        _pyramids(cleaned, out)
        _per_count(cleaned, out, "temple_b", "spaces",
                   {n: [f"temple{n}_s{i}" for i in range(1, TEMPLE_WIDTH[n] + 1)] for n in PLAYER_COUNTS})
        _per_count(cleaned, out, "burial_chamber_b", "points",
                   {n: [f"chamber{n}_p{i}" for i in range(1, n + 1)] for n in PLAYER_COUNTS})
        _towers(cleaned, out)
        return out.data, out.fields
