"""Club events: a tournament, league or round robin of one game type, its players, rounds and
pairings. A pairing's result is not stored here: it is the linked club-history game's result
(or, when an admin fixes it, the ranks they set), so a game recorded live fills its pairing in
the moment it ends, and the game is rated like any other.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game, Player


def _new_seed() -> int:
    return secrets.randbelow(2**31)


class Event(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss (two players a game)")
        ROUND_ROBIN = "round_robin", _("Round robin (two players a game)")
        TABLES = "tables", _("Tables of 3–4 players")

    class Scoring(models.TextChoices):
        PLACES = "places", _("Place points")
        SCORE = "score", _("Game score")

    class PairingEdition(models.TextChoices):
        DUTCH_2026 = "dutch-2026", _("FIDE Dutch system, C.04.3 in force from 1 February 2026")
        DUTCH_2025 = "dutch-2025", _("FIDE Dutch system, C.04.3 in force until 31 January 2026")

    class ByeRequests(models.TextChoices):
        """Which byes a player may ask for, for a coming round (C.07 Art. 16.1.1: a requested
        bye is worth a draw's points or none, as the event's rules say)."""
        NONE = "none", _("No requested byes")
        ZERO = "zero", _("Zero-point byes")
        HALF = "half", _("Half-point or zero-point byes")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=120)
    game_type = models.CharField(_("game type"), max_length=40, help_text=_("Registry id of the game played."))
    kind = models.CharField(_("pairing system"), max_length=20, choices=Kind.choices)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=3)
    scoring = models.CharField(_("scoring"), max_length=10, choices=Scoring.choices, default=Scoring.PLACES)
    # By table size: {"4": [6, 4, 2, 0], "3": [6, 3, 0], "2": [6, 0]} (set at creation; see
    # standings.py DEFAULT_PLACE_POINTS). Events stored before kept one list for every size.
    place_points = models.JSONField(
        _("place points"), default=dict, blank=True,
        help_text=_("Points for 1st, 2nd, … at a table of each size, e.g. 6 4 2 0 at four, 6 3 0 at three.")
    )
    bye_points = models.FloatField(_("bye points"), default=1.0)
    tiebreaks = models.JSONField(_("tie-breaks"), default=list, blank=True)
    # The Dutch system's edition the Swiss is paired by (pairing/swiss_dutch.py), fixed when the
    # event is created so a running event keeps the rules it started with.
    pairing_edition = models.CharField(
        _("pairing rules"), max_length=20, choices=PairingEdition.choices, default=PairingEdition.DUTCH_2026)
    # Two-seat events only: whether a player may ask to sit a coming round out (ByeRequest).
    requested_byes = models.CharField(
        _("requested byes"), max_length=10, choices=ByeRequests.choices, default=ByeRequests.NONE)
    seed = models.BigIntegerField(_("seed"), default=_new_seed, help_text=_("Seeds the drawing of lots."))
    language = models.CharField(_("language"), max_length=10, default="en")
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="club_events"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    @property
    def is_pairs(self) -> bool:
        """Two players a game (Swiss, round robin), as opposed to tables of 3–4."""
        return self.kind != self.Kind.TABLES

    @property
    def game_name(self) -> str:
        from games import registered_games
        from imhotep_lib.translation import say

        return say(registered_games.game_name(self.game_type))


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="event_registrations")
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="events_registration_unique")]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="events_round_unique")]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class Pairing(models.Model):
    """A table of a round: its seats, the club-history game played there, or a bye."""

    class Kind(models.TextChoices):
        """How the table's points came about (pairing/types.py's Board kinds); "" is as before
        kinds were stored: a pairing-allocated bye for a bye, else played."""
        PLAYED = "played", _("played")
        FORFEIT = "forfeit", _("forfeit")
        PAIRING_BYE = "pab", _("pairing-allocated bye")
        HALF_BYE = "half-bye", _("half-point bye")
        ZERO_BYE = "zero-bye", _("zero-point bye")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField(_("table"))
    bye = models.BooleanField(_("bye"), default=False)
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="event_pairing", verbose_name=_("game")
    )
    # An admin's fixed result: the rank of each seat (1 = won), in seat order; it wins over the game's.
    # With kind FORFEIT: rank 1 won by forfeit, 2 lost by forfeit; every seat 2 is a double forfeit.
    fixed_ranks = models.JSONField(_("fixed ranks"), null=True, blank=True)
    kind = models.CharField(_("result kind"), max_length=10, choices=Kind.choices, default="", blank=True)

    class Meta:
        ordering = ["round_id", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="events_pairing_unique_table")]

    def __str__(self) -> str:
        return f"{self.round} table {self.table}"


class PairingSeat(models.Model):
    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="seats")
    order = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="event_seats")

    class Meta:
        ordering = ["pairing_id", "order"]
        constraints = [models.UniqueConstraint(fields=["pairing", "order"], name="events_seat_unique_order")]

    def __str__(self) -> str:
        return f"{self.player_id} at {self.pairing} (seat {self.order + 1})"


class ByeRequest(models.Model):
    """A player's own bye for a coming round, where the event allows it (Event.requested_byes):
    they are left out of that round's pairing and get a bye of this kind (C.07 Art. 16.2.3 or
    16.2.5 in the tie-breaks)."""

    class Kind(models.TextChoices):
        HALF_BYE = "half-bye", _("half-point bye")
        ZERO_BYE = "zero-bye", _("zero-point bye")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="bye_requests")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="event_bye_requests")
    round_number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("bye"), max_length=10, choices=Kind.choices)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "round_number", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "player", "round_number"],
                                               name="events_byerequest_unique_round")]

    def __str__(self) -> str:
        return f"{self.player} {self.kind} in {self.event} round {self.round_number}"


class ProhibitedPair(models.Model):
    """Two registered players of a Swiss the organiser keeps apart (family members, say): the
    pairing never seats them together (C.04.3 as in force from 1 February 2026 lets the arbiter
    forbid pairs, an absolute criterion). Stored with the lower player id first, so a pair given
    in either order is the same row."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="prohibited_pairs")
    player_a = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player_a", "player_b"], name="events_prohibitedpair_unique"),
            models.CheckConstraint(condition=models.Q(player_a__lt=models.F("player_b")),
                                   name="events_prohibitedpair_ordered"),
        ]

    def __str__(self) -> str:
        return f"{self.player_a} and {self.player_b} kept apart in {self.event}"
