"""The replay viewer: one view, one template; an htmx request gets the ``viewer`` partial,
a plain request the whole page (so every control also works as a plain link)."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import registered_games
from games.analysis import hints
from games.analysis.views import panel_context
from games.models import Game
from games.permissions import can_change_game
from games.replay.chart import cursor_x, score_chart
from games.replay.timeline import NoReplay, load_timeline
from games.services import reason_of
from games.ui import game_ui
from imhotep_lib.partials import render_partial, wants_partial
from imhotep_lib.translation import say
from rules_engine.errors import RulesError


class BadPly(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def parse_ply(raw: str | None, plies: int) -> int:
    """``?ply=N``: absent → the last position; not a whole number → 400; outside 0 … plies → 404
    (there is no such position; we do not clamp, so a wrong link never shows a wrong position)."""
    if raw is None or raw == "":
        return plies
    try:
        ply = int(raw)
    except ValueError:
        raise BadPly(
            400,
            _("ply must be a whole number between 0 and {last}, got {value}").format(last=plies, value=repr(raw[:40])),
        ) from None
    if not 0 <= ply <= plies:
        raise BadPly(404, _("this game has positions 0 to {last}; there is no ply {ply}").format(last=plies, ply=ply))
    return ply


def _refused(request, game: Game, status: int, message: str) -> HttpResponse:
    """Why the replay cannot show what was asked, as a page in the reader's language with a
    way back (a bare message for htmx, which swaps only successful answers anyway)."""
    if request.htmx:
        return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    return render(request, "games/refused.html", {
        "title": _("This position cannot be shown"), "reason": message,
        "back": reverse("games:detail", args=[game.pk]), "back_text": _("Back to the game"),
    }, status=status)


def step_context(game: Game, timeline, ply: int, base: str | None = None, keep: str = "") -> dict:
    """What the viewer needs around the position: the ply, the step links, the move list.
    ``base``: the page the links step (the replay, or its embed: games/replay/embed.py);
    ``keep``: query the links carry on (``&chart=margin``: the analysis graph chosen)."""
    base = base or reverse("replay", args=[game.pk])
    plies = timeline.plies
    stories = timeline.stories
    return {
        "game": game,
        "ply": ply,
        "plies": plies,
        "base_url": base,
        "url": f"{base}?ply={ply}{keep}",
        "nav": {
            "first": f"{base}?ply=0{keep}",
            "prev": f"{base}?ply={max(ply - 1, 0)}{keep}",
            "next": f"{base}?ply={min(ply + 1, plies)}{keep}",
            "last": f"{base}?ply={plies}{keep}",
        },
        "at_start": ply == 0,
        "at_end": ply == plies,
        "story": stories[ply - 1] if ply > 0 else None,
        # Only a page (or a live game's poll) draws the move list: worked out when drawn.
        "moves": lambda: [{"number": k + 1, "ply": k + 1, "text": s.text, "url": f"{base}?ply={k + 1}{keep}",
                           "current": k + 1 == ply} for k, s in enumerate(stories)],
        "finished": timeline.replay.finished,
    }


def replay_context(game: Game, timeline, ply: int, base: str | None = None, keep: str = "") -> dict:
    """``step_context`` and the position: the board (the game's adapter) and the score chart."""
    ctx = step_context(game, timeline, ply, base, keep)
    names = timeline.names
    ui = game_ui(game.game_type)
    colours = list(timeline.record.get("colours") or registered_games.default_colours(game.game_type))
    base = ctx["base_url"]
    ctx.update(
        # The chart is the same at every ply but for its cursor: drawn once per timeline (and
        # language: its points' titles are words).
        chart={**timeline.memo(f"chart:{base}:{get_language()}",
                               lambda: score_chart(timeline.totals, colours, 0, base, names)),
               "cursor_x": cursor_x(ply, ctx["plies"])},
        chart_labels=names,
        ui=ui,
    )
    ctx.update(ui.board.context(timeline, ply, ctx["story"], colours))
    return ctx


def position_html(game: Game, timeline, ply: int, live: bool, keep: str = "") -> str:
    """The position at ``ply`` as every reader sees it (step links, last move, board, chart);
    ``keep``: as `step_context`."""
    return render_to_string("games/replay.html#position",
                            {**replay_context(game, timeline, ply, keep=keep), "live": live})


def _hints(request, game: Game, timeline, ply: int) -> list[dict]:
    """The best moves at ``ply`` in words, with the mover's chance to win after each (kept, and
    bounded: games/analysis/hints.py; no room raises Busy, answered 429)."""
    moves = hints.best_moves(game, ply, caller=hints.caller_of(request), record=timeline.record,
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
    )
    context["partial"] = wants_partial(request)
    return render_partial(request, "games/replay.html", "viewer", context)
