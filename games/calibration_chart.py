"""The reliability diagram of the ratings-check page (games/services/win_calibration.py): an
inline SVG drawn on the server, as the rating chart (games/charts.py). Predicted chance to the
right, observed win share upwards, the diagonal where the two agree; one dot per bin (its area
grows with its count) with its 95 % interval from resampling whole games; a bin of fewer than
`MIN_GAMES` games is left out (the table says so). The table beside it holds the same figures for
screen readers and for copying; the SVG says what it shows in its title and description."""

from __future__ import annotations

import math

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.services.win_calibration import Calibration

SIZE = 260
LEFT, BOTTOM, PAD = 40, 34, 10


def reliability_svg(check: Calibration) -> SafeString:
    if not check.positions:
        return mark_safe("")
    plot = SIZE - LEFT - PAD

    def x(chance: float) -> float:
        return LEFT + chance * plot

    def y(share: float) -> float:
        return PAD + (1 - share) * plot

    title = _("Predicted chance to win against the share of games won")
    ece = check.ece or 0.0
    description = _("One dot per bin of the analysis's predicted chance; on the diagonal the chances came true. "
                    "Expected calibration error: {ece} %.").format(ece=f"{ece * 100:.1f}")
    parts = [
        f'<svg class="reliability-chart" viewBox="0 0 {SIZE} {SIZE}" role="img" aria-labelledby="reliability-title '
        f'reliability-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="reliability-title">{escape(title)}</title>',
        f'<desc id="reliability-desc">{escape(description)}</desc>',
        f'<rect class="frame" x="{LEFT}" y="{PAD}" width="{plot}" height="{plot}" fill="none"/>',
        f'<line class="diagonal" x1="{x(0):.1f}" y1="{y(0):.1f}" x2="{x(1):.1f}" y2="{y(1):.1f}"/>',
    ]
    for tick in (0.0, 0.5, 1.0):
        parts.append(f'<text class="tick" x="{x(tick):.1f}" y="{SIZE - BOTTOM + 14}" text-anchor="middle">'
                     f'{round(tick * 100)} %</text>')
        parts.append(f'<text class="tick" x="{LEFT - 4}" y="{y(tick) + 4:.1f}" text-anchor="end">'
                     f'{round(tick * 100)} %</text>')
    parts.append(f'<text class="axis" x="{x(0.5):.1f}" y="{SIZE - 4}" text-anchor="middle">'
                 f'{escape(_("predicted"))}</text>')
    parts.append(f'<text class="axis" x="10" y="{y(0.5):.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 10 {y(0.5):.1f})">{escape(_("won"))}</text>')
    largest = max(row.count for row in check.rows)
    for row in check.rows:
        if not row.enough or row.interval is None:
            continue  # too few games to say: the table says so, the chart leaves it out
        low, high = row.interval
        cx, cy = x(row.mean_predicted or 0.0), y(row.observed or 0.0)
        radius = 2.5 + 5.5 * math.sqrt(row.count / largest)
        parts.append(f'<line class="interval" x1="{cx:.1f}" y1="{y(low):.1f}" x2="{cx:.1f}" y2="{y(high):.1f}"/>')
        parts.append(f'<circle class="bin" cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}"/>')
    parts.append("</svg>")
    return mark_safe("".join(parts))
