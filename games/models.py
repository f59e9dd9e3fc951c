"""The club history: players, games, seats, moves, results and the rating history.

Results are never typed in. A recorded game's results come from replaying its moves through
the rules engine and a score-only game's from scoring its board; `games.services.recording`
is the only code that writes them (not ``save()``, not signals, not views).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from rules_engine.registry import DEFAULT_GAME


def normalize_name(name: str) -> str:
    """A display name as stored: surrounding and repeated whitespace removed."""
    return " ".join(str(name).split())


def name_key(name: str) -> str:
    """What makes two names "the same player": case-insensitive on every database (SQLite's
    LOWER() only folds ASCII, so the folding is done here, with str.casefold)."""
    return normalize_name(name).casefold()


class Player(models.Model):
    name = models.CharField(max_length=60, help_text="Display name, unique in the club (case-insensitive).")
    name_key = models.CharField(max_length=60, unique=True, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="club_player",
        help_text="The member's login, if they have one.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name_key"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        # The key is a pure function of the name; keeping it here means the admin, the
        # services and the factories can never store a stale one.
        self.name = normalize_name(self.name)
        self.name_key = name_key(self.name)
        if kwargs.get("update_fields") is not None and "name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        super().save(*args, **kwargs)


class Game(models.Model):
    class Source(models.TextChoices):
        SCORE = "score", "Score only"
        RECORDED = "recorded", "Recorded move by move"
        IMPORTED = "imported", "Imported record"

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    game_type = models.CharField(max_length=40, default=DEFAULT_GAME, help_text="Registry id: duel, classic, …")
    variants = models.JSONField(default=list, blank=True)
    sides = models.JSONField(
        default=dict, blank=True, help_text="Side of each monument/site, e.g. {obelisk: A}."
    )
    played_on = models.DateField(default=timezone.localdate)
    location = models.CharField(max_length=120, blank=True)
    notes = models.TextField(blank=True)
    source = models.CharField(max_length=10, choices=Source.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.FINISHED)
    engine_version = models.CharField(max_length=20, help_text="rules_engine.ENGINE_VERSION when scored.")
    plugin_versions = models.JSONField(
        default=dict, blank=True, help_text="Distribution → version of the plugins that scored it."
    )
    board = models.JSONField(null=True, blank=True, help_text="The F1/F3 board of a score-only game.")
    header = models.JSONField(
        null=True,
        blank=True,
        help_text="A recorded game's record without players and moves (setup, colours…).",
    )
    content_hash = models.CharField(max_length=64, unique=True, null=True, blank=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="club_games"
    )
    # A variation ("play on from here"): the game it branched from and after how many of its
    # moves. Variations are not rated and not in the standings.
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="variations"
    )
    branch_ply = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        # Newest first; ties on the date by id so pagination is stable.
        ordering = ["-played_on", "-id"]
        indexes = [
            models.Index(fields=["-played_on", "-id"], name="games_game_newest_idx"),
            # Type-filtered lists (scanned backwards) and the rating order (played_on, id).
            models.Index(fields=["game_type", "played_on", "id"], name="games_game_type_date_idx"),
            # The games being recorded, shown first on the games list: a handful among thousands.
            models.Index(
                fields=["-played_on", "-id"], name="games_game_live_idx", condition=models.Q(status="in_progress")
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_type} #{self.pk} on {self.played_on}"

    @property
    def has_moves(self) -> bool:
        return self.source != self.Source.SCORE

    @property
    def sort_key(self) -> tuple:
        """The rating order: date played, then id (the order games were entered)."""
        return (self.played_on, self.pk)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    order = models.PositiveSmallIntegerField(help_text="0-based position in the record's/board's players.")
    colour = models.CharField(max_length=20, blank=True)
    started = models.BooleanField(default=False)

    class Meta:
        ordering = ["game_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["game", "order"], name="games_seat_unique_order"),
            models.UniqueConstraint(fields=["game", "player"], name="games_seat_unique_player"),
        ]
        indexes = [models.Index(fields=["player", "game"], name="games_seat_player_idx")]

    def __str__(self) -> str:
        return f"{self.player} in game {self.game_id} (seat {self.order + 1})"


class Move(models.Model):
    """One ply of a recorded game, as its F2/F4 move JSON."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField(help_text="0-based index into the record's moves.")
    data = models.JSONField()

    class Meta:
        ordering = ["game_id", "ply"]
        constraints = [models.UniqueConstraint(fields=["game", "ply"], name="games_move_unique_ply")]

    def __str__(self) -> str:
        return f"game {self.game_id} ply {self.ply}"


class Result(models.Model):
    """A seat's final score, as the engine computed it."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="result")
    total = models.IntegerField()
    breakdown = models.JSONField(default=dict, help_text="Points per monument and extra, e.g. {obelisk: 8}.")
    rank = models.PositiveSmallIntegerField(
        help_text="1 = won; equal ranks for a shared place (a shared win, or base-game players tied on points "
        "and sled)."
    )
    winner = models.BooleanField(default=False)
    tie_broken = models.BooleanField(
        default=False, help_text="Totals were equal and the tie-break (Duel D7.6) decided this game."
    )

    def __str__(self) -> str:
        return f"{self.seat}: {self.total}"


class Rating(models.Model):
    """A player's OpenSkill rating (Plackett-Luce) right after a rated game: the rating history.

    Ratings are kept per game type and computed in the order (played_on, game id); the
    standings and the player chart read these rows, nothing recomputes them on a page view.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="ratings")
    game_type = models.CharField(max_length=40)
    # A copy of game.played_on, so the history is ordered and cut without a join.
    played_on = models.DateField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu − 3·sigma: the conservative rating shown in the standings.")
    # The player's outcome in that game, so the standings count wins from this table alone.
    won = models.BooleanField(default=False)

    class Meta:
        ordering = ["game_type", "played_on", "game_id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="games_rating_unique_player_game")
        ]
        indexes = [
            models.Index(fields=["game_type", "player", "played_on", "game"], name="games_rating_latest_idx"),
            models.Index(fields=["game_type", "played_on", "game"], name="games_rating_order_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.player} after game {self.game_id}: {self.ordinal:.2f}"
