"""Club-history pages (under /games/)."""

from django.urls import path

from games import boarddata_views, explorer_views, player_views, prep_views, views

app_name = "games"
urlpatterns = [
    path("", views.game_list, name="list"),
    path("<int:pk>/", views.game_detail, name="detail"),
    path("<int:pk>/export", views.game_export, name="export"),
    path("<int:pk>/bgstats.json", views.game_bgstats, name="bgstats"),
    path("<int:pk>/share.svg", views.game_share_svg, name="share-svg"),
    path("players/<int:pk>/bgstats.json", views.player_bgstats, name="player-bgstats"),
    path("<int:pk>/delete", views.game_delete, name="delete"),
    path("<int:pk>/abandon", views.game_abandon, name="abandon"),
    path("<int:pk>/details", views.game_details, name="details"),
    path("players/<int:pk>/", player_views.player_detail, name="player"),
    path("players/<int:pk>/vs/<int:other>", player_views.head_to_head, name="head-to-head"),
    path("players/<int:pk>/prep", prep_views.player_prep, name="player-prep"),
    path("players/<int:pk>/delete", player_views.player_delete, name="player-delete"),
    path("players/<int:pk>/merge", player_views.player_merge, name="player-merge"),
    path("standings", views.standings, name="standings"),
    path("ratings-check", views.rating_check, name="ratings-check"),
    path("explorer", explorer_views.explorer_page, name="explorer"),
    path("board-data/<slug:game>/", boarddata_views.board_data_page, name="board-data"),
    path("board-data/<slug:game>/export.json", boarddata_views.board_data_export, name="board-data-export"),
    path("save-score", views.save_score, name="save-score"),
    path("import", views.import_records, name="import"),
    path("imports/<uuid:pk>", views.import_job, name="import-job"),
    path("export.ndjson", views.export_ndjson, name="export-ndjson"),
    path("results.csv", views.results_csv, name="results-csv"),
]
