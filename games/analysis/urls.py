from django.urls import path

from games.analysis import api, luck_api, luck_views, puzzle_api, puzzle_views, views

urlpatterns = [
    path("api/v1/games/<int:pk>/analysis", api.GameAnalysisView.as_view(), name="api-game-analysis"),
    path("api/v1/games/<int:pk>/luck", luck_api.GameLuckView.as_view(), name="api-game-luck"),
    path("api/v1/games/<int:pk>/hint", api.HintView.as_view(), name="api-game-hint"),
    path("api/v1/games/<int:pk>/branches", api.VariationView.as_view(), name="api-game-branches"),
    path("api/v1/players/<int:pk>/puzzles", puzzle_api.PlayerPuzzles.as_view(), name="api-player-puzzles"),
    path("api/v1/puzzles/<int:pk>", puzzle_api.PuzzleDetail.as_view(), name="api-puzzle"),
    path("api/v1/puzzles/<int:pk>/answer", puzzle_api.PuzzleAnswer.as_view(), name="api-puzzle-answer"),
    path("games/<int:pk>/analysis", views.analysis_panel, name="game-analysis"),
    path("games/<int:pk>/luck", luck_views.luck_panel, name="game-luck"),
    path("puzzles/", puzzle_views.puzzles_page, name="puzzles"),
    path("puzzles/<int:pk>", puzzle_views.puzzle_page, name="puzzle"),
    path("games/<int:pk>/play-on", views.play_on, name="game-play-on"),
]
