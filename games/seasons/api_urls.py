"""Seasons, ladders and leagues in the REST API (under /api/v1/)."""

from django.urls import path

from games.seasons.api import ladders, leagues, seasons

app_name = "seasons-api"
urlpatterns = [
    path("seasons", seasons.SeasonList.as_view(), name="season-list"),
    path("seasons/<int:pk>", seasons.SeasonDetail.as_view(), name="season-detail"),
    path("seasons/<int:pk>/events", seasons.SeasonEvents.as_view(), name="season-events"),
    path("seasons/<int:pk>/standings", seasons.SeasonStandings.as_view(), name="season-standings"),
    path("ladders", ladders.LadderList.as_view(), name="ladder-list"),
    path("ladders/<int:pk>", ladders.LadderDetail.as_view(), name="ladder-detail"),
    path("ladders/<int:pk>/players", ladders.LadderPlayers.as_view(), name="ladder-players"),
    path("ladders/<int:pk>/challenges", ladders.LadderChallenges.as_view(), name="ladder-challenges"),
    path("ladders/<int:pk>/challenges/<int:challenge>/result", ladders.ChallengeResult.as_view(),
         name="challenge-result"),
    path("ladders/<int:pk>/challenges/<int:challenge>/result/confirm", ladders.ChallengeResultConfirm.as_view(),
         name="challenge-result-confirm"),
    path("ladders/<int:pk>/challenges/<int:challenge>/result/dispute", ladders.ChallengeResultDispute.as_view(),
         name="challenge-result-dispute"),
    path("ladders/<int:pk>/refresh", ladders.LadderRefresh.as_view(), name="ladder-refresh"),
    path("leagues", leagues.LeagueList.as_view(), name="league-list"),
    path("leagues/<int:pk>", leagues.LeagueDetail.as_view(), name="league-detail"),
    path("leagues/<int:pk>/games", leagues.LeagueGames.as_view(), name="league-games"),
    path("leagues/<int:pk>/games/<int:game>/result", leagues.LeagueGameResult.as_view(), name="league-game-result"),
    path("leagues/<int:pk>/games/<int:game>/result/confirm", leagues.LeagueGameResultConfirm.as_view(),
         name="league-game-result-confirm"),
    path("leagues/<int:pk>/games/<int:game>/result/dispute", leagues.LeagueGameResultDispute.as_view(),
         name="league-game-result-dispute"),
    path("disputes", leagues.Disputes.as_view(), name="disputes"),
    path("leagues/<int:pk>/rounds/<int:number>/close", leagues.LeagueRoundClose.as_view(), name="league-round-close"),
    path("leagues/<int:pk>/finish", leagues.LeagueFinish.as_view(), name="league-finish"),
]
