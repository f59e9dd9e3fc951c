"""The analysis graphs under the replay's score chart: each player's chance to win, or their
expected final score margin, after every move. One line per player, a point per position that
links to it (so a click steps the replay there), turning points marked. A graph is one Tab
stop (issue 50): a figure named by its label and described by the figures at the position
shown; its points are for the mouse (out of the Tab order and hidden from screen readers, which
step with the keys, the move list and the turning points)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

WIDTH, HEIGHT, PAD = 640, 160, 24


def win_chart_svg(probabilities: list[list[float]], colours: list[str], names: list[str], base_url: str,
                  turning: list[int], ply: int, query: str = "") -> SafeString:
    """The win-probability graph, 0 to 100 %."""
    # Translators: a player's chance to win in the hover title of the win-probability graph, e.g. "Ana 62%".
    chance = _("{name} {percent}%")

    def said(name: str, p: float) -> str:
        return chance.format(name=name, percent=round(p * 100))

    axis = [(1.0, "100%", 4), (0.0, "0%", 4)]
    return _chart("win-chart", _("Each player's chance to win after every move"), probabilities,
                  lambda p: 1 - p, 0.5, axis, said, colours, names, base_url, turning, ply, query)


def margin_scale(margins: Sequence[Sequence[float]]) -> int:
    """The graph's top (and, negated, its bottom) in points: the largest margin rounded up to a
    round number, at least 5, so a close game is not drawn as a landslide."""
    largest = max((abs(m) for row in margins for m in row), default=0.0)
    step = 5 if largest <= 50 else 10 if largest <= 100 else 50
    return max(5, math.ceil(largest / step) * step)


def signed(points: int) -> str:
    """A whole number of points with its sign, as the margin graph prints it: +7, 0, −7."""
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


def points_text(points: int) -> str:
    # Translators: a signed number of points on the score-margin graph's axis, e.g. "+20 points", "−20 points".
    return ngettext("{points} point", "{points} points", abs(points)).format(points=signed(points))


def margin_chart_svg(margins: list[list[float]], colours: list[str], names: list[str], base_url: str,
                     turning: list[int], ply: int, query: str = "") -> SafeString:
    """The expected-final-score-margin graph, in points, symmetric about 0 (docs/replay.md
    "Score margin")."""
    top = margin_scale(margins)

    def said(name: str, margin: float) -> str:
        whole = round(margin)
        # Translators: a player's expected final score margin in the hover title of the
        # score-margin graph, e.g. "Ana +7 points" (ahead) or "Ben −7 points" (behind).
        return ngettext("{name} {points} point", "{name} {points} points", abs(whole)).format(
            name=name, points=signed(whole))

    # The point labels are wider than the margin: above the top line and below the bottom one.
    axis = [(top, points_text(top), -6), (-top, points_text(-top), 14), (0.0, "0", 4)]
    return _chart("margin-chart", _("Each player's expected final score margin after every move, in points"),
                  margins, lambda m: (top - m) / (2 * top), 0.0, axis, said, colours, names, base_url, turning,
                  ply, query)


def _chart(css: str, label: str, rows: list[list[float]], depth: Callable[[float], float], grid: float,
           axis: list[tuple[float, str, int]], said: Callable[[str, float], str], colours: list[str], names: list[str],
           base_url: str, turning: list[int], ply: int, query: str) -> SafeString:
    """One graph: ``rows[k]`` each seat's figure at position k; ``depth(v)`` how far down the
    plot a figure lies (0 top, 1 bottom); a dashed line at ``grid``; ``axis`` labels, each
    ``dy`` below its figure's line; ``said(name, v)`` a player's figure in a point's hover
    title; each point links to ``base_url?ply=k`` plus ``query``."""
    plies = len(rows) - 1
    if plies < 1:
        return mark_safe("")
    step = (WIDTH - 2 * PAD) / plies

    def x(k: int) -> float:
        return PAD + k * step

    def y(v: float) -> float:
        return PAD + depth(v) * (HEIGHT - 2 * PAD)

    shown = min(max(ply, 0), plies)
    # Translators: the hover title of a position in the win-probability graph, e.g. "after move 12: Ana 62%, …".
    position = _("setup: {chances}") if shown == 0 else _("after move {move}: {chances}")
    summary = position.format(move=shown, chances=_(", ").join(
        said(n, v) for n, v in zip(names, rows[shown], strict=False)))
    out = [f'<figure class="analysis-chart" tabindex="0" aria-label="{escape(label)}" '
           f'aria-describedby="{css}-summary"><p class="vh" id="{css}-summary">{escape(summary)}</p>'
           f'<svg class="{css}" viewBox="0 0 {WIDTH} {HEIGHT}" aria-hidden="true" focusable="false" '
           'xmlns="http://www.w3.org/2000/svg">',
           f'<line class="grid" x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(grid):.1f}" y2="{y(grid):.1f}"/>']
    out += [f'<text class="axis" x="2" y="{y(v) + dy:.1f}">{escape(text)}</text>' for v, text, dy in axis]
    out.append(f'<line class="now" x1="{x(ply):.1f}" x2="{x(ply):.1f}" y1="{PAD}" y2="{HEIGHT - PAD}"/>')
    for seat, (colour, name) in enumerate(zip(colours, names, strict=False)):
        points = " ".join(f"{x(k):.1f},{y(row[seat]):.1f}" for k, row in enumerate(rows))
        out.append(f'<polyline class="series series-{escape(colour)}" fill="none" points="{points}">'
                   f"<title>{escape(name)}</title></polyline>")
    for k in range(plies + 1):
        # Translators: the hover title of a position in the win-probability graph, e.g. "after move 12: Ana 62%, …".
        position = _("setup: {chances}") if k == 0 else _("after move {move}: {chances}")
        figures = _(", ").join(said(n, v) for n, v in zip(names, rows[k], strict=False))
        mark = " turning" if k in turning else ""
        url = escape(f"{base_url}?ply={k}{query}")
        out.append(f'<a href="{url}" hx-get="{url}" data-ply="{k}" tabindex="-1">'
                   f'<rect class="hit{mark}" x="{x(k) - step / 2:.1f}" y="0" width="{step:.1f}" height="{HEIGHT}">'
                   f"<title>{escape(position.format(move=k, chances=figures))}</title></rect></a>")
    out.append("</svg></figure>")
    return mark_safe("".join(out))
