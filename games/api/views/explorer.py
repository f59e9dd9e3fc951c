"""GET /api/v1/explorer: the club's explorer (games.services.explorer) as JSON."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from games import read_limits
from games.api import serializers as s
from games.api.views.common import BAD_FILTER, BUSY, HistoryAPIView
from games.explorer_views import explorer_form
from games.services import explorer
from games.ui import explorer_words
from imhotep_lib import callers
from imhotep_lib.translation import say

WORDS = ("label", "title", "whose")


def _said(value):
    """The answer with its words in the reader's language (ids and numbers as they are)."""
    if isinstance(value, dict):
        return {k: say(v) if k in WORDS else _said(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_said(v) for v in value]
    return value


class Explorer(HistoryAPIView, APIView):
    @extend_schema(
        summary="Win rates of one game type's finished games, with sample sizes and 95 % intervals",
        description="Win rates by seat and sides, and by what the engine found in each game: the Duel's "
                    "first moves (and a tree of the first three), who was first to five obelisks; the base "
                    "game's first market card and each player's best-scoring site. Intervals are Wilson "
                    "score intervals; rows from fewer than `small_sample` games are not ranked.",
        parameters=[
            OpenApiParameter("game", str, description="Game type id (default: the most played)."),
            OpenApiParameter("player", int, many=True, description="Only games all these players (ids) sat at."),
            OpenApiParameter("date_from", OpenApiTypes.DATE, description="Played on or after (YYYY-MM-DD)."),
            OpenApiParameter("date_to", OpenApiTypes.DATE, description="Played on or before (YYYY-MM-DD)."),
            OpenApiParameter("side_<part>", str, description="Only games played with this side of a part, "
                             "e.g. side_obelisk=B (the Duel), side_temple=A (the base game)."),
        ],
        responses={200: s.ExplorerSerializer, 400: BAD_FILTER, 429: BUSY},
    )
    def get(self, request):
        read_limits.check(request, "explorer")  # callers not signed in: Busy (429) over their rate
        form = explorer_form(request.query_params)
        if form.is_bound and not form.is_valid():
            raise ValidationError({name: [str(e) for e in errs] for name, errs in form.errors.items()})
        answer = explorer.explore(form.filters(), callers.caller_of(request))
        return Response(_said(explorer_words.answer_json(answer)))
