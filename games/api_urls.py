"""Club-history REST API (under /api/v1/; the scoring app shares the prefix)."""

from django.urls import path

from games.api.views import explorer, games, imports, players, prep, results

app_name = "games-api"
urlpatterns = [
    path("games", games.GameListCreate.as_view(), name="game-list"),
    path("games/<int:pk>", games.GameDetail.as_view(), name="game-detail"),
    path("games/<int:pk>/record", games.GameRecord.as_view(), name="game-record"),
    path("imports", imports.ImportList.as_view(), name="import-list"),
    path("imports/<uuid:pk>", imports.ImportDetail.as_view(), name="import-detail"),
    path("players", players.PlayerList.as_view(), name="player-list"),
    path("players/<int:pk>", players.PlayerDetail.as_view(), name="player-detail"),
    path("players/<int:pk>/prep", prep.PlayerPrep.as_view(), name="player-prep"),
    path("players/<int:pk>/merge", players.PlayerMerge.as_view(), name="player-merge"),
    path("results", results.ResultList.as_view(), name="result-list"),
    path("standings", results.Standings.as_view(), name="standings"),
    path("ratings-check", results.RatingsCheck.as_view(), name="ratings-check"),
    path("win-calibration", results.WinCalibration.as_view(), name="win-calibration"),
    path("explorer", explorer.Explorer.as_view(), name="explorer"),
]
