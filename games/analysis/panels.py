"""The analysis panels' start button, shared by the game's analysis (games/analysis/views.py)
and its luck (games/analysis/luck_views.py): queue the work, answer with the panel."""

from __future__ import annotations

import contextlib

from django.http import HttpResponse
from django.shortcuts import redirect, render

from games.models import Game
from imhotep_lib.slots import Busy
from imhotep_lib.translation import say


def start_panel(request, game: Game, queue, template: str, context) -> HttpResponse:
    """Queue ``game``'s analysis or luck (``queue``) for the member; the panel with htmx, else
    back to the replay. A full queue (games/analysis/quotas.py): the 429 page with Retry-After
    (imhotep_lib.limits middleware), or under htmx the panel saying why (`refused_panel`)."""
    try:
        with contextlib.suppress(ValueError):  # nothing to analyse: the panel says so
            queue(game, user=request.user)
    except Busy as exc:
        if not request.htmx:
            raise
        return refused_panel(request, template, context(request, game), exc)
    if request.htmx:
        return render(request, template, context(request, game))
    return redirect("replay", pk=game.pk)


def refused_panel(request, template: str, context: dict, exc: Busy):
    """The panel saying why nothing was queued, for htmx, which swaps in no 4xx answer: the
    panel itself, with the Retry-After of the 429 the page without htmx gets."""
    response = render(request, template, {**context, "refused": say(exc.message)})
    response["Retry-After"] = str(exc.retry_after)
    return response
