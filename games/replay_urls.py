"""Replay viewer and live-entry pages (under /games/)."""

from django.urls import path

from games.replay import live_views, views

urlpatterns = [
    path("<int:pk>/replay", views.replay, name="replay"),
    path("new", live_views.new_game, name="game-new"),
    path("<int:pk>/play", live_views.play, name="play"),
    path("<int:pk>/play/undo", live_views.undo, name="play-undo"),
]
