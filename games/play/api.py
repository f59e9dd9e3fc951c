"""The live-entry API: a game's state at any ply, the legal moves of the player to move, and
appending a move (one ply at a time, optimistic: the client names the ply it writes)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import NotAuthenticated, ParseError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.membership.access import IsMemberOrReadOnly
from games.models import Game
from games.permissions import recorder_required
from games.play import bots
from games.play.appending import ConflictingMove, RejectedMove, StalePly, append_move
from games.play.bots import BotError
from games.replay.context import BadPly, parse_ply
from games.services import reason_of
from games.ui.timeline import NoReplay, Timeline, load_timeline
from imhotep_lib.translation import say
from rules_engine.errors import RulesError

_ERROR = inline_serializer("LiveError", {"error": serializers.JSONField()})
# A missing game is DRF's {"detail"}; a game that cannot be replayed here, {"error"}.
_NOT_FOUND = inline_serializer(
    "LiveNotFound", {"detail": serializers.CharField(required=False), "error": serializers.JSONField(required=False)}
)
_DENIED = inline_serializer("LiveDenied", {"detail": serializers.CharField()})
_MOVE_ERROR = inline_serializer(
    "MoveError",
    {"error": inline_serializer("MoveErrorDetail", {"move": serializers.IntegerField(allow_null=True),
                                                     "reason": serializers.CharField()})},
)


class AppendMoveRequest(serializers.Serializer[Any]):
    ply = serializers.IntegerField(min_value=0,
                                   help_text="The ply the client expects to write (moves seen so far).")
    move = serializers.JSONField(help_text='One F2 (Duel) or F4 (base game) move, e.g. {"type": "place", "cell": "b2"} '
                                           'or {"type": "place", "ship": 2, "slot": 1}.')
    move_id = serializers.CharField(
        required=False, max_length=64,
        help_text="An id the client makes for this move (1–64 letters, digits, '-', '_'). Sending the same "
                  "request again (a dropped connection) stores nothing twice: the answer is 200 with the move "
                  "already stored under that id, whatever ply it sends.")


class AppendMoveResponse(serializers.Serializer[Any]):
    ply = serializers.IntegerField(help_text="The ply written.")
    move = serializers.JSONField()
    next_ply = serializers.IntegerField()
    finished = serializers.BooleanField()
    status = serializers.CharField()
    bot_moves = serializers.ListField(
        child=inline_serializer("BotMove", {"ply": serializers.IntegerField(), "move": serializers.JSONField()}),
        help_text="In a game against the bot: the bot's replies, played after this move until a person is to "
                  "move or the game is over (docs/bots.md); empty otherwise.")


class _LiveView(APIView):
    # Token first: an anonymous write then gets 401 with a WWW-Authenticate header (DRF
    # answers with the first authenticator's header), not 403.
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsMemberOrReadOnly]

    def timeline(self, pk: int) -> Timeline | Response:
        game = get_object_or_404(Game, pk=pk)
        try:
            return load_timeline(game)
        except NoReplay as exc:
            return Response({"error": say(reason_of(exc))}, status=status.HTTP_404_NOT_FOUND)
        except RulesError as exc:
            error = _("game {game} can no longer be replayed: {reason}").format(game=pk, reason=say(reason_of(exc)))
            return Response({"error": error}, status=status.HTTP_500_INTERNAL_SERVER_ERROR)


class GameStateView(_LiveView):
    @extend_schema(
        summary="A recorded game's position after a ply",
        parameters=[OpenApiParameter("ply", int, description="0 = after setup; default: the current ply")],
        responses={200: OpenApiResponse(description="state_to_json of that position (docs/state-json.md) "
                                                    "plus `ply`, `plies` and `finished`"),
                   400: _ERROR, 404: _NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> Response:
        timeline = self.timeline(pk)
        if isinstance(timeline, Response):
            return timeline
        try:
            ply = parse_ply(request.query_params.get("ply"), timeline.plies)
        except BadPly as exc:
            return Response({"error": exc.message, "plies": timeline.plies}, status=exc.status)
        body = dict(timeline.state_json(ply))  # labelled and scored with the record's header
        body.update(ply=ply, plies=timeline.plies, finished=timeline.replay.finished)
        return Response(body)


class LegalMovesView(_LiveView):
    @extend_schema(
        summary="The legal moves of the player to move (F2/F4 JSON)",
        responses={200: inline_serializer("LegalMoves", {
            "ply": serializers.IntegerField(), "to_move": serializers.IntegerField(allow_null=True),
            "moves": serializers.ListField(child=serializers.JSONField())}), 404: _NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> Response:
        timeline = self.timeline(pk)
        if isinstance(timeline, Response):
            return timeline
        state = timeline.state(timeline.plies)
        gt = timeline.game_type
        moves = [gt.move_to_json(m) for m in gt.legal_moves(state)]
        return Response({"ply": timeline.plies, "to_move": gt.to_move(state), "moves": moves})


# 409: a stale ply (StalePly) answers ``error`` and ``ply``; a different move another device
# stored at that ply (ConflictingMove, games/play/appending.py) adds ``conflict``.
_STALE = inline_serializer("StalePly", {
    "error": serializers.CharField(help_text="What happened, for people."),
    "ply": serializers.IntegerField(help_text="The game's current ply (the number of moves stored)."),
    "conflict": inline_serializer("MoveConflict", {
        "ply": serializers.IntegerField(help_text="The ply this move was sent for."),
        "theirs": serializers.ListField(
            child=inline_serializer("StoredMove", {"ply": serializers.IntegerField(),
                                                   "move": serializers.JSONField()}),
            help_text="The moves stored since that ply, in order: the other device's."),
    }, required=False, help_text="Only when another device stored a different move at that ply: the players "
                                 "choose which one the game keeps (docs/replay.md, \"At the table on a phone\")."),
})


class AppendMoveView(_LiveView):
    @extend_schema(
        summary="Append one move to a game in progress",
        description="Send the ply you expect to write (the number of moves you have seen). A stale ply "
                    "answers 409 with the current ply; when another device already stored a different move at "
                    "that ply, the 409 also carries `conflict`: the ply and the moves stored since (theirs), for "
                    "the players to choose. Sending the same `move_id` again is not a conflict (200). An illegal "
                    "move answers 400 with its index and the reason. Only the game's creator (or staff) may "
                    "append.",
        request=AppendMoveRequest,
        responses={201: AppendMoveResponse, 200: AppendMoveResponse, 400: _MOVE_ERROR, 401: _DENIED, 403: _DENIED,
                   404: _NOT_FOUND,
                   409: OpenApiResponse(_STALE, description="A stale ply, or a different move stored at that "
                                                            "ply by another device (`conflict`).")},
    )
    def post(self, request: Request, pk: int) -> Response:
        game = get_object_or_404(Game, pk=pk)
        if not request.user.is_authenticated:
            raise NotAuthenticated(_("log in to record moves"))
        recorder_required(request.user, game,
                          _("only the person who started game {game} (or staff) may record moves").format(game=game.pk))
        try:
            data = request.data if isinstance(request.data, dict) else {}
        except ParseError as exc:  # answered in this endpoint's documented shape, not DRF's {"detail"}
            reason = _("the request body is not valid JSON: {problem}").format(problem=exc.detail)
            return Response({"error": {"move": None, "reason": reason}}, status=status.HTTP_400_BAD_REQUEST)
        if "ply" not in data or "move" not in data:
            reason = _('send {"ply": <the ply you write>, "move": {...}}')
            return Response({"error": {"move": None, "reason": reason}}, status=status.HTTP_400_BAD_REQUEST)
        try:
            bots.answer(game)  # against the bot, its turn first (a request that ended while it searched)
            done = append_move(game.pk, data["ply"], data["move"], move_id=data.get("move_id") or "")
        except Game.DoesNotExist:
            return Response(
                {"error": _("game {game} does not exist").format(game=pk)}, status=status.HTTP_404_NOT_FOUND
            )
        except ConflictingMove as exc:  # another device stored a different move at that ply
            theirs = [{"ply": p, "move": m} for p, m in exc.theirs]
            return Response({"error": say(reason_of(exc)), "ply": exc.current,
                             "conflict": {"ply": exc.expected, "theirs": theirs}}, status=status.HTTP_409_CONFLICT)
        except StalePly as exc:
            return Response({"error": say(reason_of(exc)), "ply": exc.current}, status=status.HTTP_409_CONFLICT)
        except (RejectedMove, BotError) as exc:
            move = exc.move if isinstance(exc, RejectedMove) else None
            return Response({"error": {"move": move, "reason": say(reason_of(exc))}},
                            status=status.HTTP_400_BAD_REQUEST)
        try:
            replies = [] if done.repeated else bots.answer(done.game)
        except BotError as exc:
            return Response({"error": {"move": None, "reason": say(reason_of(exc))}},
                            status=status.HTTP_400_BAD_REQUEST)
        last = replies[-1] if replies else done
        body = {"ply": done.ply, "move": done.move, "next_ply": last.ply + 1, "finished": last.finished,
                "status": last.game.status, "bot_moves": [{"ply": r.ply, "move": r.move} for r in replies]}
        return Response(body, status=status.HTTP_200_OK if done.repeated else status.HTTP_201_CREATED)


__all__ = ["AppendMoveView", "GameStateView", "LegalMovesView"]
