"""Building events in the database for the page, API and service tests."""

from __future__ import annotations

from games.events import lifecycle
from games.events.models import Event
from tests.factories import finished_game


def duel_event(names, *, kind=Event.Kind.SWISS, rounds=3, seed=7) -> Event:
    event = lifecycle.create_event(name="Club night", game_type="duel", kind=kind, rounds=rounds,
                                   seed=seed)
    for name in names:
        lifecycle.register(event, name, checked_in=True)
    return event


def table_event(names, *, rounds=3, seed=7) -> Event:
    event = lifecycle.create_event(name="Base night", game_type="classic", kind=Event.Kind.TABLES,
                                   rounds=rounds, seed=seed)
    for name in names:
        lifecycle.register(event, name, checked_in=True)
    return event


def play_round(event: Event) -> None:
    """Store a finished game for every table of the current round, the first seat winning."""
    round_ = event.round_set.order_by("-number").first()
    for pairing in round_.pairings.filter(bye=False):
        names = [s.player.name for s in pairing.seats.order_by("order")]
        totals = [40 - 5 * i for i in range(len(names))]
        finished_game(names=names, totals=totals, game_type=event.game_type)
    lifecycle.link_games(event)
