"""The replay page's "What decided this game" panel (games/analysis/luck.py): start the
computation, watch its progress, then each player's luck and skill in words. One view; htmx gets
the panel alone."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.analysis import luck as service
from games.analysis.luck_words import told
from games.analysis.models import GameLuck
from games.analysis.panels import start_panel
from games.membership.access import member_required
from games.membership.roles import may_write
from games.models import Game


def luck_context(request, game: Game, timeline=None, digest: str | None = None) -> dict[str, Any]:
    """The panel's context; ``timeline``, ``digest``: the game's, when the replay page has them."""
    from games.ui.timeline import load_timeline

    luck = service.current(game, digest=digest) if game.has_moves else None
    context: dict[str, Any] = {"luck": luck, "luck_url": reverse("game-luck", args=[game.pk]),
                               "may_start_luck": may_write(request.user) and game.has_moves}
    if luck is not None and luck.status == GameLuck.Status.DONE:
        context["luck_players"] = told(luck, timeline or load_timeline(game))
    return context


@require_http_methods(["GET", "POST"])
def luck_panel(request, pk: int):
    game = get_object_or_404(Game, pk=pk)
    if request.method == "POST":
        return _start(request, game)
    return render(request, "games/_luck.html", luck_context(request, game))


@member_required
def _start(request, game: Game):
    return start_panel(request, game, service.request_luck, "games/_luck.html", luck_context)
