"""Pages of the score calculator (under /score/)."""

from django.urls import path

from scoring import views

app_name = "scoring"
urlpatterns = [
    path("duel", views.duel, name="duel"),
    path("classic", views.classic, name="classic"),
]
