"""The replay viewer: one view, one template; an htmx request gets the ``viewer`` partial,
a plain request the whole page (so every control also works as a plain link)."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.analysis import hints
from games.analysis.views import panel_context
from games.models import Game
from games.permissions import can_change_game
from games.replay.context import BadPly, parse_ply, position_html, step_context
from games.services import reason_of
from games.ui.timeline import NoReplay, load_timeline
from imhotep_lib import callers
from imhotep_lib.partials import render_partial, wants_partial
from imhotep_lib.translation import say
from rules_engine.analysis.bots import HIGHEST, LOWEST
from rules_engine.errors import RulesError


def _refused(request, game: Game, status: int, message: str) -> HttpResponse:
    """Why the replay cannot show what was asked, as a page in the reader's language with a
    way back (a bare message for htmx, which swaps only successful answers anyway)."""
    if request.htmx:
        return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    return render(request, "games/refused.html", {
        "title": _("This position cannot be shown"), "reason": message,
        "back": reverse("games:detail", args=[game.pk]), "back_text": _("Back to the game"),
    }, status=status)


def _hints(request, game: Game, timeline, ply: int) -> list[dict]:
    """The best moves at ``ply`` in words, with the mover's chance to win after each (kept, and
    bounded: games/analysis/hints.py; no room raises Busy, answered 429)."""
    moves = hints.best_moves(game, ply, caller=callers.caller_of(request), record=timeline.record,
                             states=timeline.replay.states)
    return [{"text": timeline.describe(ply, h["move"]).text, "pct": round(h["win"] * 100)} for h in moves]


def _unchanged(game: Game, follow: str | None) -> bool:
    """A spectator's poll (``?follow=N``, the ply their page shows) when nothing was recorded
    since: answered 204 (htmx keeps the page) from one count query, without a replay."""
    return (
        follow is not None
        and game.status == Game.Status.IN_PROGRESS
        and follow.isdigit()
        and game.moves.count() == int(follow)
    )


@require_GET
def replay(request, pk: int):
    game = get_object_or_404(Game, pk=pk)
    if _unchanged(game, request.GET.get("follow")):
        return HttpResponse(status=204)
    try:
        timeline = load_timeline(game)
    except NoReplay as exc:
        return _refused(request, game, 404, say(reason_of(exc)))
    except RulesError as exc:
        return _refused(
            request, game, 500,
            _("game {game} can no longer be replayed by this engine: {reason}").format(
                game=game.pk, reason=say(reason_of(exc))
            ),
        )
    try:
        ply = parse_ply(request.GET.get("ply"), timeline.plies)
    except BadPly as exc:
        return _refused(request, game, exc.status, exc.message)
    live = game.status == Game.Status.IN_PROGRESS
    panel = panel_context(request, game, ply, timeline)
    # The analysis graph the reader chose stays as they step (no JavaScript: the links carry it).
    keep = panel.get("chart_query", "")
    context = step_context(game, timeline, ply, keep=keep)
    context["position"] = position_html(game, timeline, ply, live, keep)
    context.update(panel)
    context["hints"] = _hints(request, game, timeline, ply) if request.GET.get("hint") == "1" else None
    context.update(
        live=live,
        may_record=can_change_game(request.user, game),
        detail_url=reverse("games:detail", args=[game.pk]),
        play_url=reverse("play", args=[game.pk]),
        seat_names=timeline.names,  # "Play on from here against the bot": who plays which seat
        bot_levels=range(LOWEST, HIGHEST + 1),
    )
    context["partial"] = wants_partial(request)
    return render_partial(request, "games/replay.html", "viewer", context)
