"""The demo club's event: a Duel Swiss club night of the eight demo players, two rounds played
(their games recorded move by move and linked to their tables) and the third round's tables
waiting, so a new user finds the event pages, the standings with their tie-breaks and the big
screen filled. Built with the same calls an organiser's clicks make (games/events/lifecycle.py);
the same for a seed, and made once (recognised by its name)."""

from __future__ import annotations

import datetime
import random

from games.events import lifecycle
from games.events.models import Event
from games.models import Game
from games.services import recording
from games.services.documents import GameMeta
from rules_engine.registry import DEFAULT_GAME, default_registry

NAME = "Demo club night"
ROUNDS = 3
PLAYED_ROUNDS = 2
PLAYED_ON = datetime.date(2025, 6, 6)


def load_demo_event(players: tuple[str, ...], seed: int) -> int:
    """Create the demo event unless it exists; the number of games it added."""
    if Event.objects.filter(name=NAME).exists():
        return 0
    game = default_registry().game(DEFAULT_GAME)  # the Duel: two seats, as a Swiss pairs
    rng = random.Random(f"demo-event-{seed}")
    event = lifecycle.create_event(name=NAME, game_type=DEFAULT_GAME, kind=Event.Kind.SWISS, rounds=ROUNDS, seed=seed)
    for name in players:
        lifecycle.register(event, name, checked_in=True)
    added = 0
    for _ in range(PLAYED_ROUNDS):
        round_ = lifecycle.start_round(event)
        for pairing in round_.pairings.filter(bye=False).order_by("table"):
            record = game.random_record(random.Random(rng.getrandbits(64)))
            record["players"] = lifecycle.seated_names(pairing)
            outcome = recording.import_record(record, source=Game.Source.RECORDED, rate=False,
                                              meta=GameMeta(played_on=PLAYED_ON, location="Club night"))
            if outcome.status != outcome.IMPORTED:
                raise RuntimeError(f"the engine rejects a demo event record: {outcome.describe()}")
            added += 1
        lifecycle.link_games(event)
    lifecycle.start_round(event)
    return added
