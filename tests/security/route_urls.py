"""A concrete URL for each route of the walk (tests/security/routes.py): the game, player,
club event or season object it is keyed by, made in the test's database."""

from __future__ import annotations

import re

from django.urls import reverse

from rules_engine.registry import DEFAULT_GAME
from tests.security.routes import Route

#: Placeholder values for routes keyed by something other than a primary key.
URL_KWARGS = {"<str:secret>": {"secret": "not-a-real-invite"}, "<uidb64>": {"uidb64": "MQ", "token": "set-password"},
              "<slug:game_id>": {"game_id": DEFAULT_GAME},
              "<slug:game>": {"game": "classic"},  # the board-data page: the game with board data
              "<uuid:pk>": {"pk": "00000000-0000-4000-8000-000000000000"}}


def club_event_kwargs(route: Route) -> dict[str, int]:
    """A club event with a round paired (made once per test): its pk, a registration, a table."""
    from games.events import lifecycle
    from games.events.models import Event
    from tests.events.helpers import duel_event

    event = Event.objects.first()
    if event is None:
        event = duel_event(["Ana", "Ben", "Cleo", "Dan"])
        lifecycle.start_round(event)
    kwargs = {"pk": event.pk}
    if "<int:reg>" in route.route:
        kwargs["reg"] = event.registrations.first().pk
    if "<int:table>" in route.route:
        table = event.round_set.first().pairings.filter(bye=False).first()
        # The API names a table by its round and number, the pages by its row.
        kwargs["table"] = table.table if "<int:number>" in route.route else table.pk
    if "<int:number>" in route.route:
        kwargs["number"] = 1
    if "<int:bye>" in route.route:  # alice's bye asked for the last round, not yet paired
        from django.contrib.auth import get_user_model

        from games.events.models import ByeRequest

        player = event.registrations.first().player
        player.user = get_user_model().objects.get(username="alice")
        player.save(update_fields=["user"])
        kwargs["bye"] = ByeRequest.objects.get_or_create(
            event=event, player=player, round_number=event.rounds, defaults={"kind": ByeRequest.Kind.ZERO_BYE})[0].pk
    if "<int:pair>" in route.route:  # two of its players kept apart
        from games.events.prohibited import prohibit

        first, second = event.registrations.values_list("player_id", flat=True)[:2]
        kwargs["pair"] = prohibit(event, first, second).pk
    return kwargs


def seasons_kwargs(route: Route) -> dict[str, int]:
    """A season, a ladder with an open challenge and a league of one division (made once per test)."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Player
    from games.seasons import ladder_service, league_service, season_service
    from games.seasons.models import Challenge, Ladder, League, Season

    if not Season.objects.exists():
        season_service.create_season(name="Season", game_type="duel")
        ladder = ladder_service.create_ladder(name="Ladder")
        for name in ("Ana", "Ben"):
            ladder_service.join(ladder, name)
        ladder_service.challenge(ladder, "Ben", "Ana")
        league_service.create_league(name="League", divisions=[["Ana", "Ben"]], promote=0,
                                     first_deadline=timezone.now() + timedelta(days=7))
        Player.objects.filter(name="Ana").update(user=get_user_model().objects.get(username="alice"))
    # The pages sit under seasons/ too: a ladder's or league's route is told by its own part.
    if "ladders/" in route.route:
        kwargs = {"pk": Ladder.objects.get().pk}
        if "<int:challenge>" in route.route:
            kwargs["challenge"] = Challenge.objects.get().pk
    elif "leagues/" not in route.route:
        kwargs = {"pk": Season.objects.get().pk}
    else:
        league = League.objects.get()
        kwargs = {"pk": league.pk}
        if "<int:game>" in route.route:
            kwargs["game"] = league.divisions.get().games.first().pk
        if "<int:number>" in route.route:
            kwargs["number"] = 1
    return kwargs


def a_puzzle(game, player_id: int):
    import datetime

    from games.analysis.models import Puzzle

    best = game.moves.order_by("ply").first().data if game.moves.exists() else {}
    return Puzzle.objects.get_or_create(game=game, move=0, defaults={
        "seat": 0, "player_id": player_id, "best": best, "win": 0.5, "best_win": 0.8, "second_win": 0.4,
        "due_on": datetime.date.today()})[0]


def url_of(route: Route, game) -> str:
    if route.key.startswith(("events:", "events-api:")) and "<int:pk>" in route.route:
        return reverse(route.key, kwargs=club_event_kwargs(route))
    if route.key.startswith(("seasons-api:", "seasons:")) and "<int:pk>" in route.route:
        return reverse(route.key, kwargs=seasons_kwargs(route))
    for marker, kwargs in URL_KWARGS.items():
        if marker in route.route:
            return reverse(route.key, kwargs=kwargs)
    if "<int:pk>" not in route.route:
        return reverse(route.key)
    seats = list(game.seats.order_by("order").values_list("player_id", flat=True))
    if route.key in ("puzzle", "api-puzzle-answer"):  # a puzzle at the game's first position (puzzle_queue.py)
        return reverse(route.key, kwargs={"pk": a_puzzle(game, seats[0]).pk})
    if "<int:other>" in route.route:
        return reverse(route.key, kwargs={"pk": seats[0], "other": seats[1]})
    pk = seats[0] if "players/" in route.route else game.pk
    return reverse(route.key, kwargs={"pk": pk})


def admin_url(route: Route) -> str:
    """A concrete URL for an admin route: ids 1, the games app, an unknown page."""
    path = route.route.replace("^", "").replace("$", "")
    path = re.sub(r"\(\?P<app_label>[^)]*\)", "games", path)
    path = re.sub(r"\(\?P<url>[^)]*\)", "nowhere/", path)
    return "/" + re.sub(r"<[^>]+>", "1", path)
