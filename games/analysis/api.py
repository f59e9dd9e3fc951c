"""The analysis API: start a game's analysis (a background task), read its progress and
result, and ask for the best moves at a ply."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import Throttled
from rest_framework.response import Response
from rest_framework.views import APIView

from games.analysis import hints, service
from games.analysis.models import GameAnalysis
from games.membership.access import IsMemberOrReadOnly
from games.models import Game
from games.services import reason_of
from games.services.variations import VariationError, play_on_from
from imhotep_lib import callers
from imhotep_lib.slots import Busy
from imhotep_lib.throttles import SCORING_THROTTLES
from imhotep_lib.translation import say

_NOT_FOUND = inline_serializer("AnalysisNotFound", {"detail": serializers.CharField()})
_BAD_PLY = inline_serializer("HintError", {"error": serializers.DictField(child=serializers.CharField())})


class AnalysisSerializer(serializers.Serializer):
    status = serializers.CharField(help_text="none (never asked for), queued, running, done or failed")
    plies_done = serializers.IntegerField()
    plies_total = serializers.IntegerField()
    playouts = serializers.IntegerField()
    engine_version = serializers.CharField()
    analysis_version = serializers.IntegerField(help_text=(
        "What the analysis holds: 1 the chances to win, 2 also the score margins. An analysis of an older "
        "version is answered until the game is analysed again (POST), which computes the current one; 0: none "
        "was asked for."
    ))
    probabilities = serializers.ListField(
        child=serializers.ListField(child=serializers.FloatField()),
        help_text="Per position (0 = setup, k = after move k), each seat's estimated chance to win.",
    )
    margins = serializers.ListField(
        child=serializers.ListField(child=serializers.FloatField()),
        help_text=(
            "Per position (0 = setup, k = after move k), each seat's expected final score margin in points: the "
            "seat's mean final total over the playouts minus the highest mean final total among the other seats "
            "(the Duel: my score minus the opponent's). Empty when the analysis has none (analysis_version 1, "
            "or a game that does not give its final totals)."
        ),
    )
    turning_points = serializers.ListField(child=serializers.DictField(), help_text=(
        "Each player's biggest mistakes (at most 3 each), biggest first: move (numbered as the move list shows it), "
        "seat (who made it), drop (the share of their own chance to win it cost), best (their best move at the "
        "position before it) and best_win."
    ))
    status_url = serializers.CharField()
    error = serializers.CharField(allow_blank=True)
    restarts = serializers.IntegerField(help_text=(
        "Times the analysis was queued again because the worker computing it stopped (restarted after an "
        "interruption); 0 when all is well."))


def _body(game: Game, analysis: GameAnalysis | None) -> dict:
    url = reverse("api-game-analysis", args=[game.pk])
    if analysis is None:
        return {"status": "none", "plies_done": 0, "plies_total": 0, "playouts": 0, "engine_version": "",
                "analysis_version": 0, "probabilities": [], "margins": [], "turning_points": [], "status_url": url,
                "error": "", "restarts": 0}
    return {
        "status": analysis.status, "plies_done": analysis.plies_done, "plies_total": analysis.plies_total,
        "playouts": analysis.playouts, "engine_version": analysis.engine_version,
        "analysis_version": analysis.analysis_version,
        "probabilities": analysis.probabilities, "margins": analysis.margins,
        "turning_points": analysis.turning,
        "status_url": url, "error": analysis.error, "restarts": analysis.restarts,
    }


class _GameView(APIView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsMemberOrReadOnly]

    def recorded(self, pk: int) -> Game:
        game = get_object_or_404(Game, pk=pk)
        if not game.has_moves:
            from rest_framework.exceptions import NotFound

            raise NotFound(
                _("game {game} was not recorded move by move; there is nothing to analyse").format(game=game.pk)
            )
        return game


class GameAnalysisView(_GameView):
    @extend_schema(summary=("A game's analysis: status, progress, and each player's chance to win and expected "
                            "final score margin after every move"),
                   responses={200: AnalysisSerializer, 404: _NOT_FOUND})
    def get(self, request, pk: int):
        game = self.recorded(pk)
        return Response(_body(game, service.current(game)))

    @extend_schema(summary="Start a game's analysis (a background task); an analysis of the same moves is reused",
                   description=("A member may have IMHOTEP_QUEUED_ANALYSES_PER_MEMBER analyses queued or running "
                                "at once; one more is refused with 429 and Retry-After, nothing queued."),
                   request=None, responses={202: AnalysisSerializer, 200: AnalysisSerializer, 404: _NOT_FOUND})
    def post(self, request, pk: int):
        game = self.recorded(pk)
        try:
            analysis, queued = service.request_analysis(game, user=request.user)
        except Busy as exc:  # the member's queue is full (games/analysis/quotas.py)
            raise Throttled(wait=exc.retry_after, detail=say(exc.message)) from None
        return Response(_body(game, analysis), status=status.HTTP_202_ACCEPTED if queued else status.HTTP_200_OK)


class HintView(_GameView):
    # Each answer not yet kept costs IMHOTEP_HINT_PLAYOUTS playouts (games/analysis/hints.py).
    throttle_classes = SCORING_THROTTLES

    @extend_schema(
        summary="The best moves at a position for the player to move, with their estimated chance to win",
        description=(
            "Kept per record, position and engine version. An answer not kept yet is worked out only while "
            "the service has room (IMHOTEP_HINT_CONCURRENCY, IMHOTEP_HINT_ANON_CONCURRENCY for callers not "
            "signed in, one at a time per caller); otherwise 429 with Retry-After."
        ),
        parameters=[OpenApiParameter("ply", int, required=True, description="0 = setup, k = after move k")],
        responses={200: inline_serializer("Hint", {"ply": serializers.IntegerField(),
                                                    "moves": serializers.ListField(child=serializers.DictField())}),
                   400: _BAD_PLY, 404: _NOT_FOUND},
    )
    def get(self, request, pk: int):
        game = self.recorded(pk)
        raw = request.query_params.get("ply", "")
        if not raw.isdigit():
            problem = _("ply must be a whole number, got {value}").format(value=repr(raw[:20]))
            return Response({"error": {"ply": problem}}, status=400)
        try:
            moves = hints.best_moves(game, int(raw), caller=callers.caller_of(request))
        except ValueError as exc:
            return Response({"error": {"ply": say(reason_of(exc))}}, status=400)
        except Busy as exc:
            raise Throttled(wait=exc.retry_after, detail=say(exc.message)) from None
        return Response({"ply": int(raw), "moves": moves})


_VARIATION = inline_serializer("Variation", {
    "id": serializers.IntegerField(), "url": serializers.CharField(), "play_url": serializers.CharField(),
    "branch_ply": serializers.IntegerField(),
})


class VariationView(_GameView):
    @extend_schema(
        summary="Play on from a position: a new game in progress with this game's first moves (a variation)",
        parameters=[OpenApiParameter("ply", int, required=True, description="how many of the game's moves to keep")],
        request=None,
        responses={201: _VARIATION, 400: _BAD_PLY, 404: _NOT_FOUND},
    )
    def post(self, request, pk: int):
        game = self.recorded(pk)
        raw = request.query_params.get("ply", "")
        try:
            variation = play_on_from(game, int(raw) if raw.isdigit() else -1, user=request.user)
        except VariationError as exc:
            return Response({"error": {"ply": say(reason_of(exc))}}, status=400)
        return Response({"id": variation.pk, "url": reverse("games:detail", args=[variation.pk]),
                         "play_url": reverse("play", args=[variation.pk]), "branch_ply": variation.branch_ply},
                        status=status.HTTP_201_CREATED)
