"""Taking games elsewhere: the BG Stats import format, and a score-sheet image to share.

BG Stats (the play-logging app) imports a JSON document of ``games``, ``players``,
``locations`` and ``plays``; each object carries a ``uuid`` BG Stats uses to recognise it on a
later import, so ours are derived from the service's own ids (uuid5) and stay the same from
one export to the next. What is mapped is listed in docs/history.md.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from django.utils.html import escape

from games import registered_games
from games.models import Game

NAMESPACE = uuid.UUID("5b7f2a9e-3f0e-4c51-9a55-1d3c7e0b8f42")  # this service's BG Stats ids


def _uuid(kind: str, key: object) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}")).upper()


def bgstats_document(games: Iterable[Game]) -> dict:
    """Finished games with results as one BG Stats import document."""
    types: dict[str, int] = {}
    players: dict[int, dict] = {}
    locations: dict[str, int] = {}
    plays = []
    for game in games:
        seats = [s for s in game.seats.all() if hasattr(s, "result")]
        if game.status != Game.Status.FINISHED or not seats:
            continue
        game_ref = types.setdefault(game.game_type, len(types) + 1)
        location_ref = locations.setdefault(game.location, len(locations) + 1) if game.location else None
        scores = []
        for seat in sorted(seats, key=lambda s: s.order):
            entry = {"id": len(players) + 1, "uuid": _uuid("player", seat.player_id), "name": seat.player.name}
            ref = players.setdefault(seat.player_id, entry)["id"]
            scores.append(
                {
                    "playerRefId": ref,
                    "score": str(seat.result.total),
                    "winner": seat.result.winner,
                    "rank": seat.result.rank,
                    "seatOrder": seat.order + 1,
                    "startPlayer": seat.order == 0,
                    "newPlayer": False,
                }
            )
        plays.append(
            {
                "uuid": _uuid("game", game.pk),
                "playDate": f"{game.played_on:%Y-%m-%d} 00:00:00",
                "gameRefId": game_ref,
                "locationRefId": location_ref,
                "comments": game.notes,
                "ignored": False,
                "rounds": 0,
                "playerScores": scores,
            }
        )
    return {
        "games": [
            {"id": ref, "uuid": _uuid("type", gt), "name": registered_games.game_name(gt), "highestWins": True,
             "noPoints": False, "cooperative": False}
            for gt, ref in types.items()
        ],
        "players": list(players.values()),
        "locations": [{"id": ref, "uuid": _uuid("location", name), "name": name} for name, ref in locations.items()],
        "plays": plays,
    }


def _label(key: str) -> str:
    return key.replace("_", " ").replace("-", " ").capitalize()


def score_sheet_svg(game: Game) -> str:
    """The final score sheet — every player's points by monument and the total, the winner
    marked — as a self-contained SVG (fonts Debian and phones have; no script, no link)."""
    seats = sorted(game.seats.select_related("player", "result"), key=lambda s: s.order)
    results = [getattr(s, "result", None) for s in seats]
    keys: list[str] = []
    for result in results:
        keys += [k for k in (result.breakdown if result else {}) if k not in keys]
    col, row, left, top = 110, 26, 170, 96
    width = left + col * len(seats) + 20
    height = top + row * (len(keys) + 2) + 30
    title = f"{registered_games.game_name(game.game_type)} · {game.played_on:%Y-%m-%d}" + (
        f" · {game.location}" if game.location else ""
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="15" role="img" '
        f'aria-label="{escape(title)}: final scores">',
        f'<rect width="{width}" height="{height}" fill="#f6eedf"/>',
        f'<text x="20" y="34" font-size="20" font-weight="bold" fill="#2b2118">{escape(title)}</text>',
    ]
    winners = [s.player.name for s, r in zip(seats, results, strict=True) if r and r.winner]
    if winners:
        out.append(f'<text x="20" y="60" fill="#2f6d32">Won by {escape(" and ".join(winners))}</text>')
    for i, seat in enumerate(seats):
        x = left + col * i + col / 2
        result = results[i]
        weight = "bold" if result is not None and result.winner else "normal"
        out.append(f'<text x="{x}" y="{top - 10}" text-anchor="middle" font-weight="{weight}">'
                   f"{escape(seat.player.name[:14])}</text>")
    for j, key in enumerate([*keys, "total"]):
        y = top + row * j
        shade = "#e3d5bb" if key == "total" else ("#fffaf0" if j % 2 else "#ffffff")
        out.append(f'<rect x="12" y="{y}" width="{width - 24}" height="{row}" fill="{shade}"/>')
        out.append(f'<text x="20" y="{y + 18}">{escape(_label(key))}</text>')
        for i, result in enumerate(results):
            value = "" if result is None else (result.total if key == "total" else result.breakdown.get(key, ""))
            out.append(f'<text x="{left + col * i + col / 2}" y="{y + 18}" text-anchor="middle">{value}</text>')
    out.append(f'<text x="20" y="{height - 10}" font-size="11" fill="#6b5a45">Game {game.pk} · Imhotep score &amp; '
               f"game records</text></svg>")
    return "".join(out)
