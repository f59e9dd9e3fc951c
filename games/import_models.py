"""What imports leave in the database besides games (issue 29): an upload's progress, and the
mark that some stored games are not rated yet. Part of the ``games`` app (games/models.py
imports them)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.leases import Leased


class RatingsBacklog(models.Model):
    """Per game type, the earliest stored finished game (date played, id) whose ratings are not
    computed yet. Written in the same transaction as the game, so a crash after it leaves the
    mark; `games.services.ratings.catch_up` rates from it and clears it (every import at its
    start and end, and each background task a worker starts)."""

    game_type = models.CharField(max_length=40, unique=True)
    played_on = models.DateField()
    game_id = models.BigIntegerField()

    def __str__(self) -> str:
        return f"{self.game_type} ratings out of date from game {self.game_id}"


class ImportJob(Leased):
    """One upload of game records, imported by a background task; the progress page and
    ``GET /api/v1/imports/<id>`` read it."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    language = models.CharField(max_length=10, default="en", help_text=_("The uploader's language."))
    text = models.TextField(blank=True, help_text=_("The upload, kept until it is imported."))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    imported = models.PositiveIntegerField(default=0)
    duplicates = models.PositiveIntegerField(default=0)
    rejected = models.PositiveIntegerField(default=0)
    outcomes = models.JSONField(default=list, blank=True, help_text=_("One line per record read."))
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"import {self.pk} ({self.status}, {self.done}/{self.total})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
