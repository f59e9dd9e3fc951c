"""Who asks, as the request limits count them (hints, the explorer, the ratings check): a signed-in
user by id, anyone else by address."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest

from imhotep_lib.limits import client_address


@dataclass(frozen=True)
class Caller:
    """Who asks, as the limits count them: a signed-in user, or an address."""

    key: str
    anonymous: bool


def caller_of(request: HttpRequest) -> Caller:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Caller(f"user:{user.pk}", anonymous=False)
    return Caller(f"address:{client_address(request)}", anonymous=True)
