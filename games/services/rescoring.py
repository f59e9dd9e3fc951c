"""Rescoring stored games with another version of a club's board data (docs/board-data.md):
what it would change (`rescore_preview`, nothing stored) and, once a club admin confirmed,
pinning the games to the version and deriving their results again (`rescore`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction

from games.boarddata import pinned, registry_for
from games.models import BoardData, Game
from games.services.records import record_of
from games.services.results import recompute_results
from rules_engine.errors import RulesError
from rules_engine.overlays import overlaid
from rules_engine.registry import Registry, base_registry


@dataclass
class Change:
    """One game's results under its own board data and under another version."""

    game: Game
    before: list[tuple[str, int]]  # (player, total) by seat
    after: list[tuple[str, int]] | None  # None: the other version cannot score it
    problem: str = ""

    @property
    def changed(self) -> bool:
        return self.after != self.before


def _totals(game: Game, registry: Registry) -> list[tuple[str, int]]:
    names = list(game.seats.order_by("order").values_list("player__name", flat=True))
    if game.has_moves:
        replay = registry.replay(record_of(game), states=False)
        if not replay.finished:
            return []
        score = replay.score()
    else:
        score = registry.score(game.board)
    return [(name, p.total) for name, p in zip(names, score.players, strict=True)]


def rescore_preview(games: Iterable[Game], version: BoardData) -> list[Change]:
    """What rescoring ``games`` with ``version`` would change (nothing is stored)."""
    target = overlaid(base_registry(), {version.game_type: (version.label, version.data)})
    out = []
    for game in games:
        before = _totals(game, registry_for(game))
        try:
            out.append(Change(game, before, _totals(game, target)))
        except RulesError as exc:
            out.append(Change(game, before, None, str(exc)))
    return out


def rescore(games: Iterable[Game], version: BoardData) -> list[Game]:
    """Pin ``games`` to ``version`` and derive their results again with it (the club admin
    confirmed `rescore_preview`). All or nothing: a game the version cannot score stops it."""
    done = []
    with transaction.atomic():
        for game in games:
            game.board_data = version
            game.save(update_fields=["board_data", "updated_at"])
            with pinned(game):
                done.append(recompute_results(game))
    return done
