"""The club-history REST API (under /api/v1/): players, games, results, standings.

Anyone may read. Creating needs a logged-in user (token or session); changing or deleting a
game needs its creator or staff (403 otherwise); deleting or merging a player needs staff, and a
player with games is never deleted (409: merge them instead). Create = import one F2/F4 record (results
derived by replaying it) or store one score-only F1/F3 board.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Exists, OuterRef
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import generics, permissions, serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import serializers as s
from games.filters import GameFilterForm, games_with_seats
from games.membership.access import IsMemberOrReadOnly
from games.models import Game, Player, Result
from games.permissions import can_change_game
from games.services import editing, exporting, players, recording, stats
from games.services.documents import split_history
from rules_engine.registry import DEFAULT_GAME


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


class IsCreatorOrStaff(permissions.BasePermission):
    message = "Only the user who stored this game, or staff, may change or delete it."

    def has_object_permission(self, request, view, obj) -> bool:
        return request.method in permissions.SAFE_METHODS or can_change_game(request.user, obj)


class HistoryAPIView:
    # Token first, so an anonymous write is answered 401 with "WWW-Authenticate: Token".
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes: Sequence[type[permissions.BasePermission]] = (IsMemberOrReadOnly,)


FILTER_PARAMETERS = [
    OpenApiParameter("player", int, description="Only games this player (id) sat at."),
    OpenApiParameter("game", str, description="Game type id, e.g. duel."),
    OpenApiParameter("date_from", OpenApiTypes.DATE, description="Played on or after (YYYY-MM-DD)."),
    OpenApiParameter("date_to", OpenApiTypes.DATE, description="Played on or before (YYYY-MM-DD)."),
]


NOT_FOUND = OpenApiResponse(s.NotFoundSerializer, description="No such row.")
PAGE_NOT_FOUND = OpenApiResponse(s.NotFoundSerializer, description="No such page (past the last, or not a number).")
BAD_FILTER = OpenApiResponse(OpenApiTypes.OBJECT, description="A filter is invalid: `{parameter: [messages]}`.")
LIST_ERRORS = {400: BAD_FILTER, 404: PAGE_NOT_FOUND}


def _filter_form(request) -> GameFilterForm:
    form = GameFilterForm(request.query_params or None)
    if form.is_bound and not form.is_valid():
        raise ValidationError({name: [str(e) for e in errs] for name, errs in form.errors.items()})
    return form


def _board_errors(errors) -> dict:
    return {"errors": [{"field": path, "message": message} for path, message in errors]}


RECORD_EXAMPLE = {
    "game": "duel",
    "sides": {"obelisk": "A", "temple": "A", "pyramid": "B", "tomb": "A"},
    "players": ["Ana", "Ben"],
    "colours": ["black", "white"],
    "setup": {"supply": ["tomb-7", "obelisk", "…60 token ids in draw order…"]},
    "moves": [
        {"type": "place", "cell": "b2"},
        {"type": "place", "cell": "b3"},
        {"type": "unload", "boat": "col-b"},
    ],
    "history": {"played_on": "2025-03-14", "location": "Club night", "notes": ""},
}
BOARD_EXAMPLE = {
    "game": "duel",
    "sides": {"obelisk": "A", "temple": "B", "pyramid": "A", "tomb": "A"},
    "starting_player": 0,
    "players": [
        {
            "name": "Ana",
            "obelisk": 2,
            "temple": [1, 4, 2],
            "pyramid": {"light": 4, "dark": 6},
            "tomb": [1, 2, 3, 4, 5, 6, 11],
            "action_tokens": 2,
            "meeples_on_harbor": 1,
        },
        {
            "name": "Ben",
            "obelisk": 6,
            "obelisk_first_to_five": True,
            "temple": [],
            "pyramid": {"light": 0, "dark": 0},
            "tomb": [],
            "action_tokens": 0,
            "meeples_on_harbor": 0,
        },
    ],
    "history": {"played_on": "2025-03-14"},
}


class GameListCreate(HistoryAPIView, generics.ListAPIView):
    serializer_class = s.GameSerializer
    pagination_class = Pages

    def get_queryset(self):
        return _filter_form(self.request).filter(games_with_seats().select_related("created_by"))

    @extend_schema(
        summary="List games, newest first",
        parameters=FILTER_PARAMETERS,
        responses={200: s.GameSerializer(many=True), **LIST_ERRORS},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Store a game: import an F2 record or save a score-only F1 board",
        description=(
            "The body is one **F2/F4 game record** (it has `moves`): it is replayed through the rules "
            "engine and stored with its moves; the results come from the replay. A record with an illegal "
            "move is rejected with the move's 0-based index and the reason, and nothing is stored. A record "
            "already stored (same content) answers 409 with the existing game.\n\n"
            "Otherwise the body is an **F1/F3 end-game board** (every player needs a `name`): it is scored "
            "and stored as a score-only game (the same board on the same day answers 409).\n\n"
            "Both may carry `history`: `{played_on, location, notes}`. "
            "Players are matched by name, case-insensitively, and created when new."
        ),
        request=OpenApiTypes.OBJECT,
        examples=[
            OpenApiExample("F2 game record", value=RECORD_EXAMPLE, request_only=True),
            OpenApiExample("F1 end-game board", value=BOARD_EXAMPLE, request_only=True),
        ],
        responses={
            201: s.GameSerializer,
            400: OpenApiResponse(
                description="Rejected record ({error: {move, reason}}) or invalid board "
                "({errors: [{field, message}]})."
            ),
            401: OpenApiResponse(description="Not logged in."),
            409: OpenApiResponse(s.DuplicateSerializer, description="The same record is already stored."),
        },
    )
    def post(self, request, *args, **kwargs):
        document = request.data
        if not isinstance(document, dict):
            return Response(
                {
                    "error": {
                        "move": None,
                        "reason": "the body must be one JSON object: an F2 record or an F1 board",
                    }
                },
                status=400,
            )
        try:
            meta, body = split_history(document)
        except ValueError as exc:
            return Response(_board_errors([("history", str(exc))]), status=400)
        if "moves" in body:
            outcome = recording.import_record(body, user=request.user, meta=meta)
        else:
            outcome = recording.import_board(body, user=request.user, meta=meta)
        if outcome.status == outcome.REJECTED:
            if outcome.errors:
                return Response(_board_errors(outcome.errors), status=400)
            return Response({"error": {"move": outcome.move, "reason": outcome.reason}}, status=400)
        if outcome.status == outcome.DUPLICATE:
            return Response(
                {
                    "error": {
                        "move": None,
                        "reason": f"this game is already stored as game {outcome.game.pk}",
                    },
                    "game": outcome.game.pk,
                },
                status=status.HTTP_409_CONFLICT,
            )
        game = outcome.game
        game = games_with_seats().select_related("created_by").get(pk=game.pk)
        data = s.GameSerializer(game, context={"request": request}).data
        return Response(
            data, status=201, headers={"Location": reverse("games-api:game-detail", args=[game.pk])}
        )


class GameDetail(HistoryAPIView, generics.GenericAPIView):
    serializer_class = s.GameSerializer
    permission_classes = (IsMemberOrReadOnly, IsCreatorOrStaff)
    queryset = Game.objects.none()

    def get_queryset(self):
        return games_with_seats().select_related("created_by")

    @extend_schema(summary="One game with its seats and results", responses={200: s.GameSerializer, 404: NOT_FOUND})
    def get(self, request, pk: int):
        return Response(self.get_serializer(self.get_object()).data)

    @extend_schema(
        summary="Change a game's date, place, notes or status",
        description=(
            "Results never change here: they are derived from the moves or the board. Changing the "
            "date or status rebuilds the ratings from the earlier of the old and new dates. Creator or staff."
        ),
        request=s.GameUpdateSerializer,
        responses={
            200: s.GameSerializer,
            400: OpenApiResponse(OpenApiTypes.OBJECT, description="A field is invalid: `{field: [messages]}`."),
            403: OpenApiResponse(description="Not the creator, not staff."),
            404: NOT_FOUND,
        },
    )
    def patch(self, request, pk: int):
        game = self.get_object()
        changes = s.GameUpdateSerializer(data=request.data, partial=True)
        changes.is_valid(raise_exception=True)
        try:
            editing.update_game(game, **changes.validated_data)
        except ValueError as exc:
            field, _, message = str(exc).partition(": ")
            raise ValidationError({field if message else "non_field_errors": [message or str(exc)]}) from None
        return Response(self.get_serializer(self.get_queryset().get(pk=game.pk)).data)

    @extend_schema(
        summary="Delete a game (creator or staff); the ratings are rebuilt",
        responses={204: None, 403: OpenApiResponse(description="Not the creator, not staff."), 404: NOT_FOUND},
    )
    def delete(self, request, pk: int):
        editing.delete_game(self.get_object())
        return Response(status=204)


class GameRecord(HistoryAPIView, APIView):
    @extend_schema(
        summary="A game as its F2 record (recorded games) or F1 board (score-only games)",
        description=(
            "Exactly the interchange document, as `POST /api/v1/replay` and `POST /api/v1/score` accept it. "
            "With `?history=1` it also carries a `history` object (id, played_on, location, notes, status, "
            "source), which `POST /api/v1/games` reads back. Importing a record again is recognised as a "
            "duplicate."
        ),
        parameters=[OpenApiParameter("history", int, enum=[0, 1], description="1: add the history object.")],
        responses={200: OpenApiTypes.OBJECT, 404: NOT_FOUND},
    )
    def get(self, request, pk: int):
        game = get_object_or_404(games_with_seats().prefetch_related("moves"), pk=pk)
        with_history = request.query_params.get("history") == "1"
        return Response(exporting.game_document(game, with_history=with_history))


class PlayerList(HistoryAPIView, generics.ListAPIView):
    serializer_class = s.PlayerSerializer
    pagination_class = Pages
    queryset = Player.objects.none()

    def get_queryset(self):
        return stats.players_with_counts()

    @extend_schema(
        summary="Players with their numbers of games and wins",
        responses={200: s.PlayerSerializer(many=True), 404: PAGE_NOT_FOUND},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class IsStaffOrReadOnly(permissions.BasePermission):
    message = "Only staff (club managers) may delete or merge players."

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
                    "error": str(exc),
                    "games": player.seats.count(),
                    "merge": reverse("games-api:player-merge", args=[player.pk]),
                },
                status=status.HTTP_409_CONFLICT,
            )
        return Response(status=status.HTTP_204_NO_CONTENT)


class ResultList(HistoryAPIView, generics.ListAPIView):
    serializer_class = s.ResultRowSerializer
    pagination_class = Pages
    queryset = Result.objects.none()

    def get_queryset(self):
        form = _filter_form(self.request)
        games = form.filter(Game.objects.all())
        results = (
            Result.objects.filter(Exists(games.filter(pk=OuterRef("seat__game_id"))))
            .select_related("seat__game", "seat__player")
            .order_by("-seat__game__played_on", "-seat__game_id", "seat__order")
        )
        if form.is_bound and form.cleaned_data.get("player"):
            results = results.filter(seat__player_id=form.cleaned_data["player"])
        return results

    @extend_schema(
        summary="Results, one row per seat, newest game first",
        parameters=FILTER_PARAMETERS,
        responses={200: s.ResultRowSerializer(many=True), **LIST_ERRORS},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class Standings(HistoryAPIView, APIView):
    @extend_schema(
        summary="Standings of one game type by OpenSkill rating",
        parameters=[OpenApiParameter("game", str, description="Game type id (default duel).")],
        responses={200: s.StandingSerializer(many=True), 400: BAD_FILTER},
    )
    def get(self, request):
        game_type = request.query_params.get("game") or DEFAULT_GAME
        if "\x00" in game_type:  # PostgreSQL cannot compare text holding NUL: refused here, not a 500
            raise ValidationError({"game": ["Null characters are not allowed."]})
        rows = list(stats.standings(game_type))
        for rank, player in enumerate(rows, start=1):
            player.rank = rank
        return Response(s.StandingSerializer(rows, many=True).data)


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
            raise ValidationError({"into": [f"there is no player with id {body.validated_data['into']}"]})
        try:
            merged = players.merge_players(source, target)
        except players.MergeRefused as exc:
            return Response({"error": str(exc)}, status=status.HTTP_409_CONFLICT)
        player = stats.players_with_counts().get(pk=merged.target.pk)
        return Response(
            {
                "player": s.PlayerSerializer(player, context={"request": request}).data,
                "merged": pk,
                "seats_moved": merged.seats_moved,
            }
        )
