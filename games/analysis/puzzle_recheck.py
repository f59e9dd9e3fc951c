"""Puzzles stored before the re-check existed (issue #54), re-checked in place: each stored
puzzle's position goes through the same re-check as a new analysis's candidates
(rules_engine/analysis/puzzles.py `confirmed`). A puzzle it keeps takes the re-check's best move
and chances, its schedule unchanged; one it does not keep is dropped, from the player's queue
and from the finished luck analyses' lists. The `recheck_puzzles` command runs it."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from games.analysis.models import GameLuck, Puzzle
from games.boarddata import registry_for
from games.models import Game
from games.services.records import record_of
from rules_engine.analysis.luck import bare_move
from rules_engine.analysis.puzzles import confirmed


@dataclass(frozen=True)
class Rechecked:
    kept: int
    dropped: int


def recheck_game(game: Game) -> Rechecked:
    """Re-check the stored puzzles of ``game``."""
    record = record_of(game)
    game_type = registry_for(game).game(game.game_type)
    replay = game_type.replay(record)
    states, moves = list(replay.states), list(replay.moves)
    found = {}
    for puzzle in Puzzle.objects.filter(game=game):
        state = states[puzzle.move]
        legal, chosen = bare_move(game_type, state, moves[puzzle.move])
        played = None if chosen is None else game_type.move_to_json(legal[chosen])
        found[puzzle.pk] = confirmed(game_type, record, state, puzzle.move, played, puzzle.win)
    with transaction.atomic():
        kept = {}
        for puzzle in Puzzle.objects.select_for_update().filter(pk__in=found):
            p = found[puzzle.pk]
            if p is None:
                puzzle.delete()
                continue
            puzzle.best, puzzle.best_win, puzzle.second_win = p.best, round(p.best_win, 4), round(p.second_win, 4)
            puzzle.save(update_fields=["best", "best_win", "second_win"])
            kept[puzzle.move] = p
        for luck in GameLuck.objects.select_for_update().filter(game=game, status=GameLuck.Status.DONE):
            luck.puzzles = [{**entry, "best": kept[entry["move"]].best,
                             "best_win": round(kept[entry["move"]].best_win, 4),
                             "second_win": round(kept[entry["move"]].second_win, 4)}
                            for entry in luck.puzzles if entry["move"] in kept]
            luck.save(update_fields=["puzzles"])
    return Rechecked(len(kept), len(found) - len(kept))


def recheck_all() -> Rechecked:
    """Re-check every game's stored puzzles, game by game."""
    kept = dropped = 0
    for game in Game.objects.filter(puzzles__isnull=False).distinct().order_by("pk"):
        done = recheck_game(game)
        kept, dropped = kept + done.kept, dropped + done.dropped
    return Rechecked(kept, dropped)
