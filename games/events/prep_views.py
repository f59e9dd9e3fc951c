"""A table's prep sheet (``/events/<pk>/tables/<table>/prep``), linked as "Prepare" from each
table of an event's rounds: for each player at the table, each of their opponents' habits in
the event's game (all the opponent's finished games, then the games the two played together;
games/services/prep.py), to print before the round. ``?for=<player id>`` keeps one player's
part. Bounded as the explorer (`games.read_limits`)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games import read_limits, registered_games
from games.events.models import Pairing
from games.services import explorer, prep
from games.ui import prep_words
from imhotep_lib import callers


@require_GET
def table_prep(request, pk: int, table: int):
    read_limits.check(request, "explorer")  # callers not signed in: Busy (429) over their rate
    pairing = get_object_or_404(Pairing.objects.select_related("round__event"), pk=table, round__event_id=pk)
    event = pairing.round.event
    players = [seat.player for seat in pairing.seats.select_related("player").order_by("order")]
    chosen = request.GET.get("for", "")
    caller = callers.caller_of(request)
    parts = []
    for player in players:
        if chosen and str(player.pk) != chosen:
            continue
        opponents = [{"opponent": other,
                      "habits": prep_words.worded(prep.habits(event.game_type, other.pk, caller=caller)),
                      "pair": prep_words.worded(prep.habits(event.game_type, other.pk, player.pk, caller))}
                     for other in players if other.pk != player.pk]
        parts.append({"player": player, "opponents": opponents})
    return render(request, "events/prep.html", {
        "event": event, "pairing": pairing, "players": players, "parts": parts, "chosen": chosen,
        "game_name": registered_games.game_name(event.game_type), "small": explorer.SMALL_SAMPLE})
