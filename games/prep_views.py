"""A player's prep sheet (``/games/players/<pk>/prep``): the explorer's counts from one
player's side over all their finished games of a game type and, with ``against``, over the
games they played with one other player (games/services/prep.py). A GET form; htmx asks for the
answer alone (the form's hx-get is its plain submit). Bounded as the explorer
(`games.read_limits`: callers not signed in are throttled; answers are worked out in a slot)."""

from __future__ import annotations

from typing import cast

from django import forms
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from games import read_limits, registered_games
from games.models import Player
from games.services import explorer, prep, stats
from games.ui import prep_words
from imhotep_lib import callers
from imhotep_lib.partials import render_partial
from imhotep_lib.translation import say
from rules_engine.registry import DEFAULT_GAME


class PrepForm(forms.Form):
    game = forms.ChoiceField(required=False, label=gettext_lazy("Game"))
    against = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label=gettext_lazy("Against"))

    def __init__(self, data, *, player: Player):
        super().__init__(data)
        cast(forms.ChoiceField, self.fields["game"]).choices = [
            (gt, say(name)) for gt, name in registered_games.game_types()]
        others = stats.club_players(Player.objects.exclude(pk=player.pk)).only("id", "name").order_by("name_key")
        cast(forms.ChoiceField, self.fields["against"]).choices = [
            ("", _("anyone")), *((p.pk, p.name) for p in others)]

    def chosen(self) -> tuple[str, int | None]:
        """The game type (the club's most played when none or an unknown one is asked for) and
        the opponent (None: all the player's games)."""
        self.is_valid()  # a field in error is left out; the others still count
        data = getattr(self, "cleaned_data", {})
        known = {gt for gt, _name in registered_games.game_types()}
        game_type = data.get("game") or stats.most_played_game_type() or DEFAULT_GAME
        return (game_type if game_type in known else DEFAULT_GAME), data.get("against")


@require_GET
def player_prep(request, pk: int):
    read_limits.check(request, "explorer")  # callers not signed in: Busy (429) over their rate
    player = get_object_or_404(Player, pk=pk)
    form = PrepForm(request.GET or None, player=player)
    game_type, against = form.chosen()
    caller = callers.caller_of(request)
    context = {
        "player": player, "form": form, "game_type": game_type, "small": explorer.SMALL_SAMPLE,
        "game_name": registered_games.game_name(game_type),
        "habits": prep_words.worded(prep.habits(game_type, player.pk, caller=caller)),
        "pair": prep_words.worded(prep.habits(game_type, player.pk, against, caller)) if against else None,
    }
    return render_partial(request, "games/prep.html", "answer", context)
