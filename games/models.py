"""The club history: players, games, seats, moves, results and the rating history.

Results are never typed in. A recorded game's results come from replaying its moves through
the rules engine and a score-only game's from scoring its board; `games.services.recording`
is the only code that writes them (not ``save()``, not signals, not views).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rules_engine.registry import DEFAULT_GAME


def normalize_name(name: str) -> str:
    """A display name as stored: surrounding and repeated whitespace removed."""
    return " ".join(str(name).split())


def name_key(name: str) -> str:
    """What makes two names "the same player": case-insensitive on every database (SQLite's
    LOWER() only folds ASCII, so the folding is done here, with str.casefold)."""
    return normalize_name(name).casefold()


#: The largest id a row can have (BigAutoField: 64 bits). A number asked for past it is no row,
#: and SQLite cannot even compare with it (OverflowError): forms taking an id stop there.
LARGEST_ID = 2**63 - 1


class Player(models.Model):
    name = models.CharField(
        _("name"), max_length=60, help_text=_("Display name, unique in the club (case-insensitive).")
    )
    name_key = models.CharField(max_length=60, unique=True, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="club_player",
        verbose_name=_("user"),
        help_text=_("The member's login, if they have one."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name_key"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

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
        SCORE = "score", _("Score only")
        RECORDED = "recorded", _("Recorded move by move")
        IMPORTED = "imported", _("Imported record")

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    game_type = models.CharField(
        _("game type"), max_length=40, default=DEFAULT_GAME, help_text=_("Registry id: duel, classic, …")
    )
    variants = models.JSONField(_("variants"), default=list, blank=True)
    sides = models.JSONField(
        _("sides"), default=dict, blank=True, help_text=_("Side of each monument/site, e.g. {obelisk: A}.")
    )
    played_on = models.DateField(_("played on"), default=timezone.localdate)
    location = models.CharField(_("location"), max_length=120, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    source = models.CharField(_("source"), max_length=10, choices=Source.choices)
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.FINISHED)
    engine_version = models.CharField(
        _("engine version"), max_length=20, help_text=_("rules_engine.ENGINE_VERSION when scored.")
    )
    plugin_versions = models.JSONField(
        _("plugin versions"),
        default=dict,
        blank=True,
        help_text=_("Distribution → version of the plugins that scored it."),
    )
    board = models.JSONField(
        _("board"), null=True, blank=True, help_text=_("The F1/F3 board of a score-only game.")
    )
    board_data = models.ForeignKey(
        "BoardData",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="games",
        verbose_name=_("board data"),
        help_text=_("The club's board data version it was played or scored with (none: the plugins' data only)."),
    )
    header = models.JSONField(
        _("header"),
        null=True,
        blank=True,
        help_text=_("A recorded game's record without players and moves (setup, colours…)."),
    )
    content_hash = models.CharField(
        _("content hash"), max_length=64, unique=True, null=True, blank=True, editable=False
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="club_games",
        verbose_name=_("created by"),
    )
    # A variation ("play on from here"): the game it branched from and after how many of its
    # moves. Variations are not rated and not in the standings.
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="variations", verbose_name=_("parent")
    )
    branch_ply = models.PositiveIntegerField(_("branch ply"), null=True, blank=True)
    # A game against the bot (docs/bots.md): its level, and the seats it plays (0-based). Bot
    # games are not rated and not in the club's statistics, standings, explorer or ratings check.
    bot_level = models.PositiveSmallIntegerField(_("bot level"), null=True, blank=True)
    bot_seats = models.JSONField(_("bot seats"), default=list, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        # Newest first; ties on the date by id so pagination is stable.
        ordering = ["-played_on", "-id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
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
    def against_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def has_moves(self) -> bool:
        return self.source != self.Source.SCORE

    @property
    def sort_key(self) -> tuple:
        """The rating order: date played, then id (the order games were entered)."""
        return (self.played_on, self.pk)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", verbose_name=_("game"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player"))
    order = models.PositiveSmallIntegerField(
        _("order"), help_text=_("0-based position in the record's/board's players.")
    )
    colour = models.CharField(_("colour"), max_length=20, blank=True)
    started = models.BooleanField(_("started"), default=False)

    class Meta:
        ordering = ["game_id", "order"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["game", "order"], name="games_seat_unique_order"),
            models.UniqueConstraint(fields=["game", "player"], name="games_seat_unique_player"),
        ]
        indexes = [models.Index(fields=["player", "game"], name="games_seat_player_idx")]

    def __str__(self) -> str:
        return f"{self.player} in game {self.game_id} (seat {self.order + 1})"


class Move(models.Model):
    """One ply of a recorded game, as its F2/F4 move JSON."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves", verbose_name=_("game"))
    ply = models.PositiveIntegerField(_("ply"), help_text=_("0-based index into the record's moves."))
    data = models.JSONField(_("data"))
    move_id = models.CharField(
        _("move id"), max_length=64, blank=True, default="",
        help_text=_("The id the recording page gave the tap (empty for imported moves): a repeated "
                    "request with the same id is answered with this move, never stored twice."),
    )

    class Meta:
        ordering = ["game_id", "ply"]
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        constraints = [
            models.UniqueConstraint(fields=["game", "ply"], name="games_move_unique_ply"),
            models.UniqueConstraint(fields=["game", "move_id"], condition=~models.Q(move_id=""),
                                    name="games_move_unique_move_id"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} ply {self.ply}"


class Result(models.Model):
    """A seat's final score, as the engine computed it."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="result", verbose_name=_("seat"))
    total = models.IntegerField(_("total"))
    breakdown = models.JSONField(
        _("breakdown"), default=dict, help_text=_("Points per monument and extra, e.g. {obelisk: 8}.")
    )
    rank = models.PositiveSmallIntegerField(
        _("rank"),
        help_text=_(
            "1 = won; equal ranks for a shared place (a shared win, or base-game players tied on points and sled)."
        ),
    )
    winner = models.BooleanField(_("winner"), default=False)
    tie_broken = models.BooleanField(
        _("tie broken"),
        default=False,
        help_text=_("Totals were equal and the tie-break (Duel D7.6) decided this game."),
    )

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")

    def __str__(self) -> str:
        return f"{self.seat}: {self.total}"


class Rating(models.Model):
    """A player's OpenSkill rating (Plackett-Luce) right after a rated game: the rating history.

    Ratings are kept per game type and computed in the order (played_on, game id); the
    standings and the player chart read these rows, nothing recomputes them on a page view.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player"))
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("game"))
    game_type = models.CharField(_("game type"), max_length=40)
    # A copy of game.played_on, so the history is ordered and cut without a join.
    played_on = models.DateField(_("played on"))
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    ordinal = models.FloatField(
        _("ordinal"), help_text=_("mu − 3·sigma: the conservative rating shown in the standings.")
    )
    # The player's outcome in that game, so the standings count wins from this table alone.
    won = models.BooleanField(_("won"), default=False)

    class Meta:
        ordering = ["game_type", "played_on", "game_id"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="games_rating_unique_player_game")
        ]
        indexes = [
            models.Index(fields=["game_type", "player", "played_on", "game"], name="games_rating_latest_idx"),
            models.Index(fields=["game_type", "played_on", "game"], name="games_rating_order_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.player} after game {self.game_id}: {self.ordinal:.2f}"


class GameFacts(models.Model):
    """What the club's explorer counts of one finished game, worked out once by the engine
    (`GameType.explorer_facts`: first moves, first to five obelisks, first market card, each
    seat's best site) and kept, so the explorer answers by counting rows instead of replaying
    every game (games/services/explorer.py). ``fingerprint``: the plugins' registry's (engine and
    plugin versions) and ``board_data`` the game's own board-data version when worked out; facts
    of another fingerprint or version are worked out again."""

    game = models.OneToOneField(
        Game, primary_key=True, on_delete=models.CASCADE, related_name="facts", verbose_name=_("game")
    )
    fingerprint = models.CharField(_("fingerprint"), max_length=64)
    facts = models.JSONField(_("facts"), default=dict, blank=True)
    # The same as the lines an answer counts (games.services.explorer.counted_lines): a text
    # column reads and counts ten times faster than the JSON at 10,000 games (bench/explorer.py).
    counted = models.TextField(_("counted"), blank=True, default="")
    # The board data the facts were worked out with: the game's own pinned version (issue #52), so
    # a new version of one game type leaves every other game's facts as they are.
    board_data = models.ForeignKey(
        "BoardData", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("board data"),
    )

    class Meta:
        verbose_name = _("game facts")
        verbose_name_plural = _("game facts")

    def __str__(self) -> str:
        return f"facts of game {self.game_id}"


# Imports' progress and the ratings-out-of-date mark live in their own module of this app.
from games.import_models import ImportJob, RatingsBacklog  # noqa: E402, F401


class BoardData(models.Model):
    """One saved version of a club's board data for a game type (docs/board-data.md): the
    numbers printed only on the boards (the base game's B sides), entered once by a club admin.
    Never changed after saving: a correction is a new version, and each game keeps the version
    it was played or scored with (`Game.board_data`) until a club admin rescores it."""

    game_type = models.CharField(_("game type"), max_length=40)
    version = models.PositiveIntegerField(_("version"))
    data = models.JSONField(_("data"), default=dict)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("entered by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["game_type", "-version"]
        verbose_name = _("board data")
        verbose_name_plural = _("board data")
        constraints = [
            models.UniqueConstraint(fields=["game_type", "version"], name="board_data_one_number_per_version")
        ]

    def __str__(self) -> str:
        return f"{self.game_type} board data v{self.version}"

    @property
    def label(self) -> str:
        """The name the engine's registry keeps this data under (never reused: versions only grow)."""
        return f"{self.game_type}@{self.version}"


# The versions the shared cache keys on (issue #52) live in their own module of this app.
from games.cache_models import CacheVersion  # noqa: E402, F401
