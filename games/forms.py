"""Forms of the club-history pages (the filter form lives in games.filters)."""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Game
from games.player_checks import NewPlayersField
from games.services.documents import GameMeta
from imhotep_lib import request_json
from imhotep_lib.translation import say


class SaveScoreForm(forms.Form):
    """What the calculator page posts: the F1/F3 board as JSON in a hidden field, plus the
    optional date, place and notes, and the "these are new players" box of a second try."""

    board = forms.CharField(widget=forms.HiddenInput)
    played_on = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    location = forms.CharField(required=False, max_length=120)
    notes = forms.CharField(required=False, max_length=10_000, widget=forms.Textarea(attrs={"rows": 3}))
    new_players = NewPlayersField()

    def clean_board(self) -> object:
        raw = self.cleaned_data["board"]
        try:
            return request_json.loads(raw, "board")
        except request_json.NotJSON as exc:
            if not isinstance(exc.error, json.JSONDecodeError):
                raise forms.ValidationError(say(exc.message)) from None
            raise forms.ValidationError(
                _("the board is not valid JSON: {problem} (line {line} column {column})").format(
                    problem=exc.error.msg, line=exc.error.lineno, column=exc.error.colno
                )
            ) from None
        except request_json.BadJSON as exc:
            raise forms.ValidationError(say(exc.message)) from None

    def meta(self) -> GameMeta:
        data = self.cleaned_data
        return GameMeta(
            played_on=data.get("played_on"),
            location=data.get("location", "").strip(),
            notes=data.get("notes", "").strip(),
        )


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("File"),
        help_text=gettext_lazy("A JSON file with one game record or a list of them, or ndjson (one record per line)."),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = settings.IMHOTEP_MAX_IMPORT_BYTES  # the request limit (docs/security.md)
        if upload.size > limit:
            raise forms.ValidationError(
                _(
                    "the file is {size} bytes; upload at most {limit} bytes (IMHOTEP_MAX_IMPORT_BYTES) "
                    "at a time (or use manage.py import_records)"
                ).format(size=upload.size, limit=limit)
            )
        return upload


class GameDetailsForm(forms.ModelForm):
    """When and where a game was played, and notes: what its recorder may change afterwards."""

    class Meta:
        model = Game
        fields = ("played_on", "location", "notes")
        widgets = {
            "played_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "notes": forms.Textarea(attrs={"rows": 3}),
        }
        labels = {"played_on": gettext_lazy("Date played"), "location": gettext_lazy("Place")}
