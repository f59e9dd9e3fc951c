"""Replay viewer and live-entry pages (under /games/)."""

from django.urls import path

from games.play import bot_views
from games.play import views as play_views
from games.replay import embed, views

urlpatterns = [
    path("<int:pk>/replay", views.replay, name="replay"),
    path("<int:pk>/embed", embed.embed, name="embed"),
    path("new", play_views.new_game, name="game-new"),
    path("bot", bot_views.new_game_against_bot, name="bot-new"),
    path("<int:pk>/play-on-bot", bot_views.play_on_bot, name="game-play-on-bot"),
    path("<int:pk>/play", play_views.play, name="play"),
    path("offline-sw.js", play_views.service_worker, name="play-sw"),
    path("<int:pk>/play/undo", play_views.undo, name="play-undo"),
]
