"""Player pages: a player's figures and rating charts, head to head against another player,
and the staff's delete and merge (which go through games.services.players)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from games import registered_games
from games.charts import rating_chart_svg
from games.filters import history_games
from games.membership.access import member_required
from games.models import Player, Seat
from games.services import opponents, players, reason_of, stats
from imhotep_lib.translation import say

RECENT_GAMES = 20


@require_GET
def player_detail(request, pk: int):
    player = get_object_or_404(Player, pk=pk)
    figures = stats.player_stats(player)
    history = stats.rating_history(player)
    charts = [
        {
            "game_type": gt,
            "name": registered_games.game_name(gt),
            "latest": rows[-1],
            "rating": stats.shown_rating(rows[-1].ordinal),
            "svg": rating_chart_svg(
                rows,
                title=ngettext(
                    "{player}'s {game} rating over {n} game",
                    "{player}'s {game} rating over {n} games",
                    len(rows),
                ).format(player=player.name, game=say(registered_games.game_name(gt)), n=len(rows)),
            ),
        }
        for gt, rows in history.items()
    ]
    recent = history_games().filter(pk__in=Seat.objects.filter(player=player).values("game_id"))[
        :RECENT_GAMES
    ]
    return render(
        request,
        "games/player.html",
        {
            "player": player,
            "stats": figures,
            "charts": charts,
            "recent": recent,
            "game_names": dict(registered_games.game_types()),
            "others": Player.objects.exclude(pk=player.pk).only("id", "name") if request.user.is_staff else (),
            "opponents": opponents.opponents(player),
            "min_opponent_games": settings.IMHOTEP_MIN_OPPONENT_GAMES,
        },
    )


@require_GET
def head_to_head(request, pk: int, other: int):
    player, rival = get_object_or_404(Player, pk=pk), get_object_or_404(Player, pk=other)
    together = history_games().filter(
        pk__in=Seat.objects.filter(player=player).values("game_id")
    ).filter(pk__in=Seat.objects.filter(player=rival).values("game_id"))[:RECENT_GAMES]
    return render(
        request,
        "games/head_to_head.html",
        {
            "player": player,
            "rival": rival,
            "record": opponents.head_to_head(player, rival),
            "games": together,
            "game_names": dict(registered_games.game_types()),
        },
    )


def _staff_only(request) -> None:
    if not request.user.is_staff:
        raise PermissionDenied(_("Only a club manager (staff) may delete or merge players."))


@member_required
@require_POST
def player_delete(request, pk: int):
    """Delete a player without games; one with games is refused (merge them instead)."""
    _staff_only(request)
    player = get_object_or_404(Player, pk=pk)
    try:
        players.delete_player(player)
    except players.PlayerHasGames as exc:
        messages.error(request, say(reason_of(exc)))
        return redirect("games:player", pk=pk)
    messages.success(request, _("Player {name} deleted.").format(name=player.name))
    return redirect("games:list")


@member_required
@require_POST
def player_merge(request, pk: int):
    """Merge this player into the player ``into`` (their games move there)."""
    _staff_only(request)
    source = get_object_or_404(Player, pk=pk)
    into = request.POST.get("into", "")
    target = (
        Player.objects.filter(pk=int(into)).first() if into.isascii() and into.isdigit() and len(into) < 19 else None
    )
    if target is None:
        messages.error(request, _("Choose the player to merge into."))
        return redirect("games:player", pk=pk)
    try:
        merged = players.merge_players(source, target)
    except players.MergeRefused as exc:
        messages.error(request, _("Not merged: {reason}.").format(reason=say(reason_of(exc))))
        return redirect("games:player", pk=pk)
    messages.success(
        request,
        ngettext(
            "{source} merged into {target}: {n} game moved; the ratings were recomputed.",
            "{source} merged into {target}: {n} games moved; the ratings were recomputed.",
            merged.seats_moved,
        ).format(source=source.name, target=target.name, n=merged.seats_moved),
    )
    return redirect("games:player", pk=target.pk)
