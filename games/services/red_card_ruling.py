"""The stored base games that the C7 ruling of 2026-11-28 (a red card discarded after its
effect, engine version 1.1.0) replays differently: `manage.py red_card_ruling`, run before the
upgrade so a club admin knows which games a rescore would change (docs/operations.md). Each game
is replayed with the board data it was played with, under the ruling and before it
(`rules_engine.classic.redcard`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from games.boarddata import registry_for
from games.models import Game
from games.services.records import record_of
from rules_engine.classic.plugin import ClassicGame
from rules_engine.classic.redcard import Difference, difference
from rules_engine.classic.sitedata import EMPTY, SiteData
from rules_engine.errors import RulesError

GAME_TYPE = "classic"


@dataclass(frozen=True)
class Checked:
    """One stored base game played with Pyramids B (the only side the ruling can touch):
    ``change`` how it parts (None: it replays as before), or ``not_replayed`` why neither
    rule replays it (its setup or board data refused)."""

    game: Game
    change: Difference | None = None
    not_replayed: str | None = None


def base_games() -> int:
    """How many stored base games have moves (the ruling can concern no score-only game)."""
    return Game.objects.filter(game_type=GAME_TYPE).exclude(source=Game.Source.SCORE).count()


def checked_games() -> Iterator[Checked]:
    """Every stored base game with moves played with Pyramids B, oldest first, replayed both ways."""
    games = (Game.objects.filter(game_type=GAME_TYPE, sides__pyramids="B")
             .exclude(source=Game.Source.SCORE).order_by("played_on", "pk"))
    for game in games.iterator(chunk_size=200):
        try:
            yield Checked(game, change=difference(record_of(game), _data(game)))
        except RulesError as exc:
            yield Checked(game, not_replayed=str(exc))


def _data(game: Game) -> SiteData:
    """The board data ``game`` was played with."""
    game_type = registry_for(game).game(GAME_TYPE)
    return game_type.data if isinstance(game_type, ClassicGame) else EMPTY
