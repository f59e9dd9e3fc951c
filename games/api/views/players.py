"""GET /api/v1/players, GET/PATCH/DELETE /api/v1/players/<id>, POST /api/v1/players/<id>/merge."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import generics, permissions, serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import serializers as s
from games.api.views.common import (
    NOT_FOUND,
    PAGE_NOT_FOUND,
    HistoryAPIView,
    Pages,
)
from games.membership.access import IsMemberOrReadOnly
from games.models import Player
from games.services import players, reason_of, stats
from imhotep_lib.translation import say


class PlayerList(HistoryAPIView, generics.ListAPIView):
    serializer_class = s.PlayerSerializer
    pagination_class = Pages
    queryset = Player.objects.none()

    def get_queryset(self):
        return stats.club_players(stats.players_with_counts())

    @extend_schema(
        summary="Players with their numbers of games and wins",
        responses={200: s.PlayerSerializer(many=True), 404: PAGE_NOT_FOUND},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class IsStaffOrReadOnly(permissions.BasePermission):
    message = gettext_lazy("Only staff (club managers) may delete or merge players.")

    def has_permission(self, request, view) -> bool:
        return request.method in permissions.SAFE_METHODS or bool(request.user and request.user.is_staff)


PLAYER_CONFLICT = OpenApiResponse(
    inline_serializer(
        "PlayerConflict",
        {
            "error": serializers.CharField(),
            "games": serializers.IntegerField(help_text="Games the player sat at."),
            "merge": serializers.CharField(help_text="Where to merge the player instead (POST {into})."),
        },
    ),
    description="The player sat at games: deleting is refused; merge them into another player instead.",
)


class PlayerDetail(HistoryAPIView, generics.RetrieveAPIView):
    serializer_class = s.PlayerSerializer
    permission_classes = (IsMemberOrReadOnly, IsStaffOrReadOnly)
    queryset = Player.objects.none()

    def get_queryset(self):
        return stats.players_with_counts()

    @extend_schema(
        summary="One player, with current ratings and figures per game type",
        responses={
            200: inline_serializer(
                "PlayerDetail",
                {
                    "id": serializers.IntegerField(),
                    "name": serializers.CharField(),
                    "games": serializers.IntegerField(),
                    "wins": serializers.IntegerField(),
                    "page": serializers.CharField(help_text="The player's page (site-relative)."),
                    "ratings": serializers.DictField(help_text="game type → {ordinal, mu, sigma, games}"),
                    "by_game": serializers.ListField(child=serializers.DictField()),
                },
            ),
            404: NOT_FOUND,
        },
    )
    def get(self, request, *args, **kwargs):
        player = self.get_object()
        data = dict(self.get_serializer(player).data)
        data["ratings"] = {
            gt: {"ordinal": rows[-1].ordinal, "mu": rows[-1].mu, "sigma": rows[-1].sigma, "games": len(rows)}
            for gt, rows in stats.rating_history(player).items()
        }
        figures = stats.player_stats(player)
        data["by_game"] = [
            {
                "game_type": t.game_type,
                "games": t.overall.games,
                "wins": t.overall.wins,
                "win_rate": t.overall.win_rate,
                "average_total": t.overall.average,
                "by_seat": [
                    {"seat": order + 1, "games": tally.games, "wins": tally.wins, "win_rate": tally.win_rate}
                    for order, tally in t.seats()
                ],
                "average_per_monument": {k: a.value for k, a in t.per_monument.items()},
                "average_by_side": {
                    m: {side: {"average": a.value, "games": a.count} for side, a in per.items()}
                    for m, per in t.by_side.items()
                },
            }
            for t in figures.by_type
        ]
        return Response(data)

    @extend_schema(
        summary="Delete a player who has no games (staff)",
        description=(
            "A player who sat at games is never deleted (their games would lose a seat): the answer is 409 "
            "with the reason; merge them into another player instead (`POST /api/v1/players/{id}/merge`)."
        ),
        responses={
            204: None,
            401: OpenApiResponse(description="Not logged in."),
            403: OpenApiResponse(description="Not staff."),
            404: NOT_FOUND,
            409: PLAYER_CONFLICT,
        },
    )
    def delete(self, request, *args, **kwargs):
        player = get_object_or_404(Player, pk=kwargs["pk"])
        try:
            players.delete_player(player)
        except players.PlayerHasGames as exc:
            return Response(
                {
                    "error": say(reason_of(exc)),
                    "games": player.seats.count(),
                    "merge": reverse("games-api:player-merge", args=[player.pk]),
                },
                status=status.HTTP_409_CONFLICT,
            )
        return Response(status=status.HTTP_204_NO_CONTENT)


class MergeRequest(serializers.Serializer):
    into = serializers.IntegerField(min_value=1, max_value=2**63 - 1, help_text="Id of the player who stays.")


class PlayerMerge(HistoryAPIView, APIView):
    permission_classes = (permissions.IsAuthenticated, permissions.IsAdminUser)

    @extend_schema(
        summary="Merge a player into another (staff)",
        description=(
            "The player's seats, with their results, move to the player `into`; so does their login if `into` "
            "has none. The player is deleted and the ratings of every game type they played are rebuilt. "
            "Refused (409) when both sat in the same game (two people) or both have a login."
        ),
        request=MergeRequest,
        responses={
            200: inline_serializer(
                "PlayerMerged",
                {
                    "player": s.PlayerSerializer(),
                    "merged": serializers.IntegerField(help_text="Id of the player merged (now deleted)."),
                    "seats_moved": serializers.IntegerField(),
                },
            ),
            400: OpenApiResponse(OpenApiTypes.OBJECT, description="`into` is missing or not a player."),
            401: OpenApiResponse(description="Not logged in."),
            403: OpenApiResponse(description="Not staff."),
            404: NOT_FOUND,
            409: OpenApiResponse(
                inline_serializer("MergeRefused", {"error": serializers.CharField()}),
                description="The two players cannot be merged (same game, two logins, or the same player).",
            ),
        },
    )
    def post(self, request, pk: int):
        source = get_object_or_404(Player, pk=pk)
        body = MergeRequest(data=request.data if isinstance(request.data, dict) else {})
        body.is_valid(raise_exception=True)
        target = Player.objects.filter(pk=body.validated_data["into"]).first()
        if target is None:
            raise ValidationError(
                {"into": [_("there is no player with id {id}").format(id=body.validated_data["into"])]}
            )
        try:
            merged = players.merge_players(source, target)
        except players.MergeRefused as exc:
            return Response({"error": say(reason_of(exc))}, status=status.HTTP_409_CONFLICT)
        player = stats.players_with_counts().get(pk=merged.target.pk)
        return Response(
            {
                "player": s.PlayerSerializer(player, context={"request": request}).data,
                "merged": pk,
                "seats_moved": merged.seats_moved,
            }
        )
