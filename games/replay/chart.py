"""The score chart: both players' totals after every ply, laid out for an inline SVG that
the server renders (each point is a link to its ply, for the mouse), and the sentence a
screen reader hears for it (issue 50: the chart is one Tab stop with a text alternative; its
points stay out of the Tab order, the move list and the keys step the replay)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

WIDTH, HEIGHT, PAD = 600, 180, 24


def _points_svg(points: list[dict], colour: str) -> SafeString:
    """The clickable points of one series as SVG markup, built here rather than in the
    template: a 4-player base game has several hundred of them, and the template engine
    would spend most of a replay step on them."""
    cls = escape(f"point series-{colour}")
    # Translators: the hover title of a point of the replay's score chart: a position and a total.
    title = _("ply {ply}: {total}")
    return mark_safe("".join(  # every interpolated value is escaped or a number
        f'<a href="{escape(pt["url"])}" hx-get="{escape(pt["url"])}" tabindex="-1">'
        f'<circle cx="{pt["x"]}" cy="{pt["y"]}" r="4" '
        f'class="{cls}"><title>{escape(title.format(ply=pt["ply"], total=pt["total"]))}</title></circle></a>'
        for pt in points))


def cursor_x(ply: int, plies: int) -> float:
    """Where ply ``ply`` of ``plies`` (at least 1) lies across the chart."""
    return round(PAD + (WIDTH - 2 * PAD) * ply / max(plies, 1), 1)


def score_chart(totals: Sequence[Sequence[int]], colours: Sequence[str], current: int,
                base_url: str = "", names: Sequence[str] = ()) -> dict:
    """``totals[ply][player]`` (2–4 players) → polylines and clickable points (links to
    ``base_url?ply=N``) in a WIDTH×HEIGHT box."""
    plies = max(len(totals) - 1, 1)
    values = [v for row in totals for v in row] or [0]
    low, high = min(0, *values), max(1, *values)
    span = high - low

    def x(ply: int) -> float:
        return cursor_x(ply, plies)

    def y(value: int) -> float:
        return round(HEIGHT - PAD - (HEIGHT - 2 * PAD) * (value - low) / span, 1)

    players = []
    for p in range(len(totals[0]) if totals else 0):
        points = [{"ply": k, "x": x(k), "y": y(row[p]), "total": row[p], "url": f"{base_url}?ply={k}"}
                  for k, row in enumerate(totals)]
        players.append({"index": p, "colour": colours[p] if p < len(colours) else "",
                        "name": names[p] if p < len(names) else "",
                        "polyline": " ".join(f"{pt['x']},{pt['y']}" for pt in points), "points": points,
                        "points_svg": _points_svg(points, colours[p] if p < len(colours) else "")})
    return {"width": WIDTH, "height": HEIGHT, "players": players, "zero_y": y(0), "high": high,
            "high_y": y(high), "left": PAD, "right": WIDTH - PAD,
            "cursor_x": x(current), "top": PAD, "bottom": HEIGHT - PAD}


def score_summary(totals: Sequence[Sequence[int]], names: Sequence[str], ply: int) -> str:
    """The chart in words: each player's total after ``ply``, and after the last ply."""

    def said(row: Sequence[int]) -> str:
        # Translators: a player and their score, in a list, e.g. "Ben 28".
        return _(", ").join(_("%(name)s %(total)s") % {"name": name, "total": total}
                            for name, total in zip(names, row, strict=False))

    last = len(totals) - 1
    if last < 0:
        return ""
    # Translators: the replay's score chart read aloud, e.g.
    # "After ply 12: Ana 20, Ben 18; after the last ply, 58: Ana 34, Ben 28."
    return _("After ply {ply}: {totals}; after the last ply, {plies}: {end}.").format(
        ply=ply, totals=said(totals[min(ply, last)]), plies=last, end=said(totals[last]))
