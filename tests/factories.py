"""factory-boy factories for every model the tests create.

The club-history factories build rows directly, for tests about queries, permissions and
pages. Tests about results and ratings store games through `games.services.recording`
instead, so the engine computes what is stored (as it does in production).
"""

import datetime

import factory
from django.contrib.auth import get_user_model

from rules_engine import ENGINE_VERSION
from rules_engine.registry import base_registry


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password("correct horse battery")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "games.Player"

    name = factory.Sequence(lambda n: f"Player {n}")


class GameFactory(factory.django.DjangoModelFactory):
    """A finished score-only Duel game without seats (add them with SeatFactory)."""

    class Meta:
        model = "games.Game"

    game_type = "duel"
    variants = factory.LazyFunction(list)
    sides = factory.LazyFunction(lambda: {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"})
    played_on = factory.Sequence(lambda n: datetime.date(2025, 1, 1) + datetime.timedelta(days=n))
    source = "score"
    status = "finished"
    engine_version = ENGINE_VERSION
    plugin_versions = factory.LazyFunction(lambda: {"imhotep-service": ENGINE_VERSION})


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "games.Seat"

    game = factory.SubFactory(GameFactory)
    player = factory.SubFactory(PlayerFactory)
    order = 0
    colour = factory.LazyAttribute(lambda seat: ("black", "white")[seat.order % 2])
    started = factory.LazyAttribute(lambda seat: seat.order == 0)


class MoveFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "games.Move"

    game = factory.SubFactory(GameFactory, source="recorded")
    ply = factory.Sequence(lambda n: n)
    data = factory.LazyFunction(lambda: {"type": "pass"})


class ResultFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "games.Result"

    seat = factory.SubFactory(SeatFactory)
    total = 40
    breakdown = factory.LazyFunction(
        lambda: {"obelisk": 8, "temple": 10, "pyramid": 12, "tomb": 9, "action_tokens": 0, "meeples": 1}
    )
    rank = 1
    winner = factory.LazyAttribute(lambda result: result.rank == 1)
    tie_broken = False


class RatingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "games.Rating"

    player = factory.SubFactory(PlayerFactory)
    game = factory.SubFactory(GameFactory)
    game_type = factory.LazyAttribute(lambda rating: rating.game.game_type)
    played_on = factory.LazyAttribute(lambda rating: rating.game.played_on)
    mu = 25.0
    sigma = 25 / 3
    ordinal = factory.LazyAttribute(lambda rating: rating.mu - 3 * rating.sigma)


class GameFactsFactory(factory.django.DjangoModelFactory):
    """The explorer's facts of a game (its seats and results built first), as if the current
    engine had worked them out; ``engine``: the engine's facts (default none)."""

    class Meta:
        model = "games.GameFacts"

    class Params:
        engine = factory.LazyFunction(dict)

    game = factory.SubFactory(GameFactory, source="recorded")
    # What the facts depend on (games/services/explorer_facts.py): engine and plugins, and the
    # game's own board-data version.
    fingerprint = factory.LazyFunction(lambda: base_registry().fingerprint)
    board_data = factory.LazyAttribute(lambda o: o.game.board_data)
    facts = factory.LazyAttribute(lambda o: {**_outcome(o.game), "engine": o.engine})
    counted = factory.LazyAttribute(lambda o: "\n".join(_counted(o.facts)))


def _outcome(game):
    from games.services.explorer import outcome_of

    return outcome_of(game)


def _counted(facts):
    from games.services.explorer import counted_lines

    return counted_lines(facts)


def finished_game(names=("Ana", "Ben"), totals=(50, 40), **game_fields):
    """A score-only game with seats and results built row by row (winner: the higher total)."""
    game = GameFactory(**game_fields)
    best = max(totals)
    for order, (name, total) in enumerate(zip(names, totals, strict=True)):
        from games.models import Player, name_key

        player = Player.objects.filter(name_key=name_key(name)).first() or PlayerFactory(name=name)
        seat = SeatFactory(game=game, player=player, order=order)
        rank = 1 + sum(t > total for t in totals)
        ResultFactory(seat=seat, total=total, rank=rank, winner=total == best)
    return game


def board_data_test_set() -> dict:
    """The board data of tests/data/board_data_test_set.json: a TEST set of invented numbers,
    not the real boards (see the file's note)."""
    import json
    from pathlib import Path

    return json.loads((Path(__file__).parent / "data" / "board_data_test_set.json").read_text())["data"]


class BoardDataFactory(factory.django.DjangoModelFactory):
    """A version of the club's board data; by default the TEST set (not the real boards).
    Saved directly: tests of the checks save through `games.boarddata.save`."""

    class Meta:
        model = "games.BoardData"

    game_type = "classic"
    version = factory.Sequence(lambda n: n + 1)
    data = factory.LazyFunction(board_data_test_set)
    entered_by = factory.SubFactory(UserFactory)

    @classmethod
    def _after_postgeneration(cls, instance, create, results=None):
        super()._after_postgeneration(instance, create, results)
        if create:
            from games.boarddata import forget

            forget()  # a version written past the service: every process reads the current one again


def recorded_game(record: dict, **game_fields):
    """A recorded game built row by row from ``record`` (F2/F4): the game with the record's
    header, a seat per player (a new player each) and a move per ply, as stored games are; no
    results (``status`` in progress). ``game_fields``: e.g. ``board_data`` it was played with."""
    header = {k: v for k, v in record.items() if k not in ("players", "moves")}
    game = GameFactory(game_type=record["game"], source="recorded", status="in_progress",
                       sides=dict(record.get("sides") or {}), header=header, **game_fields)
    colours = record.get("colours") or ()
    for order in range(len(record["players"])):
        SeatFactory(game=game, player=PlayerFactory(), order=order,
                    colour=colours[order] if order < len(colours) else "")
    for ply, move in enumerate(record["moves"]):
        MoveFactory(game=game, ply=ply, data=move)
    return game
