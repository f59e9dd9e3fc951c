"""Seasons, ladders and leagues (docs/seasons.md). A result is never counted here by a save():
it flows through `results.enter` (the one place a later confirmation step sits between a result
entered and a result counted)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.events.models import Event
from games.models import Game, Player
from games.seasons import divisions, ladder, standings
from rules_engine.registry import DEFAULT_GAME


def _default_place_scale() -> list[float]:
    return list(standings.DEFAULT_PLACE_SCALE)


def _default_tiebreaks() -> list[str]:
    return list(standings.DEFAULT_TIEBREAKS)


class Season(models.Model):
    """Events of one game whose results add up: each player's best ``best_of`` count."""

    class Scale(models.TextChoices):
        PLACES = standings.PLACES, _("Points by place")
        EVENT_POINTS = standings.EVENT_POINTS, _("The event's own points")

    name = models.CharField(_("name"), max_length=120)
    game_type = models.CharField(_("game type"), max_length=40)
    best_of = models.PositiveSmallIntegerField(_("results counted"), default=4)
    scale = models.CharField(_("points scale"), max_length=20, choices=Scale.choices, default=Scale.PLACES)
    place_scale = models.JSONField(_("points by place"), default=_default_place_scale, blank=True)
    tiebreaks = models.JSONField(_("tie-breaks"), default=_default_tiebreaks, blank=True)
    language = models.CharField(_("language"), max_length=10, default="en")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return self.name


class SeasonEvent(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="season_events")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="season_links")

    class Meta:
        ordering = ["season_id", "event_id"]
        constraints = [models.UniqueConstraint(fields=["season", "event"], name="seasons_event_once")]

    def __str__(self) -> str:
        return f"{self.event_id} in season {self.season_id}"



class Ladder(models.Model):
    """A Duel challenge ladder (`ladder` holds its rules)."""

    class DeadlineRule(models.TextChoices):
        FORFEIT = ladder.FORFEIT, _("The defender forfeits")
        EXPIRE = ladder.EXPIRE, _("The challenge lapses")

    name = models.CharField(_("name"), max_length=120)
    game_type = models.CharField(_("game type"), max_length=40, default=DEFAULT_GAME)
    reach = models.PositiveSmallIntegerField(_("places a challenge reaches up"), default=3)
    challenge_days = models.PositiveSmallIntegerField(_("days to play a challenge"), default=14)
    deadline_rule = models.CharField(_("a challenge not played in time"), max_length=10,
                                     choices=DeadlineRule.choices, default=DeadlineRule.FORFEIT)
    inactive_days = models.PositiveSmallIntegerField(_("days before an idle player drops"), default=30)
    inactive_drop = models.PositiveSmallIntegerField(_("places an idle player drops"), default=1)
    language = models.CharField(_("language"), max_length=10, default="en")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("ladder")
        verbose_name_plural = _("ladders")

    def __str__(self) -> str:
        return self.name


class Rung(models.Model):
    """A player's place on a ladder (1 the top) and when they last played or challenged."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="rungs")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="ladder_rungs")
    place = models.PositiveSmallIntegerField(_("place"))
    last_active = models.DateTimeField(_("last active"))

    class Meta:
        ordering = ["ladder_id", "place"]
        constraints = [models.UniqueConstraint(fields=["ladder", "player"], name="seasons_rung_once")]

    def __str__(self) -> str:
        return f"{self.player_id} at {self.place} of ladder {self.ladder_id}"



class Confirmation(models.Model):
    """A result one player entered, waiting for the other player (docs/seasons.md, Confirmation):
    nothing of it counts until they confirm it or the organiser sets the result."""

    class State(models.TextChoices):
        NONE = "", _("no result waiting")
        PENDING = "pending", _("waiting for confirmation")
        DISPUTED = "disputed", _("disputed")

    confirmation = models.CharField(_("confirmation"), max_length=10, choices=State.choices, blank=True,
                                    default=State.NONE)
    # The entered result code and, when one was given, the recorded game it came from.
    entered_result = models.CharField(_("entered result"), max_length=3, blank=True, default="")
    entered_game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    entered_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    # The other player's few words when they dispute it, for the organiser who decides.
    dispute_reason = models.CharField(_("reason of the dispute"), max_length=200, blank=True, default="")

    class Meta:
        abstract = True


class Challenge(Confirmation):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        WON = "won", _("won by the challenger")
        LOST = "lost", _("won by the defender")
        FORFEITED = "forfeit", _("forfeited by the defender")
        EXPIRED = "expired", _("lapsed")

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    defender = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    deadline = models.DateTimeField(_("deadline"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    # The recorded game that decided it (live, transcribed or score-only), when there is one.
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="ladder_challenge")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        ordering = ["ladder_id", "-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.challenger_id} challenges {self.defender_id} ({self.status})"



class League(models.Model):
    """Divisions playing round robins, one round a week, ``promote`` up and down at the end."""

    class Unplayed(models.TextChoices):
        DOUBLE_FORFEIT = divisions.DOUBLE_FORFEIT, _("Double forfeit")
        DRAW = divisions.DRAW, _("A draw")
        VOID = divisions.VOID, _("Not counted")

    class Status(models.TextChoices):
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=120)
    game_type = models.CharField(_("game type"), max_length=40, default=DEFAULT_GAME)
    promote = models.PositiveSmallIntegerField(_("places up and down"), default=2)
    unplayed = models.CharField(_("a game not played by its deadline"), max_length=20, choices=Unplayed.choices,
                                default=Unplayed.DOUBLE_FORFEIT)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.RUNNING)
    language = models.CharField(_("language"), max_length=10, default="en")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name


class LeagueRound(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="league_rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    deadline = models.DateTimeField(_("deadline"))
    closed = models.BooleanField(_("closed"), default=False)

    class Meta:
        ordering = ["league_id", "number"]
        constraints = [models.UniqueConstraint(fields=["league", "number"], name="seasons_round_once")]

    def __str__(self) -> str:
        return f"league {self.league_id} round {self.number}"



class Division(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="divisions")
    level = models.PositiveSmallIntegerField(_("division"), help_text=_("1 is the top division."))

    class Meta:
        ordering = ["league_id", "level"]
        constraints = [models.UniqueConstraint(fields=["league", "level"], name="seasons_division_once")]

    def __str__(self) -> str:
        return f"league {self.league_id} division {self.level}"



class DivisionPlayer(models.Model):
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    seed = models.PositiveSmallIntegerField(_("seed"))
    # Set when the league finishes: up, down or "" (stays).
    movement = models.CharField(_("movement"), max_length=4, blank=True, default="")

    class Meta:
        ordering = ["division_id", "seed"]
        constraints = [models.UniqueConstraint(fields=["division", "player"], name="seasons_member_once")]

    def __str__(self) -> str:
        return f"{self.player_id} in division {self.division_id}"



class LeagueGame(Confirmation):
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="games")
    round = models.ForeignKey(LeagueRound, on_delete=models.CASCADE, related_name="games")
    first = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # The result code (divisions.RESULTS; "" none yet), as counted.
    result = models.CharField(_("result"), max_length=3, blank=True, default="")
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="league_game")

    class Meta:
        ordering = ["division_id", "round_id", "id"]

    def __str__(self) -> str:
        return f"{self.first_id} – {self.second_id} ({self.result or 'no result'})"


def _new_feed_secret() -> str:
    import secrets

    return secrets.token_urlsafe(24)


class CalendarFeed(models.Model):
    """A member's calendar feed (docs/seasons.md, "Calendar and email"): the secret in its URL is
    the only credential (calendar apps cannot sign in), so it is renewed, never shown to others."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed")
    secret = models.CharField(max_length=64, unique=True, default=_new_feed_secret)
    email_notices = models.BooleanField(_("email me new challenges and league rounds"), default=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    def __str__(self) -> str:
        return f"calendar feed of user {self.user_id}"
