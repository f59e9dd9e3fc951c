"""The analysis panel of the replay page: start an analysis, watch its progress, then the
graph (each player's chance to win, or their expected final score margin: ``?chart=margin``)
and the turning points. One view; htmx gets the panel alone."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games import registered_games
from games.analysis import review, service
from games.analysis.chart import margin_chart_svg, win_chart_svg
from games.analysis.luck_views import luck_context
from games.analysis.mistakes import review_points
from games.analysis.models import GameAnalysis
from games.analysis.panels import start_panel
from games.membership.access import member_required
from games.membership.roles import may_write
from games.models import Game
from games.services import reason_of
from games.services.variations import VariationError, play_on_from

#: The graphs a reader can choose (``?chart=``); the first is shown unless another is asked for.
CHARTS = ("win", "margin")


def panel_context(request, game: Game, ply: int | None = None, timeline=None) -> dict:
    """The analysis panel of the replay page; ``timeline``: the game's, when the page has it.
    ``chart_query``: what the page's links add to keep the graph chosen (empty for the win
    chances, which every link shows when it names no graph)."""
    from games.ui.timeline import load_timeline

    digest = None
    if timeline is not None:  # kept with the replay: stepping through a game hashes its record once
        digest = timeline.memo("analysis-digest", lambda: service.analysis_digest(timeline.record))
    analysis = service.current(game, digest=digest)
    context: dict[str, Any] = {
        "game": game, "analysis": analysis, "panel_url": reverse("game-analysis", args=[game.pk]),
        "may_start": may_write(request.user),
        # An analysis of an older version shows what it kept; analysing again adds the margins
        # (made before they were kept) or the tree search's better moves (ANALYSIS_VERSION 3).
        "outdated": analysis is not None and service.is_outdated(analysis),
        "outdated_has_margins": analysis is not None and service.has_margins(analysis),
    }
    # "What decided this game" (games/analysis/luck_views.py), drawn beside this panel.
    context.update(luck_context(request, game, timeline, digest))
    if analysis is not None and analysis.status == GameAnalysis.Status.DONE:
        timeline = timeline or load_timeline(game)
        names = timeline.names
        colours = list(timeline.record.get("colours") or registered_games.default_colours(game.game_type) or [])
        base = reverse("replay", args=[game.pk])
        turning = review_points(analysis, timeline)[:review.TURNING_POINTS]
        ply = timeline.plies if ply is None else ply
        margins = service.has_margins(analysis)
        kind = "margin" if margins and request.GET.get("chart") == "margin" else "win"
        query = "&chart=margin" if kind == "margin" else ""
        draw = margin_chart_svg if kind == "margin" else win_chart_svg
        figures = analysis.margins if kind == "margin" else analysis.probabilities
        context.update(
            chart=draw(figures, colours, names, base, [t["move"] for t in turning], ply, query),
            chart_kind=kind,
            chart_query=query,
            # No margins (an older analysis, a game that does not give its totals): no choice.
            chart_urls={c: f"{base}?ply={ply}&chart={c}" for c in CHARTS} if margins else None,
            turning=turning,
            names=names,
        )
    return context


@require_http_methods(["GET", "POST"])
def analysis_panel(request, pk: int):
    game = get_object_or_404(Game, pk=pk)
    if request.method == "POST":
        return _start(request, game)
    return render(request, "games/_analysis.html", panel_context(request, game))


@member_required
def _start(request, game: Game):
    return start_panel(request, game, service.request_analysis, "games/_analysis.html", panel_context)


@member_required
@require_POST
def play_on(request, pk: int):
    """"Play on from here": a variation from the replay's position, opened in live entry."""
    game = get_object_or_404(Game, pk=pk)
    raw = request.POST.get("ply", "")
    try:
        variation = play_on_from(game, int(raw) if raw.isdigit() else -1, user=request.user)
    except VariationError as exc:
        return render(request, "games/refused.html", {
            "title": _("No variation started"), "reason": reason_of(exc),
            "back": reverse("replay", args=[game.pk]), "back_text": _("Back to the replay"),
        }, status=400)
    return redirect("play", pk=variation.pk)
