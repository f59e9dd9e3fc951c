"""Roles and invitations of the (one) club an installation serves.

A club admin is a Django staff user (what the rest of the service already checks); a guest
is a signed-in user who may read everything and write nothing; everyone else signed in is a
member. Invitations are single-use links that expire; only a hash of the secret is stored.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Role(models.TextChoices):
    ADMIN = "admin", "Club admin"
    MEMBER = "member", "Member"
    GUEST = "guest", "Guest (read-only)"


class Membership(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="membership")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()})"


class Invite(models.Model):
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    email = models.EmailField(blank=True, help_text="Where the link was sent, if it was mailed.")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    player = models.ForeignKey(
        "games.Player",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Link the new account to this player (one without an account), or leave empty.",
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"invite {self.pk} ({self.get_role_display()})"
