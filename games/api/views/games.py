"""GET/POST /api/v1/games, GET/PATCH/DELETE /api/v1/games/<id>, GET /api/v1/games/<id>/record."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import serializers as s
from games.api.views.common import (
    FILTER_PARAMETERS,
    LIST_ERRORS,
    NOT_FOUND,
    HistoryAPIView,
    IsCreatorOrStaff,
    Pages,
    board_errors,
    filter_form,
)
from games.events.linking import link_stored
from games.filters import games_with_seats, history_games
from games.membership.access import IsMemberOrReadOnly
from games.models import Game
from games.services import editing, exporting, reason_of, recording
from games.services.documents import split_history
from imhotep_lib.game_documents import game_documents
from imhotep_lib.translation import say


class GameListCreate(HistoryAPIView, generics.ListAPIView):
    serializer_class = s.GameSerializer
    pagination_class = Pages

    def get_queryset(self):
        return filter_form(self.request).filter(history_games().select_related("created_by"))

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
        # Every game's example records and boards: added by imhotep_site/openapi_games.py from the registry.
        extensions=game_documents("document"),
        responses={
            201: s.GameSerializer,
            400: OpenApiResponse(
                description="Rejected record ({error: {move, reason}}) or invalid board ({errors: [{field, message}]})."
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
                        "reason": _("the body must be one JSON object: an F2 record or an F1 board"),
                    }
                },
                status=400,
            )
        try:
            meta, body = split_history(document)
        except ValueError as exc:
            return Response(board_errors([("history", reason_of(exc))]), status=400)
        if "moves" in body:
            outcome = recording.import_record(body, user=request.user, meta=meta)
        else:
            outcome = recording.import_board(body, user=request.user, meta=meta)
        if outcome.status == outcome.REJECTED:
            if outcome.errors:
                return Response(board_errors(outcome.errors), status=400)
            return Response({"error": {"move": outcome.move, "reason": say(outcome.reason)}}, status=400)
        if outcome.status == outcome.DUPLICATE:
            return Response(
                {
                    "error": {
                        "move": None,
                        "reason": _("this game is already stored as game {game}").format(game=outcome.game.pk),
                    },
                    "game": outcome.game.pk,
                },
                status=status.HTTP_409_CONFLICT,
            )
        game = outcome.game
        if game is not None:
            link_stored(game)  # an event table's result, when it is one (games/events/linking.py)
        game = games_with_seats().select_related("created_by").get(pk=game.pk)
        data = s.GameSerializer(game, context={"request": request}).data
        return Response(data, status=201, headers={"Location": reverse("games-api:game-detail", args=[game.pk])})


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
        except editing.EditRefused as exc:
            raise ValidationError({exc.field: [say(exc.problem)]}) from None
        except ValueError as exc:
            field, _sep, message = str(exc).partition(": ")
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
