"""Seasons in the API: made and fed events by club admins; their standings open to all."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views.common import NOT_FOUND
from games.events.models import Event
from games.seasons import season_service
from games.seasons import standings as season_rules
from games.seasons.api.common import (
    REFUSED,
    AdminView,
    _invalid,
    _refused,
)
from games.seasons.errors import SeasonError
from games.seasons.models import Season


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
