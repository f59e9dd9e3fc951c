"""A new password (changed, or reset by mail) revokes the user's API tokens and ends their
other sessions; the session that changed it stays signed in."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.security.conftest import PASSWORD, signed_in

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a brand new pyramid of stone"


def with_token(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def is_signed_in(client) -> bool:
    return client.get("/account/").status_code == 200


def change_password(client):
    return client.post(
        "/account/password",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )


def reset_password(client, email):
    client.post("/account/password-reset", {"email": email})
    link = re.search(r"/account/reset/\S+/\S+", mail.outbox[-1].body).group(0)
    form = client.get(link, follow=True)  # Django swaps the token in the URL for one in the session
    return client.post(form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})


def test_changing_the_password_revokes_the_api_token(alice):
    api = with_token(alice)
    assert api.get("/api/v1/games").status_code == 200
    assert change_password(signed_in(alice)).status_code == 302
    assert api.get("/api/v1/games").status_code == 401
    assert not Token.objects.filter(user=alice).exists()


def test_changing_the_password_ends_the_other_sessions_and_keeps_this_one(alice):
    here, elsewhere = signed_in(alice), signed_in(alice)
    assert is_signed_in(elsewhere)
    assert change_password(here).status_code == 302
    assert is_signed_in(here)
    assert not is_signed_in(elsewhere)


def test_resetting_the_password_revokes_the_token_and_ends_the_sessions(alice):
    alice.email = "alice@example.org"
    alice.save()
    api, session = with_token(alice), signed_in(alice)
    assert reset_password(APIClient(), alice.email).status_code == 302
    assert api.get("/api/v1/games").status_code == 401
    assert not is_signed_in(session)


def test_a_password_set_by_an_admin_revokes_the_token(alice):
    api = with_token(alice)
    user = get_user_model().objects.get(pk=alice.pk)
    user.set_password(NEW_PASSWORD)
    user.save()
    assert api.get("/api/v1/games").status_code == 401


def test_signing_in_keeps_the_token(alice):
    """A login saves the user (last login, perhaps a rehashed password): no new password."""
    api = with_token(alice)
    assert APIClient().post("/account/login", {"username": "alice", "password": PASSWORD}).status_code == 302
    assert api.get("/api/v1/games").status_code == 200
