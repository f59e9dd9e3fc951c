"""The scoring REST API (under /api/v1/)."""

from django.urls import path

from scoring import api

urlpatterns = [
    path("score", api.ScoreView.as_view(), name="api-score"),
    path("replay", api.ReplayView.as_view(), name="api-replay"),
    path("games-types", api.GameTypesView.as_view(), name="api-games-types"),
]
