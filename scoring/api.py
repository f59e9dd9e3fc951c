"""The scoring REST API (under /api/v1/): thin views that parse, call the registry, render.

- ``POST score``        an end-game board (formats.md F1 Duel, F3 base game) → its score, every point explained
- ``POST replay``       a game record (F2 Duel, F4 base game) → finished, plies, score (and ``?states=1``: every state)
- ``GET  games-types``  the games and variants this server knows

Field names, ids and rule ids stay English; the engine's sentences (a problem's ``message``, a
record error's ``reason``, a score line's ``text``, a variant's name) are said in the language
the request asks for (``Accept-Language``, docs/i18n.md).
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from imhotep_lib.game_documents import game_documents
from imhotep_lib.limits import check_moves
from imhotep_lib.throttles import SCORING_THROTTLES
from imhotep_lib.translation import in_source_language, say
from rules_engine.errors import BoardError, RecordError
from rules_engine.messages import Message
from rules_engine.registry import default_registry
from scoring import serializers as s
from scoring.parsers import StrictJSONParser

_TRUE = {"1", "true", "yes", "on"}
_THROTTLED = OpenApiResponse(s.DetailSerializer, description="too many requests; see the Retry-After header")


class _ScoringAPIView(APIView):
    """Anonymous use allowed, rate-limited, JSON in and out."""

    permission_classes = [AllowAny]
    throttle_classes = SCORING_THROTTLES
    parser_classes = [StrictJSONParser]
    renderer_classes = [JSONRenderer]

    #: What the body must be, for messages.
    document = _("a JSON document")

    def body(self, request: Request) -> dict:
        """The parsed JSON object; ParseError (message for people) when it is missing, not JSON,
        or not an object."""
        if request.stream is None:
            raise ParseError(gettext("the request body is empty; send %(document)s") % {"document": self.document})
        data = request.data
        if not isinstance(data, dict):
            raise ParseError(gettext("the request body must be %(document)s, got %(kind)s")
                             % {"document": self.document, "kind": _json_kind(data)})
        return data


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return gettext("a list")
    if isinstance(value, str):
        return gettext("a string")
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return gettext("a number")


def said(document: Any) -> Any:
    """``document`` (JSON-shaped) with every engine ``Message`` in it said in the request's
    language; everything else (keys, ids, numbers) as it is. Copies only what holds a message.
    In English nothing is walked: a message already is its English sentence."""
    return document if in_source_language() else _said(document)


def _said(document: Any) -> Any:
    if isinstance(document, Message):
        return say(document)
    if isinstance(document, dict):
        out = {key: _said(value) for key, value in document.items()}
        return out if any(out[key] is not value for key, value in document.items()) else document
    if isinstance(document, list | tuple):
        items = [_said(value) for value in document]
        return items if any(a is not b for a, b in zip(items, document, strict=True)) else document
    return document


class ScoreView(_ScoringAPIView):
    document = _("an end-game board as a JSON object (F1 for the Duel, F3 for the base game)")

    @extend_schema(
        operation_id="score_board",
        summary="Score an end-game board",
        description=(
            "Scores an end-game board, dispatched on `game` (see `GET /api/v1/games-types`): each game's board "
            "is one of the shapes of the `Board` component, its answer one of `ScoreResponse`, with, per player, "
            "`lines` explaining every point with its rule section. Every validation problem is listed at its "
            "field path; a side whose board data is missing is a 400 at `sides.<part>` saying it cannot be "
            "scored yet."
        ),
        # The games' shapes and examples: added by imhotep_site/openapi_games.py from the registry.
        request=OpenApiTypes.OBJECT,
        responses={
            200: OpenApiTypes.OBJECT,
            400: OpenApiResponse(s.BoardErrorsSerializer, description="the board is impossible or malformed"),
            429: _THROTTLED,
        },
        extensions=game_documents("board"),
        tags=["scoring"],
    )
    def post(self, request: Request) -> Response:
        try:
            return Response(said(default_registry().score(self.body(request)).to_json()))
        except ParseError as exc:
            errors = [("", str(exc.detail))]
        except BoardError as exc:
            errors = exc.errors
        return Response({"errors": [{"field": path, "message": say(message)} for path, message in errors]},
                        status=status.HTTP_400_BAD_REQUEST)


class ReplayView(_ScoringAPIView):
    document = _("a game record as a JSON object (F2 for the Duel, F4 for the base game)")

    @extend_schema(
        operation_id="replay_record",
        summary="Replay a game record",
        description=(
            "Replays a game record move by move and scores the final board, dispatched on `game`: each game's "
            "record is one of the shapes of the `Record` component, its answer one of `ReplayResponse`. A move "
            "that breaks a rule rejects the record with the move's 0-based index and the reason."
        ),
        parameters=[
            OpenApiParameter(
                "states", OpenApiTypes.BOOL, OpenApiParameter.QUERY, required=False,
                description="1 to include every state (plies + 1 of them, docs/state-json.md)",
            )
        ],
        request=OpenApiTypes.OBJECT,
        responses={
            200: OpenApiTypes.OBJECT,
            400: OpenApiResponse(s.RecordErrorSerializer,
                                 description="a move is illegal or the record malformed"),
            429: _THROTTLED,
        },
        extensions=game_documents("record"),
        tags=["scoring"],
    )
    def post(self, request: Request) -> Response:
        with_states = request.query_params.get("states", "").strip().lower() in _TRUE
        try:
            record = self.body(request)
            check_moves(record)  # over IMHOTEP_MAX_MOVES: 413, answered by imhotep_lib.limits
            result = default_registry().replay_summary(record, with_states=with_states)
            # The states are data (ids and numbers, docs/state-json.md): only the score has sentences.
            return Response({**result, "score": said(result["score"])})
        except ParseError as exc:
            error = RecordError(str(exc.detail))
        except RecordError as exc:
            error = exc
        answer = error.to_json()
        answer["error"] = {**answer["error"], "reason": say(answer["error"]["reason"])}
        return Response(answer, status=status.HTTP_400_BAD_REQUEST)


class GameTypesView(_ScoringAPIView):
    @extend_schema(
        operation_id="list_game_types",
        summary="The games and variants this server scores",
        responses={200: s.GameTypeSerializer(many=True), 429: _THROTTLED},
        tags=["scoring"],
    )
    def get(self, request: Request) -> Response:
        return Response(said(default_registry().describe()))
