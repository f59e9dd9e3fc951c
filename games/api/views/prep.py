"""GET /api/v1/players/<pk>/prep: a player's prep sheet (games/services/prep.py), alone or with
one other player (``against``), as the page /games/players/<pk>/prep shows it to anyone: the
same counts, the same bounds (`games.read_limits`, the explorer's kind)."""

from __future__ import annotations

from typing import cast

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games import read_limits, registered_games
from games.api import serializers as s
from games.api.views.common import BAD_FILTER, BUSY, NOT_FOUND, HistoryAPIView
from games.api.views.explorer import _said
from games.models import Player
from games.services import prep, stats
from games.ui import prep_words
from imhotep_lib import callers
from rules_engine.registry import DEFAULT_GAME


class PrepQuery(serializers.Serializer):
    game = serializers.ChoiceField(choices=[], required=False)
    against = serializers.IntegerField(required=False, min_value=1)

    def __init__(self, *args, player: Player, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.player = player
        cast(serializers.ChoiceField, self.fields["game"]).choices = [gt for gt, _name in registered_games.game_types()]

    def validate_against(self, value: int) -> int:
        if value == self.player.pk:
            raise serializers.ValidationError(_("The other player must not be the player themselves."))
        if not Player.objects.filter(pk=value).exists():
            raise serializers.ValidationError(_("No player with this id."))
        return value


class PlayerPrep(HistoryAPIView, APIView):
    @extend_schema(
        summary="A player's prep sheet: their results, seats, sides and own first moves, alone or with another player",
        description=("The explorer's counts from one player's side over their finished games of a game type; with "
                     "`against`, over the games both sat at (a pair's sheet, with both players' wins). Each rate "
                     "with its number of games and its Wilson 95 % interval. Readable by anyone, as the page."),
        parameters=[
            OpenApiParameter("game", str, description="Game type id (default: the most played)."),
            OpenApiParameter("against", int, description="The other player's id: the pair's sheet."),
        ],
        responses={200: s.PrepSerializer, 400: BAD_FILTER, 404: NOT_FOUND, 429: BUSY},
    )
    def get(self, request, pk: int):
        read_limits.check(request, "explorer")  # callers not signed in: Busy (429) over their rate
        player = get_object_or_404(Player, pk=pk)
        query = PrepQuery(data=request.query_params, player=player)
        query.is_valid(raise_exception=True)
        game_type = query.validated_data.get("game") or stats.most_played_game_type() or DEFAULT_GAME
        habits = prep.habits(game_type, player.pk, query.validated_data.get("against"), callers.caller_of(request))
        return Response(_said(prep_words.sheet_json(habits)))
