"""The API of games against the bot (docs/bots.md): ``POST /api/v1/bot-games`` starts one, a
new game dealt by the server or a variation from a stored game's position; the person's moves
then go to ``POST /api/v1/games/<id>/moves`` as in any live game, whose answer lists the bot's
replies (``bot_moves``)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import NotAuthenticated, ParseError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.membership.access import IsMemberOrReadOnly
from games.models import Game
from games.play.bots import BotError, new_bot_game, play_on_against_bot
from games.services import reason_of
from games.services.variations import VariationError
from imhotep_lib.translation import say
from rules_engine.analysis.bots import HIGHEST, LOWEST


class BotGameRequest(serializers.Serializer[Any]):
    level = serializers.IntegerField(min_value=LOWEST, max_value=HIGHEST,
                                     help_text=f"The bot's strength, {LOWEST} (weakest) to {HIGHEST} (strongest).")
    bot_seats = serializers.ListField(
        child=serializers.IntegerField(min_value=0), min_length=1,
        help_text="The seats the bot plays, 0-based (0 moves first); at least one seat stays a person's.")
    game = serializers.CharField(required=False, help_text="A new game: its game type (duel, classic, …).")
    players = serializers.IntegerField(required=False, min_value=2, default=2,
                                       help_text="A new game: its number of players.")
    from_game = serializers.IntegerField(required=False, min_value=1,
                                         help_text="Play on from a stored game instead: its id …")
    ply = serializers.IntegerField(required=False, min_value=0, help_text="… and the number of its moves kept.")
    seed = serializers.IntegerField(required=False, help_text="A new game: the seed of its deal.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("from_game" in attrs) == ("game" in attrs):
            raise serializers.ValidationError(_("send either game (a new game) or from_game and ply"))
        if "from_game" in attrs and "ply" not in attrs:
            raise serializers.ValidationError(_("send the ply to play on from with from_game"))
        return attrs


_BOT_GAME = inline_serializer("BotGame", {
    "id": serializers.IntegerField(), "level": serializers.IntegerField(),
    "bot_seats": serializers.ListField(child=serializers.IntegerField()),
    "next_ply": serializers.IntegerField(), "status": serializers.CharField(),
    "play_url": serializers.CharField(), "moves_url": serializers.CharField(),
})
_ERROR = inline_serializer("BotGameError", {"error": serializers.JSONField()})
# Refused before the view runs (not signed in, not a member): DRF's own answer.
_DENIED = inline_serializer("BotGameDenied", {"detail": serializers.CharField()})


class BotGamesView(APIView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsMemberOrReadOnly]

    @extend_schema(
        summary="Start a game against the bot (never rated)",
        description="A new game dealt by the server (`game`, `players`) or a variation of a stored game after "
                    "its first `ply` moves (`from_game`, `ply`); the bot at `level` plays `bot_seats`. Its "
                    "moves up to the first person's turn are played at once. Post the person's moves to "
                    "`moves_url` (the live-entry append): each answer lists the bot's replies in `bot_moves`.",
        request=BotGameRequest,
        responses={201: _BOT_GAME, 400: _ERROR, 401: _DENIED, 403: _DENIED, 404: _ERROR},
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise NotAuthenticated(_("log in to play against the bot"))
        try:
            body = request.data
        except ParseError as exc:  # answered in this endpoint's documented shape, not DRF's {"detail"}
            return Response({"error": _("the request body is not valid JSON: {problem}").format(problem=exc.detail)},
                            status=status.HTTP_400_BAD_REQUEST)
        asked = BotGameRequest(data=body)
        if not asked.is_valid():
            return Response({"error": asked.errors}, status=status.HTTP_400_BAD_REQUEST)
        data = asked.validated_data
        try:
            if "from_game" in data:
                parent = Game.objects.filter(pk=data["from_game"]).first()
                if parent is None:
                    return Response({"error": _("game {game} does not exist").format(game=data["from_game"])},
                                    status=status.HTTP_404_NOT_FOUND)
                game = play_on_against_bot(parent, data["ply"], user=request.user, level_number=data["level"],
                                           bot_seats=data["bot_seats"])
            else:
                game = new_bot_game(data["game"], data["players"], user=request.user, level_number=data["level"],
                                    bot_seats=data["bot_seats"], seed=data.get("seed"))
        except (BotError, VariationError) as exc:
            return Response({"error": say(reason_of(exc))}, status=status.HTTP_400_BAD_REQUEST)
        game.refresh_from_db()
        return Response({"id": game.pk, "level": game.bot_level, "bot_seats": game.bot_seats,
                         "next_ply": game.moves.count(), "status": game.status,
                         "play_url": reverse("play", args=[game.pk]),
                         "moves_url": reverse("live-append-move", args=[game.pk])},
                        status=status.HTTP_201_CREATED)


__all__ = ["BotGamesView"]
