"""What a user may do, by role. The one place that knows how roles are stored."""

from __future__ import annotations

from games.membership.models import Membership, Role


def role_of(user) -> str | None:
    """``admin``, ``member``, ``guest``, or None for an anonymous visitor."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_staff:
        return Role.ADMIN
    try:
        return user.membership.role if user.membership.role != Role.ADMIN else Role.MEMBER
    except Membership.DoesNotExist:
        return Role.MEMBER  # accounts made before roles existed, or by createsuperuser/admin


def may_write(user) -> bool:
    """Members and admins write (within what each route allows); guests and visitors read."""
    return role_of(user) in (Role.ADMIN, Role.MEMBER)


def is_club_admin(user) -> bool:
    return role_of(user) == Role.ADMIN


def club_admins():
    """The active club admins' accounts (an admin is a staff user, `set_role`)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.filter(is_staff=True, is_active=True)


def set_role(user, role: str) -> None:
    """Store a role; an admin is a staff user, since the rest of the service checks is_staff."""
    Membership.objects.update_or_create(user=user, defaults={"role": role})
    staff = role == Role.ADMIN
    if user.is_staff != staff:
        user.is_staff = staff
        user.save(update_fields=["is_staff"])
