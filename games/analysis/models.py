"""A game's analysis: each player's estimated chance to win and expected final score margin
after every ply, computed once per record, engine version, analysis version and number of
playouts, and reused."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.leases import Leased
from rules_engine.analysis import ANALYSIS_VERSION
from rules_engine.analysis.luck import LUCK_VERSION


def current_analysis_version() -> int:
    """A new analysis holds what this engine's analysis computes (`ANALYSIS_VERSION`); rows
    stored before the field existed are version 1 (win chances only)."""
    return ANALYSIS_VERSION


class GameAnalysis(Leased):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="analyses")
    engine_version = models.CharField(max_length=20)
    analysis_version = models.PositiveSmallIntegerField(
        default=current_analysis_version,
        help_text=_("What the analysis holds: 1 the chances to win, 2 also the expected score margins."),
    )
    record_hash = models.CharField(max_length=64, help_text=_("The record analysed (a new move is a new analysis)."))
    playouts = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    plies_done = models.PositiveIntegerField(default=0)
    plies_total = models.PositiveIntegerField(default=0)
    probabilities = models.JSONField(default=list, blank=True, help_text=_("Per ply, each seat's chance to win."))
    margins = models.JSONField(
        default=list, blank=True,
        help_text=_("Per ply, each seat's expected final score margin in points (empty when not computed)."),
    )
    turning = models.JSONField(
        default=list, blank=True, help_text=_("The biggest swings, each with the best move the player had instead.")
    )
    error = models.TextField(blank=True)
    runs = models.PositiveIntegerField(default=0, help_text=_("Times a worker computed it (1 when all is well)."))
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text=_("The member who queued it last: each member may have only a few waiting at once."))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta(Leased.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["game", "engine_version", "analysis_version", "record_hash", "playouts"],
                name="analysis_unique_per_record_version",
            )
        ]

    def __str__(self) -> str:
        return f"analysis of game {self.game_id} ({self.status})"


class GameLuck(Leased):
    """What decided a game (issue #41, rules_engine/analysis/luck.py): each chance event's luck
    and each decision's effect per player, and the puzzles among the decisions; computed once per
    record, engine version, luck version and number of playouts, like `GameAnalysis`."""

    Status = GameAnalysis.Status

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="luck_analyses")
    engine_version = models.CharField(max_length=20)
    luck_version = models.PositiveSmallIntegerField(default=LUCK_VERSION)
    record_hash = models.CharField(max_length=64, help_text=_("The record analysed (a new move is a new analysis)."))
    playouts = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=GameAnalysis.Status.choices, default=GameAnalysis.Status.QUEUED)
    moves_done = models.PositiveIntegerField(default=0)
    moves_total = models.PositiveIntegerField(default=0)
    players = models.JSONField(
        default=list, blank=True,
        help_text=_("Per seat: starting chance to win, result, luck, skill and the effect of their own decisions."),
    )
    terms = models.JSONField(default=list, blank=True, help_text=_("Every decision and chance event, in order."))
    puzzles = models.JSONField(default=list, blank=True, help_text=_("The decisions that make puzzles."))
    error = models.TextField(blank=True)
    runs = models.PositiveIntegerField(default=0)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        help_text=_("The member who queued it last: each member may have only a few waiting at once."))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta(Leased.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["game", "engine_version", "luck_version", "record_hash", "playouts"],
                name="luck_unique_per_record_version",
            )
        ]

    def __str__(self) -> str:
        return f"luck and skill of game {self.game_id} ({self.status})"


class Puzzle(models.Model):
    """A decision of a club game that makes a puzzle (rules_engine/analysis/puzzles.py): the
    position before move ``move``, where the player in seat ``seat`` missed ``best``. It waits in
    that player's queue until ``due_on``; solving it doubles ``interval`` (spaced repetition),
    missing it brings it back the next day (games/analysis/puzzle_queue.py)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="puzzles")
    move = models.PositiveIntegerField(help_text=_("The move missed (0-based); the position is the one before it."))
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="puzzles")
    best = models.JSONField(help_text=_("The best move there."))
    win = models.FloatField(help_text=_("The player's chance to win before the move."))
    best_win = models.FloatField()
    second_win = models.FloatField()
    due_on = models.DateField()
    interval = models.PositiveIntegerField(default=1, help_text=_("Days until it is asked again once solved."))
    solved = models.PositiveIntegerField(default=0)
    missed = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due_on", "pk"]
        constraints = [models.UniqueConstraint(fields=["game", "move"], name="puzzle_unique_per_move")]

    def __str__(self) -> str:
        return f"puzzle of game {self.game_id}, move {self.move + 1}"
