"""Pages of the score calculator (under /score/): /score/<game> for every game whose web
adapter has a calculator (/score/duel, /score/classic, a plugin's); /score/ is the default game's."""

from django.urls import path

from games.ui import views

app_name = "scoring"
urlpatterns = [
    path("", views.calculator, name="index"),
    path("<slug:game_id>", views.calculator, name="calculator"),
]
