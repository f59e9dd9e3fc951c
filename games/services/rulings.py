"""Which stored games a ruling on the rules replays differently, so that a club admin knows
before an upgrade which games a rescore would change (docs/operations.md). The ruling itself —
which stored games it can concern and how one record parts under it — is the game's, handed in
by the command that runs it (`manage.py red_card_ruling` for the base game's C7 ruling); this
module replays the club's games through it, each with the board data it was played with."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from games.boarddata import registry_for
from games.models import Game
from games.services.records import record_of
from rules_engine.errors import RulesError
from rules_engine.gametype import GameType


@dataclass(frozen=True)
class Ruling:
    """A ruling's check: ``game_type`` it concerns, ``concerns`` the stored games it can touch
    (a filter on `Game`), and ``difference`` how one record parts, given the game as it was
    played (None: it replays as before)."""

    game_type: str
    concerns: Q
    difference: Callable[[Mapping[str, Any], GameType], object | None]


@dataclass(frozen=True)
class Checked:
    """One stored game the ruling can concern: ``change`` how it parts (None: it replays as
    before), or ``not_replayed`` why neither rule replays it (its setup or board data refused)."""

    game: Game
    change: object | None = None
    not_replayed: str | None = None


def games_with_moves(ruling: Ruling) -> int:
    """How many stored games of the ruling's game have moves (a ruling concerns no score-only game)."""
    return Game.objects.filter(game_type=ruling.game_type).exclude(source=Game.Source.SCORE).count()


def checked_games(ruling: Ruling) -> Iterator[Checked]:
    """Every stored game the ruling can concern, oldest first, replayed both ways."""
    games = (Game.objects.filter(ruling.concerns, game_type=ruling.game_type)
             .exclude(source=Game.Source.SCORE).order_by("played_on", "pk"))
    for game in games.iterator(chunk_size=200):
        try:
            played = registry_for(game).game(ruling.game_type)  # the board data it was played with
            yield Checked(game, change=ruling.difference(record_of(game), played))
        except RulesError as exc:
            yield Checked(game, not_replayed=str(exc))
