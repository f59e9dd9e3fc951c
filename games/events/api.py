"""Events in the REST API (read-only): GET /api/v1/events, /api/v1/events/<id>,
/api/v1/events/<id>/rounds (each round's tables, seats, points and games) and
/api/v1/events/<id>/standings."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views.common import NOT_FOUND, PAGE_NOT_FOUND, Pages
from games.events.models import Event
from games.events.presenting import round_views
from games.events.results import history_of, rounds_of, standings


class EventSerializer(serializers.ModelSerializer):
    # Plain strings: an enum here would clash with the games' "status" enum in the schema.
    status = serializers.CharField(read_only=True, help_text="registration, running or finished")

    class Meta:
        model = Event
        fields = ["id", "name", "game_type", "kind", "rounds", "scoring", "place_points", "bye_points",
                  "tiebreaks", "pairing_edition", "seed", "language", "status", "created_at"]


class EventSeatSerializer(serializers.Serializer):
    player = serializers.CharField()
    points = serializers.FloatField(allow_null=True, help_text="Event points from this table (null: no result yet).")
    score = serializers.IntegerField(allow_null=True, help_text="The game's score, when the game is finished.")


class EventTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    bye = serializers.BooleanField()
    game = serializers.IntegerField(allow_null=True, help_text="The club-history game played at this table.")
    live = serializers.BooleanField(help_text="The game is being recorded move by move now.")
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
        data = [
            {"number": r.number, "complete": r.done, "tables": [
                {"table": t.number, "bye": t.bye, "game": t.game_id, "live": t.live,
                 "seats": [{"player": s.name, "points": s.points, "score": s.score} for s in t.seats]}
                for t in r.tables]}
            for r in round_views(event, rounds_of(event))
        ]
        return Response(EventRoundSerializer(data, many=True).data)


class EventStandings(APIView):
    @extend_schema(summary="An event's standings with its tie-breaks",
                   responses={200: EventStandingSerializer(many=True), 404: NOT_FOUND})
    def get(self, request, pk: int):
        event = get_object_or_404(Event, pk=pk)
        rows = standings(event, history_of(event))
        data = [{"rank": r.standing.rank, "player": r.name, "points": r.standing.points, "games": r.standing.games,
                 "withdrawn": r.withdrawn, "tiebreaks": r.standing.tiebreaks} for r in rows]
        return Response(EventStandingSerializer(data, many=True).data)
