from django.urls import path

from games.analysis import api, views

urlpatterns = [
    path("api/v1/games/<int:pk>/analysis", api.GameAnalysisView.as_view(), name="api-game-analysis"),
    path("api/v1/games/<int:pk>/hint", api.HintView.as_view(), name="api-game-hint"),
    path("games/<int:pk>/analysis", views.analysis_panel, name="game-analysis"),
]
