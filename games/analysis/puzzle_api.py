"""The puzzles' API (issue #54; the pages: games/analysis/puzzle_views.py): a player's own queue
of puzzles due, one puzzle with every legal move, and answering it. Who may see what is what the
pages show: a puzzle to anyone (without its answer), a queue only to the player whose queue it
is (the puzzles page shows the signed-in member their own), an answer from members; only the
answer of the player whose puzzle it is schedules it again (games/analysis/puzzle_queue.py)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import NotAuthenticated, PermissionDenied, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from games.analysis import puzzle_board, puzzle_queue
from games.analysis.models import Puzzle
from games.membership.access import IsMemberOrReadOnly
from games.models import Player
from imhotep_lib.translation import say

_NOT_FOUND = inline_serializer("PuzzleNotFound", {"detail": serializers.CharField()})
_BAD_ANSWER = inline_serializer("PuzzleAnswerError", {"move": serializers.ListField(child=serializers.CharField())})


class PuzzleSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="game_id")
    move = serializers.IntegerField(help_text="The move to find, 0-based: the position is the one before it.")
    number = serializers.SerializerMethodField(help_text="The move's number as the move list shows it (move + 1).")
    seat = serializers.IntegerField(help_text="The seat to play (0-based).")
    player = serializers.IntegerField(source="player_id", help_text="The player who missed the move in the game.")
    win = serializers.FloatField(help_text="Their chance to win before the move, as the analysis estimated it.")
    due_on = serializers.DateField(help_text="When it is asked again in its player's queue.")
    url = serializers.SerializerMethodField(help_text="This puzzle in the API.")

    def get_number(self, puzzle: Puzzle) -> int:
        return puzzle.move + 1

    def get_url(self, puzzle: Puzzle) -> str:
        return reverse("api-puzzle", args=[puzzle.pk])


class PuzzleMoveSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="Its place in the list: an answer may send it instead of the move.")
    move = serializers.DictField(help_text="The move's JSON (formats.md F2).")
    text = serializers.CharField(help_text="The move in words, in the reader's language.")


class PuzzleSerializer(PuzzleSummarySerializer):
    """What `PuzzleDetail` answers (the schema's; the view builds the same fields)."""

    player_name = serializers.CharField()
    moves = PuzzleMoveSerializer(many=True, help_text="Every legal move at the position; one of them is the best.")
    answer_url = serializers.CharField(help_text="Where to POST the answer.")


class PuzzleAnswerInput(serializers.Serializer):
    move = serializers.JSONField(help_text=(
        "The move chosen: its JSON (one of `moves[].move`) or its index in `moves`."))


class PuzzleAnswerSerializer(serializers.Serializer):
    solved = serializers.BooleanField(help_text="Whether the move chosen is the best move.")
    chosen = serializers.DictField(help_text="The move chosen (JSON).")
    best = serializers.DictField(help_text="The best move (JSON).")
    best_text = serializers.CharField(help_text="The best move in words.")
    best_win = serializers.FloatField(help_text="The mover's chance to win after the best move.")
    second_win = serializers.FloatField(help_text="The same after the next best move.")
    scheduled = serializers.BooleanField(help_text=(
        "Whether the answer scheduled the puzzle again: only the answer of the player whose puzzle it is."))
    due_on = serializers.DateField(help_text="When it is asked again in its player's queue.")


class _PuzzleView(APIView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsMemberOrReadOnly]


def _puzzle(pk: int) -> Puzzle:
    return get_object_or_404(Puzzle.objects.select_related("game", "player"), pk=pk)


class PlayerPuzzles(_PuzzleView):
    @extend_schema(summary="A player's own puzzles due today, the longest waiting first",
                   description=("Only the player themselves (the member the player is linked to) may read their "
                                "queue, as the puzzles page shows a member only their own: others get 403, "
                                "callers not signed in 401/403."),
                   responses={200: PuzzleSummarySerializer(many=True), 403: _NOT_FOUND, 404: _NOT_FOUND})
    def get(self, request, pk: int):
        player = get_object_or_404(Player, pk=pk)
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        if player.user_id is None or player.user_id != request.user.pk:
            raise PermissionDenied(_("Only the player themselves may see their puzzle queue."))
        due = puzzle_queue.queue(player, timezone.localdate())
        return Response(PuzzleSummarySerializer(due, many=True).data)


class PuzzleDetail(_PuzzleView):
    @extend_schema(summary="One puzzle: the position before a move a player missed, and every legal move",
                   description="The best move is not given here: answering the puzzle tells it.",
                   responses={200: PuzzleSerializer, 404: _NOT_FOUND})
    def get(self, request, pk: int):
        puzzle = _puzzle(pk)
        timeline, moves = puzzle_board.legal_at(puzzle)
        return Response({
            **PuzzleSummarySerializer(puzzle).data, "player_name": puzzle.player.name,
            "moves": [{"index": k, "move": m, "text": say(timeline.describe(puzzle.move, m).text)}
                      for k, m in enumerate(moves)],
            "answer_url": reverse("api-puzzle-answer", args=[puzzle.pk])})


class PuzzleAnswer(_PuzzleView):
    @extend_schema(summary="Answer a puzzle: whether the move is the best, and the best move",
                   description=("Members only (guests and callers not signed in are refused). The answer of the "
                                "player whose puzzle it is schedules it again: solved, after twice as many days; "
                                "missed, tomorrow. Anyone else's answer changes nothing. A move that is not one "
                                "of the puzzle's legal moves is refused with 400, `{move: [reason]}`."),
                   request=PuzzleAnswerInput,
                   responses={200: PuzzleAnswerSerializer, 400: _BAD_ANSWER, 404: _NOT_FOUND})
    def post(self, request, pk: int):
        puzzle = _puzzle(pk)
        given = PuzzleAnswerInput(data=request.data)
        given.is_valid(raise_exception=True)
        timeline, moves = puzzle_board.legal_at(puzzle)
        index = puzzle_board.picked(given.validated_data["move"], moves)
        if index is None:
            raise ValidationError({"move": [_(
                "Not a legal move at this position: send one of the puzzle's moves (its JSON) or its index, "
                "0 to %(last)d.") % {"last": len(moves) - 1}]})
        own = puzzle.player.user_id is not None and puzzle.player.user_id == request.user.pk
        solved = puzzle_queue.answer(puzzle, moves[index], own=own, today=timezone.localdate())
        return Response(PuzzleAnswerSerializer({
            "solved": solved, "chosen": moves[index], "best": puzzle.best,
            "best_text": say(timeline.describe(puzzle.move, puzzle.best).text), "best_win": puzzle.best_win,
            "second_win": puzzle.second_win, "scheduled": own, "due_on": puzzle.due_on}).data)
