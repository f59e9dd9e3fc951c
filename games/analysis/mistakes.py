"""What the pages say of a game's mistakes (games/analysis/review.py finds them): the move and
the better one in words, who made it, and a link to the position before it."""

from __future__ import annotations

from django.urls import reverse

from games.analysis import service
from games.analysis.models import GameAnalysis
from games.models import Game


def review_points(analysis: GameAnalysis, timeline) -> list[dict]:
    """The analysis's mistakes, biggest first, as the pages tell them: who made the move, the
    move played and the better one in words, and a link to the position before the move (where
    "Best moves here" ranks that mover's options). Entries of an analysis made before mistakes
    were told from the mover's side (a seat that did not move) are left out."""
    names = timeline.names
    base = reverse("replay", args=[timeline.game.pk])
    told = []
    for point in analysis.turning:
        before = point["move"] - 1
        if not 0 <= before < timeline.plies or timeline.game_type.to_move(timeline.state(before)) != point["seat"]:
            continue
        best = timeline.describe(before, point["best"]).text if point.get("best") else None
        told.append({
            **point, "who": names[point["seat"]], "played": timeline.stories[before].text,
            "best_text": best, "url": f"{base}?ply={before}", "before": before,
            "drop_pct": round(point["drop"] * 100), "best_pct": round((point.get("best_win") or 0) * 100),
        })
    return told


def mistakes_by_player(game: Game) -> list[dict]:
    """For the game page: each player's biggest mistakes, once the game has been analysed."""
    from games.ui.timeline import load_timeline

    if not game.has_moves:
        return []
    analysis = service.current(game)
    if analysis is None or analysis.status != GameAnalysis.Status.DONE:
        return []
    timeline = load_timeline(game)
    told = review_points(analysis, timeline)
    return [{"name": name, "mistakes": [t for t in told if t["seat"] == seat]}
            for seat, name in enumerate(timeline.names)]
