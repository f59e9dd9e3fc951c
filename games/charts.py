"""The rating chart of the player page: an inline SVG drawn on the server (no JS library,
no CDN). One point per rated game, evenly spaced, the ordinal (mu − 3·sigma) upwards."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28


def rating_chart_svg(ratings: Sequence, *, title: str) -> SafeString:
    """``ratings``: objects with ``ordinal``, ``played_on`` and ``game_id``, oldest first."""
    if not ratings:
        return mark_safe("")
    values = [r.ordinal for r in ratings]
    low, high = min(*values, 0.0), max(*values, 0.0)
    if high - low < 1:
        high = low + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / (len(values) - 1) if len(values) > 1 else 0

    def x(i: int) -> float:
        return LEFT + (i * step if len(values) > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + (high - v) / (high - low) * plot_h

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for v in sorted({high, low, 0.0}):
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>')
        parts.append(
            f'<text class="axis" x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{number_format(v, 1)}</text>'
        )
    first, last = ratings[0], ratings[-1]
    parts.append(f'<text class="axis" x="{LEFT}" y="{HEIGHT - 8}">{first.played_on:%Y-%m-%d}</text>')
    if len(ratings) > 1:
        parts.append(
            f'<text class="axis" x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" '
            f'text-anchor="end">{last.played_on:%Y-%m-%d}</text>'
        )
    parts.append(f'<polyline class="line" fill="none" points="{points}"/>')
    # Dots with tooltips only while there are few enough to tell apart.
    if len(values) <= 200:
        # Translators: the hover title of a point of a player's rating chart: date, game id, rating.
        dot = _("{date}, game {game}: {rating}")
        for i, r in enumerate(ratings):
            tip = dot.format(date=f"{r.played_on:%Y-%m-%d}", game=r.game_id, rating=number_format(r.ordinal, 1))
            parts.append(
                f'<circle class="dot" cx="{x(i):.1f}" cy="{y(r.ordinal):.1f}" r="3">'
                f"<title>{escape(tip)}</title></circle>"
            )
    parts.append("</svg>")
    return mark_safe("".join(parts))
