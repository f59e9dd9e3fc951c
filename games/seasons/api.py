"""Seasons, ladders and leagues in the REST API (under /api/v1/; docs/seasons.md). Reads are
open; club admins make and run them; a player challenges for themselves and enters the result of
their own challenge or league game (a club admin for anyone). A refused change answers 400 with
the reason in ``error``, naming the field."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views.common import NOT_FOUND, HistoryAPIView
from games.events.models import Event
from games.membership.access import IsMemberOrReadOnly
from games.membership.roles import is_club_admin
from games.models import LARGEST_ID, Game, Player
from games.seasons import divisions as league_rules
from games.seasons import ladder_service, league_service, results, season_service
from games.seasons import standings as season_rules
from games.seasons.errors import SeasonError
from games.seasons.models import Challenge, Ladder, League, LeagueGame, Season
from rules_engine.registry import DEFAULT_GAME

REFUSED = OpenApiResponse(
    inline_serializer("SeasonRefusal", {"error": serializers.CharField(required=False),
                                        "detail": serializers.CharField(required=False)}),
    description="Refused, the reason in `error` (in the caller's language), naming the field; a body that is "
                "not JSON at all is refused with the reason in `detail`, as everywhere in the API.")


class IsClubAdminOrReadOnly(permissions.BasePermission):
    message = gettext_lazy("Only a club admin may run seasons, ladders and leagues.")

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated and is_club_admin(request.user))


class AdminView(HistoryAPIView, APIView):
    permission_classes = (IsClubAdminOrReadOnly,)


class MemberView(HistoryAPIView, APIView):
    permission_classes = (IsMemberOrReadOnly,)


def _refused(message: str) -> Response:
    return Response({"error": message}, status=status.HTTP_400_BAD_REQUEST)


def _invalid(body: serializers.Serializer) -> Response:
    field, problems = next(iter(body.errors.items()))
    return _refused(f"{field}: {' '.join(str(p) for p in problems) if isinstance(problems, list) else problems}")


# Seasons -----------------------------------------------------------------------------------


class SeasonSerializer(serializers.ModelSerializer):
    events = serializers.SerializerMethodField()

    class Meta:
        model = Season
        fields = ["id", "name", "game_type", "best_of", "scale", "place_scale", "tiebreaks", "language", "events",
                  "created_at"]
        read_only_fields = ["id", "events", "created_at"]

    def get_events(self, season: Season) -> list[int]:
        return list(season.season_events.values_list("event_id", flat=True))


class SeasonNewSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    game_type = serializers.CharField(max_length=40)
    best_of = serializers.IntegerField(min_value=1, max_value=100, default=4,
                                       help_text="How many of each player's best event results count (N of M).")
    scale = serializers.ChoiceField(choices=season_rules.SCALES, default=season_rules.PLACES,
                                    help_text="places (points by final place) or event_points (the event's own).")
    place_scale = serializers.ListField(child=serializers.FloatField(min_value=0), required=False, max_length=64,
                                        help_text="Points for 1st, 2nd, … (default 10 8 6 5 4 3 2 1).")
    tiebreaks = serializers.ListField(child=serializers.CharField(max_length=20), required=False, max_length=3,
                                      help_text="Some of wins, countback, all_results, in order.")
    language = serializers.CharField(max_length=10, default="en")


class SeasonStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.FloatField(help_text="The best N results' season points.")
    counted = serializers.ListField(child=serializers.DictField(), help_text="[{event, points}] counted.")
    dropped = serializers.ListField(child=serializers.DictField(), help_text="[{event, points}] not counted.")
    tiebreaks = serializers.DictField()


class SeasonList(AdminView):
    @extend_schema(summary="Seasons, newest first", responses={200: SeasonSerializer(many=True)})
    def get(self, request):
        return Response(SeasonSerializer(Season.objects.all()[:200], many=True).data)

    @extend_schema(summary="Make a season (club admins)", request=SeasonNewSerializer,
                   responses={201: SeasonSerializer, 400: REFUSED})
    def post(self, request):
        body = SeasonNewSerializer(data=request.data)
        if not body.is_valid():
            return _invalid(body)
        try:
            season = season_service.create_season(user=request.user, **body.validated_data)
        except SeasonError as exc:
            return _refused(str(exc))
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


class SeasonDetail(APIView):
    @extend_schema(summary="One season", responses={200: SeasonSerializer, 404: NOT_FOUND})
    def get(self, request, pk: int):
        return Response(SeasonSerializer(get_object_or_404(Season, pk=pk)).data)


class SeasonEventSerializer(serializers.Serializer):
    event = serializers.IntegerField(help_text="The event's id.")


class SeasonEvents(AdminView):
    @extend_schema(summary="Add an event to a season (club admins)", request=SeasonEventSerializer,
                   responses={201: SeasonSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int):
        season = get_object_or_404(Season, pk=pk)
        body = SeasonEventSerializer(data=request.data)
        if not body.is_valid():
            return _invalid(body)
        event = Event.objects.filter(pk=body.validated_data["event"]).first()
        if event is None:
            return _refused(_("event: there is no event %(event)s") % {"event": body.validated_data["event"]})
        try:
            season_service.add_event(season, event)
        except SeasonError as exc:
            return _refused(str(exc))
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


def season_rows(season: Season) -> list[dict]:
    return [{"rank": line.row.rank, "player": line.name, "points": line.row.points,
             "counted": [{"event": e, "points": p} for e, p in line.row.counted],
             "dropped": [{"event": e, "points": p} for e, p in line.row.dropped],
             "tiebreaks": {k: list(v) if isinstance(v, tuple) else v for k, v in line.row.tiebreaks.items()}}
            for line in season_service.season_table(season)]


class SeasonStandings(APIView):
    @extend_schema(summary="A season's standings (best N of M, tie-breaks)",
                   responses={200: SeasonStandingSerializer(many=True), 404: NOT_FOUND})
    def get(self, request, pk: int):
        return Response(SeasonStandingSerializer(season_rows(get_object_or_404(Season, pk=pk)), many=True).data)


# Ladders -----------------------------------------------------------------------------------


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


class LadderStateSerializer(serializers.Serializer):
    ladder = LadderSerializer()
    rungs = RungSerializer(many=True)
    challenges = ChallengeSerializer(many=True)


def challenge_data(c: Challenge) -> dict:
    return {"id": c.pk, "challenger": c.challenger.name, "defender": c.defender.name, "deadline": c.deadline,
            "status": c.status, "game": c.game_id, **_waiting(c)}


def _waiting(target: Challenge | LeagueGame) -> dict:
    return {"confirmation": target.confirmation, "entered_result": target.entered_result,
            "entered_by": _name(target.entered_by)}


def _name(player: Player | None) -> str | None:
    return player.name if player is not None else None


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


class PlayerNameSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=60, help_text="The player's name.")


def _may_act_for(request, name: str) -> bool:
    """A club admin acts for anyone; a member for the player linked to their account."""
    from games.models import name_key

    return is_club_admin(request.user) or Player.objects.filter(name_key=name_key(name),
                                                                user_id=request.user.pk).exists()


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


class ResultSerializer(serializers.Serializer):
    result = serializers.CharField(required=False, max_length=3,
                                   help_text="First seat's result then second's: 1-0, 0-1 (a league game also =, "
                                             "+-, -+, --). A challenge's first seat is the challenger.")
    game = serializers.IntegerField(required=False, help_text="A finished recorded game of the two players: its "
                                                              "result counts and it is linked.")


def _player_of(request, first: Player, second: Player) -> Player | None:
    """The one of the two players linked to the caller's account (`Player.user`), if any."""
    return next((p for p in (first, second) if p.user_id is not None and p.user_id == request.user.pk), None)


def _enter(request, target, first: Player, second: Player) -> Response | None:
    """A club admin sets the result (it counts at once); a player enters it for the other to confirm."""
    body = ResultSerializer(data=request.data)
    if not body.is_valid():
        return _invalid(body)
    data = body.validated_data
    if ("result" in data) == ("game" in data):
        return _refused(_("result: give either result (e.g. 1-0) or game (a recorded game's id)"))
    organiser = is_club_admin(request.user)
    player = None if organiser else _player_of(request, first, second)
    if not organiser and player is None:
        raise PermissionDenied(_("A player enters the result of their own game; a club admin any."))
    game = None
    if "game" in data:
        game = Game.objects.filter(pk=data["game"]).first()
        if game is None:
            return _refused(_("game: there is no game %(game)s") % {"game": data["game"]})
    try:
        results.enter(target, data.get("result", ""), game=game, by=player)
    except SeasonError as exc:
        return _refused(str(exc))
    return None


def _answer(request, target, first: Player, second: Player, agree: bool) -> Response | None:
    """The other player confirms or disputes a waiting result; a club admin (the organiser) who
    does not play the game may accept the entered result, or set another through `_enter`."""
    player = _player_of(request, first, second)
    if player is None and not is_club_admin(request.user):
        raise PermissionDenied(_("Only the other player of the game confirms or disputes its result."))
    try:
        if agree:
            results.confirm(target, player)
        elif player is None:
            return _refused(_("result: the organiser does not dispute a result but sets it"))
        else:
            results.dispute(target, player)
    except SeasonError as exc:
        return _refused(str(exc))
    return None


def _no_such_row(*ids: int) -> None:
    """An id past the largest a row can have is no row (SQLite cannot even compare with it)."""
    if max(ids) > LARGEST_ID:
        raise Http404


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
                           "only)", request=None,
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
                           "only)", request=None,
                   responses={200: LeagueGameSerializer, 400: REFUSED, 403: None, 404: NOT_FOUND})
    def post(self, request, pk: int, game: int):
        return _league_game_answer(request, pk, game, False)


class DisputesSerializer(serializers.Serializer):
    challenges = serializers.ListField(child=serializers.DictField(),
                                       help_text="[{ladder, challenge, challenger, defender, entered_result, "
                                                 "entered_by}]")
    league_games = serializers.ListField(child=serializers.DictField(),
                                         help_text="[{league, game, round, first, second, entered_result, "
                                                   "entered_by}]")


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
                            "entered_by": _name(c.entered_by)} for c in challenges],
            "league_games": [{"league": g.division.league_id, "game": g.pk, "round": g.round.number,
                              "first": g.first.name, "second": g.second.name, "entered_result": g.entered_result,
                              "entered_by": _name(g.entered_by)}
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



