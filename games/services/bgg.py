"""A link that opens BoardGameGeek's play-logging form for a finished game (issue 33).

BGG has no API to post a play; its log form takes a few fields from the URL. Only the fields
found in BGG's own forms and play records are sent (docs/history.md lists them and what is
left out): the game (``objecttype=thing``, ``objectid`` the game's ``GameType.bgg_id``),
``playdate``, ``quantity``, ``location`` and ``comments``.
The players, their scores and the winner go into ``comments`` as one line each, because no
per-player URL field of BGG's form could be confirmed.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.utils.translation import gettext as _

from games.models import Game
from rules_engine.registry import default_registry

LOGPLAY = "https://boardgamegeek.com/geeklogplay"


def thing_id(game_type: str) -> int | None:
    """BGG's id of the game (``GameType.bgg_id``); ``None`` for a game BGG lacks or this server
    does not have."""
    try:
        return default_registry().game(game_type).bgg_id
    except ValueError:
        return None


def result_lines(seats) -> list[str]:
    """One line per seat in seat order: name, total, and the winner marked."""
    lines = []
    for seat in sorted(seats, key=lambda s: s.order):
        result = getattr(seat, "result", None)
        if result is None:
            continue
        if result.winner:
            lines.append(_("{name}: {total} (won)").format(name=seat.player.name, total=result.total))
        else:
            lines.append(_("{name}: {total}").format(name=seat.player.name, total=result.total))
    return lines


def logplay_url(game: Game, seats) -> str | None:
    """The prefilled link, or ``None`` when the game is unfinished or BGG does not know it."""
    thing = thing_id(game.game_type)
    lines = result_lines(seats)
    if thing is None or game.status != Game.Status.FINISHED or not lines:
        return None
    comments = "\n".join([*lines, *([game.notes] if game.notes else [])])
    params = {"objecttype": "thing", "objectid": thing, "playdate": f"{game.played_on:%Y-%m-%d}", "quantity": 1}
    if game.location:
        params["location"] = game.location
    params["comments"] = comments
    return f"{LOGPLAY}?{urlencode(params)}"
