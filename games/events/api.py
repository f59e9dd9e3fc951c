"""Events in the REST API: GET /api/v1/events, /api/v1/events/<id>, /api/v1/events/<id>/rounds
(each round's tables, seats, points, games and how the points came about) and
/api/v1/events/<id>/standings; a club admin's POST of a table's result
(/api/v1/events/<id>/rounds/<n>/tables/<t>/result) and a player's of a bye for a coming round
(/api/v1/events/<id>/byes); a club admin's pairs kept apart in a Swiss
(/api/v1/events/<id>/prohibited-pairs, games/events/prohibited.py). A refused change answers
400 with the reason in ``error``."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import generics, permissions, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views.common import NOT_FOUND, PAGE_NOT_FOUND, HistoryAPIView, Pages
from games.events import byes, lifecycle, prohibited, result_entry
from games.events.models import ByeRequest, Event, Pairing, ProhibitedPair, Registration
from games.events.presenting import TableView, round_views
from games.events.results import history_of, rounds_of, standings
from games.membership.access import IsMemberOrReadOnly
from games.membership.roles import is_club_admin
from games.models import name_key


class EventSerializer(serializers.ModelSerializer):
    # Plain strings: an enum here would clash with the games' "status" enum in the schema.
    status = serializers.CharField(read_only=True, help_text="registration, running or finished")

    class Meta:
        model = Event
        fields = ["id", "name", "game_type", "kind", "rounds", "scoring", "place_points", "bye_points",
                  "tiebreaks", "pairing_edition", "requested_byes", "seed", "language", "status", "created_at"]


class EventSeatSerializer(serializers.Serializer):
    player = serializers.CharField()
    points = serializers.FloatField(allow_null=True, help_text="Event points from this table (null: no result yet).")
    score = serializers.IntegerField(allow_null=True, help_text="The game's score, when the game is finished.")


class EventTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    bye = serializers.BooleanField()
    game = serializers.IntegerField(allow_null=True, help_text="The club-history game played at this table.")
    live = serializers.BooleanField(help_text="The game is being recorded move by move now.")
    kind = serializers.CharField(help_text="How the points came about: played, forfeit (a double forfeit: 0 and 0), "
                                           "pab (the pairing-allocated bye), half-bye or zero-bye (asked for).")
    result = serializers.CharField(help_text="The result a club admin set, by its code (1-0, 0-1, =, +-, -+, --); "
                                             "\"\" for none (the game's).")
    seats = EventSeatSerializer(many=True)


class EventRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    complete = serializers.BooleanField()
    tables = EventTableSerializer(many=True)


class EventStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.FloatField()
    games = serializers.IntegerField()
    withdrawn = serializers.BooleanField()
    tiebreaks = serializers.DictField(child=serializers.FloatField(allow_null=True))


class EventList(generics.ListAPIView):
    serializer_class = EventSerializer
    pagination_class = Pages
    queryset = Event.objects.all()

    @extend_schema(summary="Club events, newest first",
                   responses={200: EventSerializer(many=True), 404: PAGE_NOT_FOUND})
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class EventDetail(generics.RetrieveAPIView):
    serializer_class = EventSerializer
    queryset = Event.objects.all()

    @extend_schema(summary="One club event", responses={200: EventSerializer, 404: NOT_FOUND})
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class EventRounds(APIView):
    @extend_schema(summary="An event's rounds with their tables (pairings)",
                   responses={200: EventRoundSerializer(many=True), 404: NOT_FOUND})
    def get(self, request, pk: int):
        event = get_object_or_404(Event, pk=pk)
        data = [{"number": r.number, "complete": r.done, "tables": [_table(t) for t in r.tables]}
                for r in round_views(event, rounds_of(event))]
        return Response(EventRoundSerializer(data, many=True).data)


def _table(t: TableView) -> dict:
    return {"table": t.number, "bye": t.bye, "game": t.game_id, "live": t.live, "kind": t.kind,
            "result": t.result_code, "seats": [{"player": s.name, "points": s.points, "score": s.score}
                                               for s in t.seats]}


REFUSED = OpenApiResponse(inline_serializer("EventRefusal", {"error": serializers.CharField()}),
                          description="Refused, the reason in `error` (in the caller's language).")


class IsClubAdmin(permissions.BasePermission):
    message = gettext_lazy("Only a club admin may run events.")

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated and is_club_admin(request.user))


class EventResultSerializer(serializers.Serializer):
    result = serializers.CharField(
        required=False, allow_blank=True, max_length=10,
        help_text="A two-seat table: 1-0 or 0-1 (a game won), = (a shared place, for a game that has one), "
                  "+- or -+ (a forfeit won by seat 1 or 2), -- (a double forfeit); \"\" clears it.")
    places = serializers.ListField(
        child=serializers.IntegerField(), required=False, allow_null=True, max_length=8,
        help_text="A larger table: each seat's place in seat order (1 = first; shared places allowed where the "
                  "game has them); null clears it.")


class EventResult(HistoryAPIView, APIView):
    permission_classes = (IsClubAdmin,)

    @extend_schema(summary="Set a table's result (club admins)", request=EventResultSerializer,
                   responses={200: EventTableSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int, number: int, table: int):
        pairing = get_object_or_404(Pairing.objects.select_related("round__event"), round__event_id=pk,
                                    round__number=number, table=table)
        body = EventResultSerializer(data=request.data)
        if not body.is_valid() or ("result" in body.validated_data) == ("places" in body.validated_data):
            return Response({"error": _("give either result (e.g. 1-0, +-, --) or places (e.g. [2, 1])")},
                            status=status.HTTP_400_BAD_REQUEST)
        try:
            result_entry.set_result(pairing, body.validated_data.get("result"), body.validated_data.get("places"))
        except lifecycle.EventError as exc:
            return Response({"error": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        event = pairing.round.event
        (view,) = round_views(event, [r for r in rounds_of(event) if r.pk == pairing.round_id])
        return Response(EventTableSerializer(_table(next(t for t in view.tables if t.pairing.pk == pairing.pk))).data)


class EventByeSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=60, help_text="The registered player's name.")
    round = serializers.IntegerField(min_value=1, max_value=30, help_text="A round not started yet.")
    kind = serializers.ChoiceField(choices=ByeRequest.Kind.choices, help_text="half-bye or zero-bye.")


class EventByes(HistoryAPIView, APIView):
    # Members (a guest reads, never asks), before the body is read: a guest is refused as such.
    permission_classes = (IsMemberOrReadOnly,)

    @extend_schema(summary="Ask for a bye in a coming round (the player themselves, or a club admin)",
                   request=EventByeSerializer, responses={201: EventByeSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int):
        event = get_object_or_404(Event, pk=pk)
        body = EventByeSerializer(data=request.data)
        if not body.is_valid():
            return Response({"error": _("give the player, the round and the bye (half-bye or zero-bye)")},
                            status=status.HTTP_400_BAD_REQUEST)
        data = body.validated_data
        registration = Registration.objects.select_related("player").filter(
            event=event, player__name_key=name_key(data["player"])).first()
        if registration is None:
            return Response({"error": _("%(player)s is not registered for the event") % {"player": data["player"]}},
                            status=status.HTTP_400_BAD_REQUEST)
        if not (is_club_admin(request.user) or registration.player.user_id == request.user.pk):
            raise PermissionDenied(_("A player asks for their own bye; a club admin for anyone."))
        try:
            byes.request_bye(registration, data["round"], data["kind"], request.user)
        except lifecycle.EventError as exc:
            return Response({"error": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response({"player": registration.player.name, "round": data["round"], "kind": data["kind"]},
                        status=status.HTTP_201_CREATED)


class EventProhibitedPairSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    players = serializers.ListField(
        child=serializers.CharField(max_length=60), min_length=2, max_length=2,
        help_text="The two registered players' names (in either order: the same pair).")


def _pair_data(pair: ProhibitedPair) -> dict:
    return {"id": pair.pk, "players": [pair.player_a.name, pair.player_b.name]}


class EventProhibitedPairs(HistoryAPIView, APIView):
    """A Swiss's pairs kept apart: the pairing never seats the two together (C.04.3 as in force
    from 1 February 2026 lets the arbiter forbid pairs)."""

    permission_classes = (IsClubAdmin,)

    @extend_schema(summary="The pairs a Swiss keeps apart (club admins)",
                   responses={200: EventProhibitedPairSerializer(many=True), 404: NOT_FOUND})
    def get(self, request, pk: int):
        event = get_object_or_404(Event, pk=pk)
        return Response([_pair_data(p) for p in prohibited.pairs_of(event)])

    @extend_schema(summary="Keep two registered players apart in a Swiss (club admins)",
                   request=EventProhibitedPairSerializer,
                   responses={201: EventProhibitedPairSerializer, 400: REFUSED, 404: NOT_FOUND})
    def post(self, request, pk: int):
        event = get_object_or_404(Event, pk=pk)
        body = EventProhibitedPairSerializer(data=request.data)
        if not body.is_valid():
            return Response({"error": _("give the two players' names")}, status=status.HTTP_400_BAD_REQUEST)
        players = []
        for name in body.validated_data["players"]:
            registration = Registration.objects.filter(event=event, player__name_key=name_key(name)).first()
            if registration is None:
                return Response({"error": _("%(player)s is not registered for the event") % {"player": name}},
                                status=status.HTTP_400_BAD_REQUEST)
            players.append(registration.player_id)
        try:
            pair = prohibited.prohibit(event, players[0], players[1], request.user)
        except lifecycle.EventError as exc:
            return Response({"error": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        pair = ProhibitedPair.objects.select_related("player_a", "player_b").get(pk=pair.pk)
        return Response(_pair_data(pair), status=status.HTTP_201_CREATED)


class EventProhibitedPairDetail(HistoryAPIView, APIView):
    permission_classes = (IsClubAdmin,)

    @extend_schema(summary="Let a pair kept apart meet again (club admins)",
                   responses={204: None, 400: REFUSED, 404: NOT_FOUND})
    def delete(self, request, pk: int, pair: int):
        row = get_object_or_404(ProhibitedPair, pk=pair, event_id=pk)
        try:
            prohibited.allow(row)
        except lifecycle.EventError as exc:
            return Response({"error": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EventStandings(APIView):
    @extend_schema(summary="An event's standings with its tie-breaks",
                   responses={200: EventStandingSerializer(many=True), 404: NOT_FOUND})
    def get(self, request, pk: int):
        event = get_object_or_404(Event, pk=pk)
        rows = standings(event, history_of(event))
        data = [{"rank": r.standing.rank, "player": r.name, "points": r.standing.points, "games": r.standing.games,
                 "withdrawn": r.withdrawn, "tiebreaks": r.standing.tiebreaks} for r in rows]
        return Response(EventStandingSerializer(data, many=True).data)
