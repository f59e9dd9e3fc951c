"""Replay viewer and live-entry pages (under /games/)."""

from django.urls import path

from games.replay import views

urlpatterns = [
    path("<int:pk>/replay", views.replay, name="replay"),
]
