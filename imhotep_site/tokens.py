"""API tokens, owned by their user (docs/security.md):

* page ``/account/token``: see whether you have a token, create, regenerate or revoke it
  (signed in, POST with CSRF); a new key is shown once, on the answer to the POST;
* ``POST /api/v1/auth/token`` username + password → the user's token (throttled per address,
  and the login lockout of django-axes applies);
* ``DELETE /api/v1/auth/token`` revokes the caller's own token (token or session auth);
* a new password (change, reset, admin, ``changepassword``) revokes the user's tokens
  (``revoke_on_new_password``, connected in ``ImhotepSiteConfig.ready``).

Each acts on ``request.user``'s token only: no id is taken from the request, so no one can
reach another user's token. Also the lockout answer of django-axes (``AXES_LOCKOUT_CALLABLE``).
"""

from __future__ import annotations

import math

from axes.helpers import get_cool_off, get_lockout_message
from django.contrib.auth import authenticate
from django.contrib.auth.decorators import login_required
from django.contrib.auth.hashers import is_password_usable
from django.db import transaction
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from imhotep_lib.limits import wants_json
from imhotep_lib.throttles import CurrentRates, SlidingWindow

# --------------------------------------------------------------------------- the page


def _new_token(user) -> Token:
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def token_page(request):
    token = Token.objects.filter(user=request.user).first()
    new_key = None
    message = ""
    if request.method == "POST":
        action = request.POST.get("action")
        if action in {"create", "regenerate"}:
            token = _new_token(request.user)
            new_key = token.key
            if action == "regenerate":
                message = _(
                    "Your new token is below; copy it now, it is shown only this once. The old token no longer works."
                )
            else:
                message = _("Your new token is below; copy it now, it is shown only this once.")
        elif action == "revoke":
            Token.objects.filter(user=request.user).delete()
            token = None
            message = _("Your token is revoked: it no longer works.")
        else:
            return render(
                request,
                "account/token.html",
                {"token": token, "error": _("choose create, regenerate or revoke")},
                status=400,
            )
    return render(request, "account/token.html", {"token": token, "new_key": new_key, "message": message})


# --------------------------------------------------------------------------- a new password


def password_is_new(user, update_fields) -> bool:
    """Whether this save of ``user`` stores a new password: set_password() was called (Django
    marks it in ``_password`` until the save, the mark its own ``password_changed`` hooks read;
    a hash upgraded at login is not marked), or the password was made unusable."""
    if update_fields is not None and "password" not in update_fields:
        return False
    if getattr(user, "_password", None) is not None:
        return True
    if user.pk is None or user.has_usable_password():
        return False
    old = type(user)._default_manager.filter(pk=user.pk).values_list("password", flat=True).first()
    return old is not None and is_password_usable(old)


def revoke_on_new_password(sender, instance, raw=False, update_fields=None, **kwargs) -> None:
    """pre_save of the user model: whoever knew the old password may hold a token made with it.
    Other sessions end by themselves: Django checks each session's password hash on every request."""
    if not raw and password_is_new(instance, update_fields):
        Token.objects.filter(user_id=instance.pk).delete()


# --------------------------------------------------------------------------- the API


class AuthTokenThrottle(CurrentRates, SlidingWindow, AnonRateThrottle):
    """Per address, for everyone (signed in or not): rate ``DEFAULT_THROTTLE_RATES["auth"]``."""

    scope = "auth"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class Credentials(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, style={"input_type": "password"}, trim_whitespace=False)


class TokenAnswer(serializers.Serializer):
    token = serializers.CharField(help_text='Send it as "Authorization: Token <token>".')
    created = serializers.BooleanField(help_text="false: the token you already had.")


_DETAIL = inline_serializer("TokenDetail", {"detail": serializers.CharField()})


class AuthTokenView(APIView):
    # Token first: an anonymous DELETE gets 401 with "WWW-Authenticate: Token".
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    throttle_classes = [AuthTokenThrottle]

    def get_permissions(self):
        # POST proves who you are with the password; DELETE needs you signed in.
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    @extend_schema(
        operation_id="obtain_auth_token",
        summary="Get your API token with your username and password",
        description=(
            "Answers your token (creating it when you have none). Failed attempts count towards the "
            "login lockout (IMHOTEP_LOGIN_FAILURE_LIMIT failures from one address lock that username "
            "out for IMHOTEP_LOGIN_COOLOFF_MINUTES, answered 429), and the endpoint is throttled per "
            "address (IMHOTEP_THROTTLE_AUTH)."
        ),
        request=Credentials,
        responses={
            200: TokenAnswer,
            201: TokenAnswer,
            400: OpenApiResponse(_DETAIL, description="missing fields, or wrong username or password"),
        },
        tags=["auth"],
    )
    def post(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        form = Credentials(data=data)
        if not form.is_valid():
            fields = ", ".join(sorted(form.errors))
            detail = _("send your username and password ({fields})").format(fields=fields)
            return Response({"detail": detail}, status=400)
        # The Django request, as axes marks it for its middleware's lockout answer.
        user = authenticate(request._request, **form.validated_data)
        if user is None or not user.is_active:
            return Response({"detail": _("wrong username or password")}, status=400)
        token, created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key, "created": created}, status=201 if created else 200)

    @extend_schema(
        operation_id="revoke_auth_token",
        summary="Revoke your own API token",
        description="The token stops working at once; get a new one with POST or on /account/token.",
        request=None,
        responses={204: None},
        tags=["auth"],
    )
    def delete(self, request):
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


# --------------------------------------------------------------------------- login lockout


def lockout_response(request, original_response=None, credentials=None) -> HttpResponse:
    """django-axes' answer to a locked-out login: 429 with Retry-After, JSON for the API."""
    message = str(get_lockout_message())
    cool_off = get_cool_off(request)
    if wants_json(request):
        response = JsonResponse({"detail": message}, status=429)
    else:
        response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    if cool_off:
        response["Retry-After"] = str(math.ceil(cool_off.total_seconds()))
    return response
