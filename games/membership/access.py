"""Guards for write routes: pages (a view decorator) and the API (a DRF permission).

Visitors are sent to sign in (pages) or get 401/403 (API); guests, who may only read, get
403 with a sentence saying so.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from rest_framework import permissions

from games.membership.roles import may_write

GUEST_REFUSAL = "Guests may look at everything but change nothing; ask a club admin to make you a member."


_R = TypeVar("_R", bound=HttpResponse)


def member_required(view: Callable[..., _R]) -> Callable[..., _R]:
    """Like login_required, and refuses guests."""

    @login_required
    @wraps(view)
    def guarded(request: HttpRequest, *args: object, **kwargs: object) -> _R:
        if not may_write(request.user):
            raise PermissionDenied(GUEST_REFUSAL)
        return view(request, *args, **kwargs)

    return guarded


class IsMemberOrReadOnly(permissions.BasePermission):
    """Reads for all; writes for signed-in members and admins, never for guests."""

    message = GUEST_REFUSAL

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated and may_write(request.user))
