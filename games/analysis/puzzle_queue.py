"""Puzzles from the club's games (issue #41): kept from each luck analysis
(games/analysis/luck.py), each in the queue of the player who missed the move, asked again by
spaced repetition: solved, it comes back after twice as many days as last time; missed, the next
day. A club-wide puzzle of the day is drawn from all of them by the date."""

from __future__ import annotations

import datetime
import hashlib

from django.db import transaction
from django.db.models import QuerySet

from games.analysis.models import GameLuck, Puzzle
from games.models import Player, Seat

MAX_INTERVAL = 64  # days: a puzzle solved many times still comes back now and then


def store_puzzles(luck: GameLuck, today: datetime.date) -> int:
    """Keep the puzzles a finished luck analysis found (each re-checked at depth,
    rules_engine/analysis/puzzles.py), new ones due ``today``; how many were new. A puzzle the
    game already had takes the new chances and keeps its schedule; one the new analysis did
    not keep (its margin vanished at the re-check) is dropped, so it stops coming back."""
    seats = {s.order: s.player_id for s in Seat.objects.filter(game=luck.game_id)}
    added, kept = 0, []
    with transaction.atomic():
        for p in luck.puzzles:
            if p["seat"] not in seats:
                continue
            found = {"seat": p["seat"], "player_id": seats[p["seat"]], "best": p["best"], "win": p["win"],
                     "best_win": p["best_win"], "second_win": p["second_win"]}
            _, created = Puzzle.objects.update_or_create(
                game_id=luck.game_id, move=p["move"], defaults=found, create_defaults={**found, "due_on": today})
            added += created
            kept.append(p["move"])
        Puzzle.objects.filter(game_id=luck.game_id).exclude(move__in=kept).delete()
    return added


def queue(player: Player, today: datetime.date) -> QuerySet[Puzzle]:
    """The player's own puzzles due by ``today``, the longest waiting first."""
    return Puzzle.objects.filter(player=player, due_on__lte=today).select_related("game")


def answer(puzzle: Puzzle, move: dict, *, own: bool, today: datetime.date) -> bool:
    """Whether ``move`` (a legal move's JSON) is the puzzle's best move. The answer of the player
    whose puzzle it is (``own``) reschedules it: solved, twice the interval; missed, tomorrow."""
    solved = move == puzzle.best
    if own:
        if solved:
            puzzle.solved += 1
            puzzle.due_on = today + datetime.timedelta(days=puzzle.interval)
            puzzle.interval = min(MAX_INTERVAL, puzzle.interval * 2)
        else:
            puzzle.missed += 1
            puzzle.interval = 1
            puzzle.due_on = today + datetime.timedelta(days=1)
        puzzle.save(update_fields=["solved", "missed", "interval", "due_on"])
    return solved


def puzzle_of_the_day(today: datetime.date) -> Puzzle | None:
    """The club's puzzle of ``today``: one of all the puzzles, the same all day, drawn by the date."""
    ids = list(Puzzle.objects.order_by("pk").values_list("pk", flat=True))
    if not ids:
        return None
    draw = int.from_bytes(hashlib.sha256(today.isoformat().encode()).digest()[:8], "big")
    return Puzzle.objects.select_related("game", "player").get(pk=ids[draw % len(ids)])
