"""The games filter (player, game type, date range) shared by the pages, the exports and the API."""

from __future__ import annotations

from django import forms
from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import registered_games
from games.models import LARGEST_ID, Game, Seat
from imhotep_lib.translation import say


class GameFilterForm(forms.Form):
    player = forms.IntegerField(required=False, min_value=1, max_value=LARGEST_ID, label=gettext_lazy("Player"),
                                widget=forms.Select)
    game = forms.CharField(required=False, max_length=40, label=gettext_lazy("Game"), widget=forms.Select)
    date_from = forms.DateField(
        required=False, label=gettext_lazy("From"), widget=forms.DateInput(attrs={"type": "date"})
    )
    date_to = forms.DateField(required=False, label=gettext_lazy("To"), widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, players=None, **kwargs):
        super().__init__(*args, **kwargs)
        if players is not None:
            self.fields["player"].widget.choices = [("", _("Any player")), *((p.pk, p.name) for p in players)]
        games = ((gt, say(name)) for gt, name in registered_games.game_types())
        self.fields["game"].widget.choices = [("", _("Any game")), *games]

    def clean(self):
        data = super().clean()
        if data.get("date_from") and data.get("date_to") and data["date_from"] > data["date_to"]:
            self.add_error(
                "date_to",
                _("must not be before the start date {date}").format(date=f"{data['date_from']:%Y-%m-%d}"),
            )
        return data

    def filter(self, games: QuerySet[Game]) -> QuerySet[Game]:
        """``games`` narrowed to the valid filters (an invalid form filters nothing)."""
        data = self.cleaned_data if self.is_valid() else {}
        if data.get("player"):
            # Exists, not a join: a game is listed once whoever else sat at it.
            games = games.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), player_id=data["player"])))
        if data.get("game"):
            games = games.filter(game_type=data["game"])
        if data.get("date_from"):
            games = games.filter(played_on__gte=data["date_from"])
        if data.get("date_to"):
            games = games.filter(played_on__lte=data["date_to"])
        return games

    def querystring(self) -> str:
        """The valid filters as a query string (for pagination and export links)."""
        from urllib.parse import urlencode

        if not self.is_valid():
            return ""
        pairs = [
            (k, v.isoformat() if hasattr(v, "isoformat") else v) for k, v in self.cleaned_data.items() if v
        ]
        return urlencode(pairs)


def history_games() -> QuerySet[Game]:
    """The club's history: its games with their seats (`games_with_seats`), not the what-if
    variations played on from them (issue 39; those are listed under their game) nor the games
    against the bot (docs/bots.md)."""
    return games_with_seats().filter(parent__isnull=True, bot_level__isnull=True)


def games_with_seats() -> QuerySet[Game]:
    """Games with their seats, players and results in two queries, whatever the page size."""
    return Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player", "result").order_by("order"))
    )
