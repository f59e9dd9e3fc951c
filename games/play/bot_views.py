"""Playing against the bot (docs/bots.md): /games/bot starts a new game dealt by the server,
/games/<id>/play-on-bot plays on from a replay's position; both open the game in live entry,
where the service answers the bot's seats after every move (`games.play.views.play`)."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import registered_games
from games.membership.access import member_required
from games.models import Game
from games.play.bots import BotError, new_bot_game, play_on_against_bot
from games.play.views import live_games
from games.services import reason_of
from games.services.variations import VariationError
from rules_engine.analysis.bots import HIGHEST, LOWEST
from rules_engine.registry import DEFAULT_GAME

LEVEL_CHOICES = [(n, str(n)) for n in range(LOWEST, HIGHEST + 1)]


def _seat_numbers(raw: list[str]) -> list[int]:
    return [int(s) for s in raw if s.isdigit()]


def _refused(request: HttpRequest, reason: str, back: str, back_text: str) -> HttpResponse:
    return render(request, "games/refused.html", {
        "title": _("No game against the bot started"), "reason": reason, "back": back, "back_text": back_text,
    }, status=400)


@member_required
@require_POST
def play_on_bot(request: HttpRequest, pk: int) -> HttpResponse:
    """"Play on from here against the bot": a variation of the replay's position in which the
    bot plays the seats the person left unticked."""
    game = get_object_or_404(Game, pk=pk)
    raw_ply, raw_level = request.POST.get("ply", ""), request.POST.get("level", "")
    mine = set(_seat_numbers(request.POST.getlist("seat")))
    bot_seats = [s for s in range(game.seats.count()) if s not in mine]
    try:
        variation = play_on_against_bot(game, int(raw_ply) if raw_ply.isdigit() else -1, user=request.user,
                                        level_number=int(raw_level) if raw_level.isdigit() else -1,
                                        bot_seats=bot_seats)
    except (BotError, VariationError) as exc:
        return _refused(request, reason_of(exc), reverse("replay", args=[game.pk]), _("Back to the replay"))
    return redirect("play", pk=variation.pk)


class NewBotGameForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"), initial=DEFAULT_GAME)
    players = forms.TypedChoiceField(label=gettext_lazy("Players"), coerce=int,
                                     choices=[(n, str(n)) for n in (2, 3, 4)], initial=2)
    level = forms.TypedChoiceField(label=gettext_lazy("Bot level (1 weakest, 5 strongest)"), coerce=int,
                                   choices=LEVEL_CHOICES, initial=3)
    seat = forms.TypedChoiceField(label=gettext_lazy("Your seat"), coerce=int, initial=0,
                                  choices=[(n, str(n + 1)) for n in range(4)],
                                  help_text=gettext_lazy("Seat 1 moves first; the bot plays every other seat."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        live = set(live_games())
        games = [(g, name) for g, name in registered_games.game_types() if g in live]
        cast(forms.ChoiceField, self.fields["game"]).choices = games


@member_required
def new_game_against_bot(request: HttpRequest) -> HttpResponse:
    form = NewBotGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        bot_seats = [s for s in range(data["players"]) if s != data["seat"]]
        try:
            game = new_bot_game(data["game"], data["players"], user=request.user, level_number=data["level"],
                                bot_seats=bot_seats)
        except BotError as exc:
            form.add_error(None, reason_of(exc))
        else:
            return redirect("play", pk=game.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "games/bot_new.html", {"form": form}, status=status)
