"""Season, ladder and league pages (under /seasons/)."""

from django.urls import path

from games.seasons import views

app_name = "seasons"
urlpatterns = [
    path("", views.index, name="index"),
    path("<int:pk>/", views.season, name="season"),
    path("<int:pk>/screen", views.season_screen, name="screen"),
    path("<int:pk>/screen/live", views.season_screen_live, name="screen-live"),
    path("ladders/<int:pk>/", views.ladder, name="ladder"),
    path("leagues/<int:pk>/", views.league, name="league"),
    path("calendar", views.calendar_page, name="calendar"),
    path("calendar/<str:secret>.ics", views.calendar_feed, name="calendar-feed"),
]
