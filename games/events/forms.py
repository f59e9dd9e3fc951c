"""The event forms: creating an event, adding a player, linking a game, fixing a result."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games import registered_games
from games.events.models import ByeRequest, Event
from games.models import LARGEST_ID
from imhotep_lib.translation import say


def _games() -> list[tuple[str, str]]:
    return [(game_id, say(name)) for game_id, name in registered_games.game_types()]


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    game_type = forms.ChoiceField(label=_("Game"), choices=_games)
    kind = forms.ChoiceField(label=_("Pairing system"), choices=Event.Kind.choices, initial=Event.Kind.SWISS)
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=30, initial=3)
    scoring = forms.ChoiceField(label=_("Base game: event points"), choices=Event.Scoring.choices,
                                initial=Event.Scoring.PLACES)
    place_points = forms.CharField(label=_("Place points (1st, 2nd, …) at tables of 4 / 3 / 2"),
                                   initial="6 4 2 0 / 6 3 0 / 6 0", required=False)
    # The edition is stored with the event (Event.pairing_edition): a running event keeps its rules.
    pairing_edition = forms.ChoiceField(
        label=_("Swiss pairing rules"), choices=Event.PairingEdition.choices,
        initial=Event.PairingEdition.DUTCH_2026, required=False,
        help_text=_("Either edition pairs a round of 200 players in under half a second of computing; choose the "
                    "earlier rules only for an event that must be paired as before February 2026."))
    bye_points = forms.FloatField(label=_("Points for a bye"), initial=1.0, min_value=0)
    requested_byes = forms.ChoiceField(
        label=_("Byes players may ask for"), choices=Event.ByeRequests.choices, initial=Event.ByeRequests.NONE,
        required=False, help_text=_("Two players a game only: a player who asks is left out of that round's "
                                    "pairing and scores the bye's points."))
    seed = forms.IntegerField(label=_("Seed for the drawing of lots (empty: drawn now)"), required=False,
                              min_value=0, max_value=2**62)
    language = forms.ChoiceField(label=_("Big screen language"), choices=settings.LANGUAGES,
                                 initial=settings.LANGUAGE_CODE)

    def clean_requested_byes(self) -> str:
        return self.cleaned_data.get("requested_byes") or Event.ByeRequests.NONE

    def clean_pairing_edition(self) -> str:
        """Left out (an older client's form): the edition in force."""
        return self.cleaned_data.get("pairing_edition") or Event.PairingEdition.DUTCH_2026

    def clean_place_points(self) -> dict[int, list[float]]:
        """Tables of 4, then 3, then 2, separated by "/"; sizes left out keep their defaults."""
        out: dict[int, list[float]] = {}
        parts = (self.cleaned_data.get("place_points") or "").split("/")
        for size, part in zip((4, 3, 2), parts, strict=False):
            raw = part.replace(",", " ").split()
            if not raw:
                continue
            try:
                points = [float(x) for x in raw]
            except ValueError:
                raise forms.ValidationError(_("give numbers separated by spaces, e.g. 6 4 2 0")) from None
            if len(points) != size:
                raise forms.ValidationError(
                    _("a table of %(size)s players needs %(size)s place points, e.g. 6 4 2 0 / 6 3 0 / 6 0")
                    % {"size": size})
            out[size] = points
        if len(parts) > 3:
            raise forms.ValidationError(_("give numbers separated by spaces, e.g. 6 4 2 0"))
        return out


class RegisterForm(forms.Form):
    name = forms.CharField(label=_("Player"), max_length=60)


class LinkForm(forms.Form):
    game = forms.IntegerField(label=_("Game number"), min_value=1, max_value=LARGEST_ID)


class FixForm(forms.Form):
    # A two-seat table sends a result code (result_entry.RESULTS); a larger one the places.
    result = forms.CharField(label=_("Result"), required=False, max_length=10)
    ranks = forms.CharField(label=_("Places in seat order, e.g. 2 1"), required=False)

    def clean_ranks(self):
        raw = (self.cleaned_data.get("ranks") or "").replace(",", " ").split()
        if not raw:
            return None
        try:
            return [int(x) for x in raw]
        except ValueError:
            raise forms.ValidationError(_("give whole numbers separated by spaces, e.g. 2 1")) from None


class ByeRequestForm(forms.Form):
    player = forms.IntegerField(label=_("Player"), min_value=1, max_value=LARGEST_ID)
    round = forms.IntegerField(label=_("Round"), min_value=1, max_value=30)
    kind = forms.ChoiceField(label=_("Bye"), choices=ByeRequest.Kind.choices)
