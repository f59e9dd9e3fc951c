"""Live-entry REST API (under /api/v1/): state, legal moves, appending moves."""

from django.urls import path

from games.play import api, bot_api

urlpatterns = [
    path("games/<int:pk>/state", api.GameStateView.as_view(), name="live-state"),
    path("games/<int:pk>/legal-moves", api.LegalMovesView.as_view(), name="live-legal-moves"),
    path("games/<int:pk>/moves", api.AppendMoveView.as_view(), name="live-append-move"),
    path("bot-games", bot_api.BotGamesView.as_view(), name="api-bot-games"),
]
