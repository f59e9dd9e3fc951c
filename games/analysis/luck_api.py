"""The luck-and-skill API (issue #41, games/analysis/luck.py): start the computation (a
background task), read its progress, and each player's luck and skill with every term."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.response import Response

from games.analysis import luck as service
from games.analysis.api import _NOT_FOUND, _GameView
from games.analysis.models import GameLuck
from games.models import Game
from imhotep_lib.slots import Busy
from imhotep_lib.translation import say


class LuckPlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    start = serializers.FloatField(help_text="The seat's estimated chance to win before the first move.")
    result = serializers.FloatField(help_text=(
        "Its share of the win at the last position (1, 0, or shared) once the game is over; else its chance there."))
    luck = serializers.FloatField(help_text="The sum of the chance terms for this seat.")
    skill = serializers.FloatField(help_text=(
        "The sum of the decision terms for this seat: every move's effect on its chance, its own and the "
        "others'. luck + skill = result - start (within 0.01: the terms are kept to 4 decimals)."))
    own = serializers.FloatField(help_text=(
        "Gained against a random continuation: the decision terms of the seat's own moves, added up (each its "
        "chance after the move minus before it, both estimated by random playouts). Measured against a random "
        "continuation, not the best move, so it is not bounded by 1: over many moves it can pass it, the chance "
        "terms and the other seats' moves making up the difference."))


class LuckTermSerializer(serializers.Serializer):
    move = serializers.IntegerField(help_text="The move's index in the record (0-based); the move list shows move + 1.")
    kind = serializers.ChoiceField(choices=["decision", "chance"], help_text=(
        "decision: the move chosen (its mean over what it could turn up, minus the chance before it); chance: "
        "what the move turned up (the chance after it, minus that mean)."))
    seat = serializers.IntegerField(help_text="Who made the move.")
    change = serializers.ListField(child=serializers.FloatField(), help_text="Each seat's change of chance to win.")
    cost = serializers.FloatField(allow_null=True, help_text=(
        "A decision's cost: the mover's best move's chance to win minus the chosen move's (0 at a forced move; "
        "null for a chance event)."))
    turned_up = serializers.DictField(child=serializers.IntegerField(), help_text=(
        "A chance event's pieces that left the face-down ones, by kind (the Duel's token ids, the base game's "
        "market cards); empty for a decision and for a round card."))


class LuckPuzzleSerializer(serializers.Serializer):
    move = serializers.IntegerField()
    seat = serializers.IntegerField()
    win = serializers.FloatField(help_text="The mover's chance to win before the move.")
    best = serializers.DictField(help_text="The best move's JSON.")
    best_win = serializers.FloatField()
    second_win = serializers.FloatField()
    played_win = serializers.FloatField(allow_null=True)


class LuckSerializer(serializers.Serializer):
    status = serializers.CharField(help_text="none (never asked for), queued, running, done or failed")
    moves_done = serializers.IntegerField()
    moves_total = serializers.IntegerField()
    playouts = serializers.IntegerField()
    engine_version = serializers.CharField()
    luck_version = serializers.IntegerField()
    players = LuckPlayerSerializer(many=True)
    terms = LuckTermSerializer(many=True)
    puzzles = LuckPuzzleSerializer(many=True, help_text=(
        "Decisions where the best move beat the second by at least 0.2 with 95 % intervals apart, the mover's "
        "chance was between 0.2 and 0.8, and another move was played, each confirmed by a deeper re-check "
        "(its lower bound 0.2 above every other move's upper bound); best_win, second_win and played_win "
        "are the re-check's."))
    status_url = serializers.CharField()
    error = serializers.CharField(allow_blank=True)


def _body(game: Game, luck: GameLuck | None) -> dict:
    url = reverse("api-game-luck", args=[game.pk])
    if luck is None:
        return {"status": "none", "moves_done": 0, "moves_total": 0, "playouts": 0, "engine_version": "",
                "luck_version": 0, "players": [], "terms": [], "puzzles": [], "status_url": url, "error": ""}
    return {"status": luck.status, "moves_done": luck.moves_done, "moves_total": luck.moves_total,
            "playouts": luck.playouts, "engine_version": luck.engine_version, "luck_version": luck.luck_version,
            "players": luck.players, "terms": luck.terms, "puzzles": luck.puzzles, "status_url": url,
            "error": luck.error}


class GameLuckView(_GameView):
    @extend_schema(summary=("What decided a game: each player's luck and skill, every chance event's and "
                            "decision's change of each player's chance to win, and the puzzles found"),
                   responses={200: LuckSerializer, 404: _NOT_FOUND})
    def get(self, request, pk: int):
        game = self.recorded(pk)
        return Response(_body(game, service.current(game)))

    @extend_schema(summary="Start finding what decided a game (a background task); one of the same moves is reused",
                   description=("A member may have IMHOTEP_QUEUED_LUCK_PER_MEMBER of them queued or running at once; "
                                "one more is refused with 429 and Retry-After, nothing queued."),
                   request=None, responses={202: LuckSerializer, 200: LuckSerializer, 404: _NOT_FOUND})
    def post(self, request, pk: int):
        game = self.recorded(pk)
        try:
            luck, queued = service.request_luck(game, user=request.user)
        except Busy as exc:  # the member's queue is full (games/analysis/quotas.py)
            raise Throttled(wait=exc.retry_after, detail=say(exc.message)) from None
        return Response(_body(game, luck), status=status.HTTP_202_ACCEPTED if queued else status.HTTP_200_OK)
