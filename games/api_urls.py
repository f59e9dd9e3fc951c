"""Club-history REST API (under /api/v1/; the scoring app shares the prefix)."""

from django.urls import path

from games.api import views

app_name = "games-api"
urlpatterns = [
    path("games", views.GameListCreate.as_view(), name="game-list"),
    path("games/<int:pk>", views.GameDetail.as_view(), name="game-detail"),
    path("games/<int:pk>/record", views.GameRecord.as_view(), name="game-record"),
    path("players", views.PlayerList.as_view(), name="player-list"),
    path("players/<int:pk>", views.PlayerDetail.as_view(), name="player-detail"),
    path("players/<int:pk>/merge", views.PlayerMerge.as_view(), name="player-merge"),
    path("results", views.ResultList.as_view(), name="result-list"),
    path("standings", views.Standings.as_view(), name="standings"),
]
