"""Challenge ladders in the API: players join and challenge for themselves; results through `common`."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views.common import NOT_FOUND
from games.seasons import ladder_service
from games.seasons.api.common import (
    DISPUTE_BODY,
    REFUSED,
    AdminView,
    MemberView,
    PlayerNameSerializer,
    ResultSerializer,
    _answer,
    _enter,
    _invalid,
    _may_act_for,
    _no_such_row,
    _refused,
    _waiting,
)
from games.seasons.errors import SeasonError
from games.seasons.models import Challenge, Ladder
from rules_engine.registry import DEFAULT_GAME


class LadderSerializer(serializers.ModelSerializer):
    class Meta:
        model = Ladder
        fields = ["id", "name", "game_type", "reach", "challenge_days", "deadline_rule", "inactive_days",
                  "inactive_drop", "language", "created_at"]
        read_only_fields = ["id", "created_at"]
        extra_kwargs = {"game_type": {"default": DEFAULT_GAME}}


class RungSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.CharField()
    last_active = serializers.DateTimeField()


class ChallengeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    challenger = serializers.CharField()
    defender = serializers.CharField()
    deadline = serializers.DateTimeField()
    status = serializers.CharField(help_text="open, won, lost, forfeit or expired")
    game = serializers.IntegerField(allow_null=True, help_text="The recorded game that decided it.")
    confirmation = serializers.CharField(help_text="\"\" (no result waiting), pending (entered by one player, waiting "
                                                   "for the other) or disputed (the organiser decides).")
    entered_result = serializers.CharField(help_text="The waiting result's code; \"\" none.")
    entered_by = serializers.CharField(allow_null=True, help_text="The player who entered the waiting result.")
    dispute_reason = serializers.CharField(help_text="The other player's reason when they disputed it; \"\" none.")


class LadderStateSerializer(serializers.Serializer):
    ladder = LadderSerializer()
    rungs = RungSerializer(many=True)
    challenges = ChallengeSerializer(many=True)


def challenge_data(c: Challenge) -> dict:
    return {"id": c.pk, "challenger": c.challenger.name, "defender": c.defender.name, "deadline": c.deadline,
            "status": c.status, "game": c.game_id, **_waiting(c)}


def ladder_state(ladder_: Ladder) -> dict:
    rungs = ladder_.rungs.select_related("player").order_by("place")
    challenges = ladder_.challenges.select_related("challenger", "defender", "entered_by").order_by("-id")[:100]
    return {"ladder": LadderSerializer(ladder_).data,
            "rungs": [{"place": r.place, "player": r.player.name, "last_active": r.last_active} for r in rungs],
            "challenges": [challenge_data(c) for c in challenges]}


class LadderList(AdminView):
    @extend_schema(summary="Ladders, newest first", responses={200: LadderSerializer(many=True)})
    def get(self, request):
        return Response(LadderSerializer(Ladder.objects.all()[:200], many=True).data)

    @extend_schema(summary="Make a ladder (club admins)", request=LadderSerializer,
                   responses={201: LadderSerializer, 400: REFUSED})
    def post(self, request):
        body = LadderSerializer(data=request.data)
        if not body.is_valid():
            return _invalid(body)
        try:
            made = ladder_service.create_ladder(user=request.user, **body.validated_data)
        except SeasonError as exc:
            return _refused(str(exc))
        return Response(LadderSerializer(made).data, status=status.HTTP_201_CREATED)


class LadderDetail(APIView):
    @extend_schema(summary="A ladder: its order and challenges", responses={200: LadderStateSerializer,
                                                                          404: NOT_FOUND})
    def get(self, request, pk: int):
        return Response(LadderStateSerializer(ladder_state(get_object_or_404(Ladder, pk=pk))).data)


class LadderPlayers(MemberView):
    @extend_schema(summary="Join a ladder at the bottom (the player themselves, or a club admin)",
                   request=PlayerNameSerializer, responses={201: LadderStateSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int):
        ladder_ = get_object_or_404(Ladder, pk=pk)
        body = PlayerNameSerializer(data=request.data)
        if not body.is_valid():
            return _invalid(body)
        if not _may_act_for(request, body.validated_data["player"]):
            raise PermissionDenied(_("A player joins for themselves; a club admin for anyone."))
        try:
            ladder_service.join(ladder_, body.validated_data["player"])
        except SeasonError as exc:
            return _refused(str(exc))
        return Response(LadderStateSerializer(ladder_state(ladder_)).data, status=status.HTTP_201_CREATED)


class ChallengeNewSerializer(serializers.Serializer):
    challenger = serializers.CharField(max_length=60)
    defender = serializers.CharField(max_length=60, help_text="A player at most the ladder's reach places above.")
    deadline = serializers.DateTimeField(required=False, help_text="Default: the ladder's days to play from now.")


class LadderChallenges(MemberView):
    @extend_schema(summary="Challenge a player above (the challenger themselves, or a club admin)",
                   request=ChallengeNewSerializer, responses={201: ChallengeSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int):
        ladder_ = get_object_or_404(Ladder, pk=pk)
        body = ChallengeNewSerializer(data=request.data)
        if not body.is_valid():
            return _invalid(body)
        data = body.validated_data
        if not _may_act_for(request, data["challenger"]):
            raise PermissionDenied(_("A player challenges for themselves; a club admin for anyone."))
        try:
            made = ladder_service.challenge(ladder_, data["challenger"], data["defender"],
                                            deadline=data.get("deadline"))
        except SeasonError as exc:
            return _refused(str(exc))
        return Response(ChallengeSerializer(challenge_data(made)).data, status=status.HTTP_201_CREATED)


def _challenge(pk: int, challenge: int) -> Challenge:
    _no_such_row(pk, challenge)
    return get_object_or_404(Challenge.objects.select_related("challenger", "defender"), ladder_id=pk, pk=challenge)


def _challenge_answer(request, pk: int, challenge: int, agree: bool) -> Response:
    found = _challenge(pk, challenge)
    refusal = _answer(request, found, found.challenger, found.defender, agree)
    if refusal is not None:
        return refusal
    found.refresh_from_db()
    return Response(ChallengeSerializer(challenge_data(found)).data)


class ChallengeResult(MemberView):
    @extend_schema(summary="A challenge's result: a club admin sets it (counts at once); either player enters it "
                           "(waits for the other's confirmation)", request=ResultSerializer,
                   responses={200: ChallengeSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int, challenge: int):
        found = _challenge(pk, challenge)
        refusal = _enter(request, found, found.challenger, found.defender)
        if refusal is not None:
            return refusal
        found.refresh_from_db()
        return Response(ChallengeSerializer(challenge_data(found)).data)


class ChallengeResultConfirm(MemberView):
    @extend_schema(summary="Confirm the result the other player entered: it counts (the other player only)",
                   request=None, responses={200: ChallengeSerializer, 400: REFUSED, 403: None, 404: NOT_FOUND})
    def post(self, request, pk: int, challenge: int):
        return _challenge_answer(request, pk, challenge, True)


class ChallengeResultDispute(MemberView):
    @extend_schema(summary="Dispute the result the other player entered: the organiser sets it (the other player "
                           "only)", request=DISPUTE_BODY,
                   responses={200: ChallengeSerializer, 400: REFUSED, 403: None, 404: NOT_FOUND})
    def post(self, request, pk: int, challenge: int):
        return _challenge_answer(request, pk, challenge, False)


class LadderRefresh(AdminView):
    @extend_schema(summary="Decide challenges past their deadline and drop idle players (club admins)",
                   request=None, responses={200: LadderStateSerializer, 404: NOT_FOUND})
    def post(self, request, pk: int):
        ladder_ = get_object_or_404(Ladder, pk=pk)
        ladder_service.refresh(ladder_)
        return Response(LadderStateSerializer(ladder_state(ladder_)).data)


# Leagues -----------------------------------------------------------------------------------
