"""Season, ladder and league pages (under /seasons/)."""

from django.urls import path

from games.seasons import result_views, views

app_name = "seasons"
urlpatterns = [
    path("", views.index, name="index"),
    path("<int:pk>/", views.season, name="season"),
    path("<int:pk>/screen", views.season_screen, name="screen"),
    path("<int:pk>/screen/live", views.season_screen_live, name="screen-live"),
    path("ladders/<int:pk>/", views.ladder, name="ladder"),
    path("leagues/<int:pk>/", views.league, name="league"),
    path("ladders/<int:pk>/challenges/<int:challenge>/result", result_views.enter_result, name="challenge-result"),
    path("ladders/<int:pk>/challenges/<int:challenge>/confirm", result_views.confirm_result,
         name="challenge-confirm"),
    path("ladders/<int:pk>/challenges/<int:challenge>/dispute", result_views.dispute_result,
         name="challenge-dispute"),
    path("leagues/<int:pk>/games/<int:game>/result", result_views.enter_result, name="game-result"),
    path("leagues/<int:pk>/games/<int:game>/confirm", result_views.confirm_result, name="game-confirm"),
    path("leagues/<int:pk>/games/<int:game>/dispute", result_views.dispute_result, name="game-dispute"),
    path("disputes", result_views.disputes, name="disputes"),
    path("calendar", views.calendar_page, name="calendar"),
    path("calendar/<str:secret>.ics", views.calendar_feed, name="calendar-feed"),
]
