"""The win-probability graph under the replay's score chart: one line per player, a point per
position that links to it (so a click steps the replay there), turning points marked."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

WIDTH, HEIGHT, PAD = 640, 160, 24


def win_chart_svg(probabilities: list[list[float]], colours: list[str], names: list[str], base_url: str,
                  turning: list[int], ply: int) -> SafeString:
    plies = len(probabilities) - 1
    if plies < 1:
        return mark_safe("")
    step = (WIDTH - 2 * PAD) / plies

    def x(k: int) -> float:
        return PAD + k * step

    def y(p: float) -> float:
        return PAD + (1 - p) * (HEIGHT - 2 * PAD)

    label = escape(_("Each player's chance to win after every move"))
    # Translators: a player's chance to win in the hover title of the win-probability graph, e.g. "Ana 62%".
    chance = _("{name} {percent}%")
    out = [f'<svg class="win-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-label="{label}" xmlns="http://www.w3.org/2000/svg">',
           f'<line class="grid" x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(0.5):.1f}" y2="{y(0.5):.1f}"/>',
           f'<text class="axis" x="2" y="{y(1) + 4:.1f}">100%</text>',
           f'<text class="axis" x="2" y="{y(0) + 4:.1f}">0%</text>',
           f'<line class="now" x1="{x(ply):.1f}" x2="{x(ply):.1f}" y1="{PAD}" y2="{HEIGHT - PAD}"/>']
    for seat, (colour, name) in enumerate(zip(colours, names, strict=False)):
        points = " ".join(f"{x(k):.1f},{y(row[seat]):.1f}" for k, row in enumerate(probabilities))
        out.append(f'<polyline class="series series-{escape(colour)}" fill="none" points="{points}">'
                   f"<title>{escape(name)}</title></polyline>")
    for k in range(plies + 1):
        # Translators: the hover title of a position in the win-probability graph, e.g. "after move 12: Ana 62%, …".
        position = _("setup: {chances}") if k == 0 else _("after move {move}: {chances}")
        chances = _(", ").join(
            chance.format(name=n, percent=round(row * 100)) for n, row in zip(names, probabilities[k], strict=False)
        )
        mark = " turning" if k in turning else ""
        out.append(f'<a href="{escape(base_url)}?ply={k}" hx-get="{escape(base_url)}?ply={k}" data-ply="{k}">'
                   f'<rect class="hit{mark}" x="{x(k) - step / 2:.1f}" y="0" width="{step:.1f}" height="{HEIGHT}">'
                   f"<title>{escape(position.format(move=k, chances=chances))}</title></rect></a>")
    out.append("</svg>")
    return mark_safe("".join(out))
