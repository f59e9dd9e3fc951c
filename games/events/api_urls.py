"""Events in the REST API (under /api/v1/)."""

from django.urls import path

from games.events import api

app_name = "events-api"
urlpatterns = [
    path("events", api.EventList.as_view(), name="event-list"),
    path("events/<int:pk>", api.EventDetail.as_view(), name="event-detail"),
    path("events/<int:pk>/rounds", api.EventRounds.as_view(), name="event-rounds"),
    path("events/<int:pk>/standings", api.EventStandings.as_view(), name="event-standings"),
    path("events/<int:pk>/rounds/<int:number>/tables/<int:table>/result", api.EventResult.as_view(),
         name="event-result"),
    path("events/<int:pk>/byes", api.EventByes.as_view(), name="event-byes"),
    path("events/<int:pk>/prohibited-pairs", api.EventProhibitedPairs.as_view(), name="event-prohibited-pairs"),
    path("events/<int:pk>/prohibited-pairs/<int:pair>", api.EventProhibitedPairDetail.as_view(),
         name="event-prohibited-pair"),
]
