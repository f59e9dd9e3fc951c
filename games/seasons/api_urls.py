"""Seasons, ladders and leagues in the REST API (under /api/v1/)."""

from django.urls import path

from games.seasons import api

app_name = "seasons-api"
urlpatterns = [
    path("seasons", api.SeasonList.as_view(), name="season-list"),
    path("seasons/<int:pk>", api.SeasonDetail.as_view(), name="season-detail"),
    path("seasons/<int:pk>/events", api.SeasonEvents.as_view(), name="season-events"),
    path("seasons/<int:pk>/standings", api.SeasonStandings.as_view(), name="season-standings"),
    path("ladders", api.LadderList.as_view(), name="ladder-list"),
    path("ladders/<int:pk>", api.LadderDetail.as_view(), name="ladder-detail"),
    path("ladders/<int:pk>/players", api.LadderPlayers.as_view(), name="ladder-players"),
    path("ladders/<int:pk>/challenges", api.LadderChallenges.as_view(), name="ladder-challenges"),
    path("ladders/<int:pk>/challenges/<int:challenge>/result", api.ChallengeResult.as_view(),
         name="challenge-result"),
    path("ladders/<int:pk>/challenges/<int:challenge>/result/confirm", api.ChallengeResultConfirm.as_view(),
         name="challenge-result-confirm"),
    path("ladders/<int:pk>/challenges/<int:challenge>/result/dispute", api.ChallengeResultDispute.as_view(),
         name="challenge-result-dispute"),
    path("ladders/<int:pk>/refresh", api.LadderRefresh.as_view(), name="ladder-refresh"),
    path("leagues", api.LeagueList.as_view(), name="league-list"),
    path("leagues/<int:pk>", api.LeagueDetail.as_view(), name="league-detail"),
    path("leagues/<int:pk>/games", api.LeagueGames.as_view(), name="league-games"),
    path("leagues/<int:pk>/games/<int:game>/result", api.LeagueGameResult.as_view(), name="league-game-result"),
    path("leagues/<int:pk>/games/<int:game>/result/confirm", api.LeagueGameResultConfirm.as_view(),
         name="league-game-result-confirm"),
    path("leagues/<int:pk>/games/<int:game>/result/dispute", api.LeagueGameResultDispute.as_view(),
         name="league-game-result-dispute"),
    path("disputes", api.Disputes.as_view(), name="disputes"),
    path("leagues/<int:pk>/rounds/<int:number>/close", api.LeagueRoundClose.as_view(), name="league-round-close"),
    path("leagues/<int:pk>/finish", api.LeagueFinish.as_view(), name="league-finish"),
]
