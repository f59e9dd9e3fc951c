"""What the replay viewer draws around a position, for every page that shows one: the replay
(games/replay/views.py), its embed (games/replay/embed.py) and live entry (games/play/): the ply
asked for, the step links and move list, the board (the game's adapter) and the score chart."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import registered_games
from games.models import Game
from games.replay.chart import cursor_x, score_chart, score_summary
from games.ui import game_ui


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
               "cursor_x": cursor_x(ply, ctx["plies"]),
               "summary": score_summary(timeline.totals, names or [str(c) for c in colours], ply)},
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
