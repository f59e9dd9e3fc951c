"""Invitations: an admin makes a single-use link that expires; the invitee sets a password,
becomes a member (or guest, or admin) and is linked to a player of the club.

Only a SHA-256 of the link's secret is stored, so a leaked database does not leak usable
links. Accepting is atomic: the account, the role, the player link and the invite's use
happen together or not at all.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.membership.models import Invite
from games.membership.roles import set_role
from games.models import Player, name_key, normalize_name


class InviteError(ValueError):
    """An invitation that cannot be used, or an acceptance that cannot be stored; the message
    is written for the person holding the link."""


@dataclass(frozen=True)
class NewInvite:
    invite: Invite
    secret: str  # shown once, in the link; never stored


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def create_invite(*, created_by, role: str, player: Player | None = None, email: str = "") -> NewInvite:
    if player is not None and player.user_id is not None:
        raise InviteError(_("{name} already has an account.").format(name=player.name))
    secret = secrets.token_urlsafe(32)
    days = settings.IMHOTEP_INVITE_DAYS
    invite = Invite.objects.create(
        token_hash=_hash(secret),
        email=email,
        role=role,
        player=player,
        created_by=created_by,
        expires_at=timezone.now() + datetime.timedelta(days=days),
    )
    return NewInvite(invite, secret)


def mail_invite(new: NewInvite, link: str) -> None:
    send_mail(
        subject=_("Your invitation to the club's Imhotep scores"),
        message=_(
            "You are invited to join the club's Imhotep score and game records.\n\n"
            "Open this link to choose your password (it works once, until {date}):\n\n{link}\n"
        ).format(date=f"{new.invite.expires_at:%Y-%m-%d}", link=link),
        from_email=None,
        recipient_list=[new.invite.email],
    )


def find_invite(secret: str) -> Invite:
    """The usable invite behind a link, or InviteError saying why not."""
    invite = Invite.objects.select_related("player").filter(token_hash=_hash(secret)).first()
    if invite is None:
        raise InviteError(_("This invitation link is not valid. Ask a club admin for a new one."))
    if invite.used_at is not None:
        raise InviteError(_("This invitation has already been used. Sign in, or ask a club admin for a new one."))
    if invite.expires_at <= timezone.now():
        raise InviteError(_("This invitation has expired. Ask a club admin for a new one."))
    return invite


def free_players():
    """Players an invitee may claim: those without an account."""
    return Player.objects.filter(user__isnull=True)


def accept_invite(secret: str, *, username: str, password: str, player: Player | None, new_player_name: str = ""):
    """Create the account and link its player; returns the new user."""
    with transaction.atomic():
        invite = find_invite(secret)
        # Lock the invite so two tabs cannot both use it.
        invite = Invite.objects.select_for_update().get(pk=invite.pk)
        if invite.used_at is not None:
            raise InviteError(_("This invitation has already been used."))
        users = get_user_model()
        if users.objects.filter(username__iexact=username).exists():
            raise InviteError(_("The username {name} is taken; choose another.").format(name=repr(username)))
        user = users.objects.create_user(username=username, password=password, email=invite.email)
        set_role(user, invite.role)
        player = invite.player or player
        if player is not None:
            player = Player.objects.select_for_update().get(pk=player.pk)
            if player.user_id is not None:
                raise InviteError(
                    _("{name} already has an account; pick another player or a new name.").format(name=player.name)
                )
        else:
            name = normalize_name(new_player_name) or username
            if Player.objects.filter(name_key=name_key(name)).exists():
                raise InviteError(
                    _("A player called {name} exists already: pick them from the list instead.").format(name=name)
                )
            player = Player(name=name)
        player.user = user
        try:
            player.save()
        except IntegrityError as error:  # a concurrent claim of the same name
            raise InviteError(_("That player was just taken; try again.")) from error
        invite.used_at = timezone.now()
        invite.used_by = user
        invite.save(update_fields=["used_at", "used_by"])
    return user
