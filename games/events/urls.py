"""Event pages (under /events/)."""

from django.urls import path

from games.events import apart_views, exports, prep_views, screen, views

app_name = "events"
urlpatterns = [
    path("", views.event_list, name="list"),
    path("new", views.event_create, name="create"),
    path("<int:pk>/", views.event_detail, name="detail"),
    path("<int:pk>/register", views.register, name="register"),
    path("<int:pk>/players/<int:reg>/check-in", views.check_in, name="check-in"),
    path("<int:pk>/players/<int:reg>/withdraw", views.withdraw, name="withdraw"),
    path("<int:pk>/rounds/start", views.start_round, name="start-round"),
    path("<int:pk>/finish", views.finish, name="finish"),
    path("<int:pk>/rounds/<int:number>/slips", views.round_slips, name="slips"),
    path("<int:pk>/byes", views.request_bye, name="request-bye"),
    path("<int:pk>/byes/<int:bye>/cancel", views.cancel_bye, name="cancel-bye"),
    path("<int:pk>/apart", apart_views.prohibit_pair, name="prohibit"),
    path("<int:pk>/apart/<int:pair>/allow", apart_views.allow_pair, name="allow-pair"),
    path("<int:pk>/tables/<int:table>/live", views.record_live, name="live"),
    path("<int:pk>/tables/<int:table>/link", views.link_game, name="link"),
    path("<int:pk>/tables/<int:table>/fix", views.fix_result, name="fix"),
    path("<int:pk>/tables/<int:table>/prep", prep_views.table_prep, name="prep"),
    path("<int:pk>/screen", screen.screen, name="screen"),
    path("<int:pk>/screen/live", screen.screen_live, name="screen-live"),
    path("<int:pk>/crosstable.csv", exports.crosstable_csv, name="crosstable"),
    path("<int:pk>/event.trf", exports.trf_file, name="trf"),
]
