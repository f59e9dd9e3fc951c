"""The club's explorer page (``/games/explorer``): a GET form of filters and the answer of
`games.services.explorer`, the answer alone when htmx asks (every hx-get has the same URL as
the form's plain submit)."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from games import read_limits, registered_games
from games.models import Player
from games.services import explorer, history_version, stats
from games.ui import explorer_words
from imhotep_lib import callers
from imhotep_lib.partials import render_partial
from imhotep_lib.translation import say
from rules_engine.registry import DEFAULT_GAME, default_registry


class ExplorerForm(forms.Form):
    """The explorer's filters: a game type, players (all of them at the table), a period, and
    a side per part of the board (the game's own parts: the Duel's monuments, the base game's
    sites), each named ``side_<part>``."""

    game = forms.ChoiceField(required=False, label=gettext_lazy("Game"))
    player = forms.TypedMultipleChoiceField(required=False, coerce=int, label=gettext_lazy("Players"),
                                            help_text=gettext_lazy("Games where all of them played."))
    date_from = forms.DateField(required=False, label=gettext_lazy("From"),
                                widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(required=False, label=gettext_lazy("To"), widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, data, *, game_type: str, players):
        super().__init__(data)
        self.game_type = game_type
        cast(forms.ChoiceField, self.fields["game"]).choices = [
            (gt, say(name)) for gt, name in registered_games.game_types()]
        cast(forms.ChoiceField, self.fields["player"]).choices = [(p.pk, p.name) for p in players]
        from games.templatetags.history import label

        try:
            parts = default_registry().game(game_type).sides
        except ValueError:
            parts = {}
        for part, options in parts.items():
            self.fields[f"side_{part}"] = forms.ChoiceField(
                required=False, label=label(part), choices=[("", _("any side")), *((o, o) for o in options)])

    def clean(self):
        data = super().clean() or {}
        if data.get("date_from") and data.get("date_to") and data["date_from"] > data["date_to"]:
            self.add_error("date_to", _("must not be before the start date {date}").format(
                date=f"{data['date_from']:%Y-%m-%d}"))
        return data

    def filters(self) -> explorer.Filters:
        """The valid filters (an invalid form filters nothing but the game type)."""
        data = self.cleaned_data if self.is_valid() else {}
        sides = tuple((name.removeprefix("side_"), value) for name, value in sorted(data.items())
                      if name.startswith("side_") and value)
        return explorer.Filters(self.game_type, tuple(sorted(set(data.get("player") or ()))),
                                data.get("date_from"), data.get("date_to"), sides)


def explorer_form(query) -> ExplorerForm:
    """The form of a GET query, for the page and the API alike."""
    known = {gt for gt, _ in registered_games.game_types()}
    game_type = query.get("game") or stats.most_played_game_type() or DEFAULT_GAME
    if game_type not in known:
        game_type = DEFAULT_GAME
    players = stats.club_players().only("id", "name").order_by("name_key")
    return ExplorerForm(query or None, game_type=game_type, players=players)


@require_GET
def explorer_page(request):
    read_limits.check(request, "explorer")  # callers not signed in: Busy (429) over their rate
    form = explorer_form(request.GET)
    filters = form.filters()
    # The answer is drawn inside {% cache %} under the history's version (as the standings are):
    # lazy, so a drawn answer kept in the cache is not even looked up. One not kept is worked
    # out within the caller's limits (Busy: 429).
    answer = SimpleLazyObject(lambda: explorer_words.worded(explorer.explore(filters, callers.caller_of(request))))
    context = {"form": form, "answer": answer, "small": explorer.SMALL_SAMPLE,
               "game_name": registered_games.game_name(form.game_type),
               "history_version": history_version.current(),
               "filters_key": f"{explorer.facts_version()}:{filters.key()}",
               # One or two players chosen: their prep sheet (games/prep_views.py) from one's side.
               "prep_players": list(Player.objects.filter(pk__in=filters.players).order_by("name_key"))
               if 0 < len(filters.players) <= 2 else []}
    return render_partial(request, "games/explorer.html", "answer", context)
