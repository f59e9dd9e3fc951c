"""Roles and invitations of the (one) club an installation serves.

A club admin is a Django staff user (what the rest of the service already checks); a guest
is a signed-in user who may read everything and write nothing; everyone else signed in is a
member. Invitations are single-use links that expire; only a hash of the secret is stored.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    ADMIN = "admin", _("Club admin")
    MEMBER = "member", _("Member")
    GUEST = "guest", _("Guest (read-only)")


class Membership(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="membership")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()})"


class Invite(models.Model):
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    email = models.EmailField(blank=True, help_text=_("Where the link was sent, if it was mailed."))
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    player = models.ForeignKey(
        "games.Player",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("Link the new account to this player (one without an account), or leave empty."),
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


class LanguagePreference(models.Model):
    """The interface language a signed-in user chose (docs/i18n.md). It follows them to any
    browser; a visitor who is not signed in is remembered by the language cookie only."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="language_preference"
    )
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)

    class Meta:
        verbose_name = _("language preference")
        verbose_name_plural = _("language preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language}"
