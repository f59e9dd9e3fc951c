"""GET /api/v1/results, GET /api/v1/standings, GET /api/v1/ratings-check and GET /api/v1/win-calibration."""

from __future__ import annotations

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
)
from rest_framework import generics
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from games import read_limits
from games.api import serializers as s
from games.api.views.common import (
    BAD_FILTER,
    BUSY,
    FILTER_PARAMETERS,
    LIST_ERRORS,
    HistoryAPIView,
    Pages,
    filter_form,
)
from games.models import Game, Result
from games.services import ratings_check, stats, win_calibration
from imhotep_lib import callers
from rules_engine.registry import DEFAULT_GAME


class ResultList(HistoryAPIView, generics.ListAPIView):
    serializer_class = s.ResultRowSerializer
    pagination_class = Pages
    queryset = Result.objects.none()

    def get_queryset(self):
        form = filter_form(self.request)
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
            raise ValidationError({"game": [_("Null characters are not allowed.")]})
        rows = list(stats.standings(game_type))
        for rank, player in enumerate(rows, start=1):
            player.rank = rank
        return Response(s.StandingSerializer(rows, many=True).data)


class RatingsCheck(APIView):
    # Read-only: the settings' authentication and permissions are HistoryAPIView's.
    @extend_schema(
        summary="How well each rating system would have predicted the club's games",
        description=(
            "Replays the game type's rated history in date order; before each game every system gives each "
            "player's probability of winning, then learns the result. Log loss and accuracy per system with "
            "their sample size; Elo only for two-player games; games with a shared first place are not scored. "
            "Cached under the history's version (docs/history.md, \"Do the ratings predict anything?\")."
        ),
        parameters=[OpenApiParameter("game", str, description="Game type id (default: the most played).")],
        responses={200: s.RatingsCheckSerializer, 400: BAD_FILTER, 429: BUSY},
    )
    def get(self, request):
        game_type = _rated_game_type(request)
        check = ratings_check.cached_check(game_type, callers.caller_of(request))
        return Response(s.RatingsCheckSerializer(check).data)


def _rated_game_type(request) -> str:
    """The ``game`` asked for (default: the most played) among the rated ones, after the read limit:
    callers not signed in get Busy (429) over their rate."""
    read_limits.check(request, "ratings-check")
    choices = {gt for gt, _ in stats.rated_game_choices()}
    game_type = request.query_params.get("game") or stats.most_played_game_type() or DEFAULT_GAME
    if game_type not in choices:
        message = _("Unknown game type; one of: %(types)s.") % {"types": ", ".join(sorted(choices))}
        raise ValidationError({"game": [message]})
    return game_type


class WinCalibration(APIView):
    # Read-only: the settings' authentication and permissions are HistoryAPIView's.
    @extend_schema(
        summary="Whether the analysis's chances to win came true, with intervals from resampling whole games",
        description=(
            "At every position before a move of each analysed finished game with a single winner, each player's "
            "chance to win as the analysis estimated it, against whether they won: bins of tenths of the chance, "
            "each with its number of games and chances, and the expected calibration error. The positions of a "
            "game share its winner, so the 95 % intervals come from a seeded bootstrap that resamples whole games; "
            "a bin holding chances of fewer than `min_games` games gives no share (too few to say). Cached as the "
            "ratings check (docs/history.md, \"Does the analysis's win chance come true?\")."
        ),
        parameters=[OpenApiParameter("game", str, description="Game type id (default: the most played).")],
        responses={200: s.CalibrationSerializer, 400: BAD_FILTER, 429: BUSY},
    )
    def get(self, request):
        game_type = _rated_game_type(request)
        check = win_calibration.cached_calibration(game_type, callers.caller_of(request))
        return Response(s.CalibrationSerializer(check).data)
