"""Leagues of divisions in the API, and the disputes the organiser decides."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views.common import NOT_FOUND, HistoryAPIView
from games.membership.roles import is_club_admin
from games.seasons import divisions as league_rules
from games.seasons import league_service, results
from games.seasons.api.common import (
    DISPUTE_BODY,
    REFUSED,
    AdminView,
    MemberView,
    ResultSerializer,
    _answer,
    _enter,
    _invalid,
    _name,
    _no_such_row,
    _refused,
    _waiting,
)
from games.seasons.errors import SeasonError
from games.seasons.models import League, LeagueGame
from rules_engine.registry import DEFAULT_GAME


class LeagueSerializer(serializers.ModelSerializer):
    # A plain string: an enum here would clash with the games' "status" enum in the schema.
    status = serializers.CharField(read_only=True, help_text="running or finished")

    class Meta:
        model = League
        fields = ["id", "name", "game_type", "promote", "unplayed", "status", "language", "created_at"]


class LeagueNewSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    game_type = serializers.CharField(max_length=40, default=DEFAULT_GAME)
    divisions = serializers.ListField(child=serializers.ListField(child=serializers.CharField(max_length=60),
                                                                 max_length=40), max_length=20,
                                      help_text="Each division's players by seed, the top division first.")
    first_deadline = serializers.DateTimeField(help_text="Round 1's deadline; each next round's is days later.")
    days = serializers.IntegerField(min_value=1, max_value=60, default=7)
    promote = serializers.IntegerField(min_value=0, max_value=20, default=2)
    unplayed = serializers.ChoiceField(choices=league_rules.UNPLAYED_RULES, default=league_rules.DOUBLE_FORFEIT)
    language = serializers.CharField(max_length=10, default="en")


class LeagueGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    division = serializers.IntegerField(help_text="1 is the top division.")
    round = serializers.IntegerField()
    first = serializers.CharField()
    second = serializers.CharField()
    result = serializers.CharField(help_text="The result code as counted; \"\" none yet.")
    game = serializers.IntegerField(allow_null=True)
    confirmation = serializers.CharField(help_text="\"\" (no result waiting), pending (entered by one player, waiting "
                                                   "for the other) or disputed (the organiser decides).")
    entered_result = serializers.CharField(help_text="The waiting result's code; \"\" none.")
    entered_by = serializers.CharField(allow_null=True, help_text="The player who entered the waiting result.")
    dispute_reason = serializers.CharField(help_text="The other player's reason when they disputed it; \"\" none.")


class DivisionRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.FloatField()
    games = serializers.IntegerField()
    tiebreaks = serializers.DictField(child=serializers.FloatField(allow_null=True))
    movement = serializers.CharField(help_text="up, down or \"\" (set when the league finishes).")


class LeagueRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    deadline = serializers.DateTimeField()
    closed = serializers.BooleanField()


class LeagueStateSerializer(serializers.Serializer):
    league = LeagueSerializer()
    rounds = LeagueRoundSerializer(many=True)
    divisions = serializers.ListField(child=DivisionRowSerializer(many=True))


def league_state(league: League) -> dict:
    closed = league_service.closed_rounds(league)
    return {
        "league": LeagueSerializer(league).data,
        "rounds": [{"number": r.number, "deadline": r.deadline, "closed": r.closed}
                   for r in league.league_rounds.order_by("number")],
        "divisions": [[{"rank": line.standing.rank, "player": line.name, "points": line.standing.points,
                        "games": line.standing.games, "tiebreaks": line.standing.tiebreaks,
                        "movement": line.movement} for line in league_service.division_table(d, closed)]
                      for d in league.divisions.order_by("level")],
    }


class LeagueList(AdminView):
    @extend_schema(summary="Leagues, newest first", responses={200: LeagueSerializer(many=True)})
    def get(self, request):
        return Response(LeagueSerializer(League.objects.all()[:200], many=True).data)

    @extend_schema(summary="Make a league of divisions (club admins)", request=LeagueNewSerializer,
                   responses={201: LeagueStateSerializer, 400: REFUSED})
    def post(self, request):
        body = LeagueNewSerializer(data=request.data)
        if not body.is_valid():
            return _invalid(body)
        try:
            made = league_service.create_league(user=request.user, **body.validated_data)
        except SeasonError as exc:
            return _refused(str(exc))
        return Response(LeagueStateSerializer(league_state(made)).data, status=status.HTTP_201_CREATED)


class LeagueDetail(APIView):
    @extend_schema(summary="A league: rounds and each division's standings",
                   responses={200: LeagueStateSerializer, 404: NOT_FOUND})
    def get(self, request, pk: int):
        return Response(LeagueStateSerializer(league_state(get_object_or_404(League, pk=pk))).data)


def league_game_data(g: LeagueGame) -> dict:
    return {"id": g.pk, "division": g.division.level, "round": g.round.number, "first": g.first.name,
            "second": g.second.name, "result": g.result, "game": g.game_id, **_waiting(g)}


class LeagueGames(APIView):
    @extend_schema(summary="A league's games, round by round", responses={200: LeagueGameSerializer(many=True),
                                                                         404: NOT_FOUND})
    def get(self, request, pk: int):
        league = get_object_or_404(League, pk=pk)
        rows = LeagueGame.objects.filter(division__league=league).select_related(
            "division", "round", "first", "second", "entered_by").order_by("round__number", "division__level", "id")
        return Response(LeagueGameSerializer([league_game_data(g) for g in rows], many=True).data)


def _league_game(pk: int, game: int) -> LeagueGame:
    _no_such_row(pk, game)
    return get_object_or_404(LeagueGame.objects.select_related("division", "round", "first", "second", "entered_by"),
                             division__league_id=pk, pk=game)


def _league_game_answer(request, pk: int, game: int, agree: bool) -> Response:
    found = _league_game(pk, game)
    refusal = _answer(request, found, found.first, found.second, agree)
    if refusal is not None:
        return refusal
    found.refresh_from_db()
    return Response(LeagueGameSerializer(league_game_data(found)).data)


class LeagueGameResult(MemberView):
    @extend_schema(summary="A league game's result: a club admin sets it (counts at once); either player enters it "
                           "(waits for the other's confirmation)", request=ResultSerializer,
                   responses={200: LeagueGameSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int, game: int):
        found = _league_game(pk, game)
        refusal = _enter(request, found, found.first, found.second)
        if refusal is not None:
            return refusal
        found.refresh_from_db()
        return Response(LeagueGameSerializer(league_game_data(found)).data)


class LeagueGameResultConfirm(MemberView):
    @extend_schema(summary="Confirm the result the other player entered: it counts (the other player only)",
                   request=None, responses={200: LeagueGameSerializer, 400: REFUSED, 403: None, 404: NOT_FOUND})
    def post(self, request, pk: int, game: int):
        return _league_game_answer(request, pk, game, True)


class LeagueGameResultDispute(MemberView):
    @extend_schema(summary="Dispute the result the other player entered: the organiser sets it (the other player "
                           "only)", request=DISPUTE_BODY,
                   responses={200: LeagueGameSerializer, 400: REFUSED, 403: None, 404: NOT_FOUND})
    def post(self, request, pk: int, game: int):
        return _league_game_answer(request, pk, game, False)


class DisputesSerializer(serializers.Serializer):
    challenges = serializers.ListField(child=serializers.DictField(),
                                       help_text="[{ladder, challenge, challenger, defender, entered_result, "
                                                 "entered_by, dispute_reason}]")
    league_games = serializers.ListField(child=serializers.DictField(),
                                         help_text="[{league, game, round, first, second, entered_result, "
                                                   "entered_by, dispute_reason}]")


class ClubAdminsOnly(permissions.BasePermission):
    message = gettext_lazy("Only a club admin may run seasons, ladders and leagues.")

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated and is_club_admin(request.user))


class Disputes(HistoryAPIView, APIView):
    permission_classes = (ClubAdminsOnly,)

    @extend_schema(summary="Disputed results the organiser sets (club admins): set one by posting its result",
                   responses={200: DisputesSerializer, 403: None})
    def get(self, request):
        challenges, league_games = results.disputed()
        return Response(DisputesSerializer({
            "challenges": [{"ladder": c.ladder_id, "challenge": c.pk, "challenger": c.challenger.name,
                            "defender": c.defender.name, "entered_result": c.entered_result,
                            "entered_by": _name(c.entered_by), "dispute_reason": c.dispute_reason}
                           for c in challenges],
            "league_games": [{"league": g.division.league_id, "game": g.pk, "round": g.round.number,
                              "first": g.first.name, "second": g.second.name, "entered_result": g.entered_result,
                              "entered_by": _name(g.entered_by), "dispute_reason": g.dispute_reason}
                             for g in league_games]}).data)


class LeagueRoundClose(AdminView):
    @extend_schema(summary="Close a round: unplayed games count by the league's rule (club admins)", request=None,
                   responses={200: LeagueStateSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int, number: int):
        found = get_object_or_404(League.objects.all(), pk=pk).league_rounds.filter(number=number).first()
        if found is None:
            return _refused(_("round: the league has no round %(round)s") % {"round": number})
        try:
            league_service.close_round(found)
        except SeasonError as exc:
            return _refused(str(exc))
        return Response(LeagueStateSerializer(league_state(found.league)).data)


class LeagueFinish(AdminView):
    @extend_schema(summary="Finish a league: the top and bottom P of each division move (club admins)",
                   request=None, responses={200: LeagueStateSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int):
        league = get_object_or_404(League, pk=pk)
        try:
            league_service.finish(league)
        except SeasonError as exc:
            return _refused(str(exc))
        return Response(LeagueStateSerializer(league_state(league)).data)
