"""API tokens: their owner creates, uses and revokes them, on /account/token and through
POST/DELETE /api/v1/auth/token; no one reaches another user's token."""

import re

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.kit import random_record
from tests.security.conftest import PASSWORD, signed_in

pytestmark = pytest.mark.django_db

KEY = re.compile(r'id="token-key"[^>]*value="([0-9a-f]{40})"')


def with_key(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def store_a_game(client):
    return client.post("/api/v1/games", random_record(5, moves=6), format="json")


# --------------------------------------------------------------------------- the page


def test_token_page_needs_a_login(client):
    response = client.get("/account/token")
    assert response.status_code == 302 and response["Location"].startswith("/account/login")


def test_token_page_creates_a_token_shown_once_that_works(alice):
    client = signed_in(alice)
    assert "You have no API token" in client.get("/account/token").content.decode()
    created = client.post("/account/token", {"action": "create"})
    key = KEY.search(created.content.decode()).group(1)
    assert Token.objects.get(user=alice).key == key
    assert key not in client.get("/account/token").content.decode()  # later: only its last 4 characters
    assert store_a_game(with_key(key)).status_code == 201


def test_token_page_regenerate_replaces_the_old_token(alice):
    client = signed_in(alice)
    old = Token.objects.create(user=alice).key
    new = KEY.search(client.post("/account/token", {"action": "regenerate"}).content.decode()).group(1)
    assert new != old
    assert store_a_game(with_key(old)).status_code == 401
    assert store_a_game(with_key(new)).status_code == 201


def test_token_page_revoke_stops_the_token(alice):
    key = Token.objects.create(user=alice).key
    signed_in(alice).post("/account/token", {"action": "revoke"})
    assert store_a_game(with_key(key)).status_code == 401


def test_token_page_acts_on_the_signed_in_users_token_only(alice, bob):
    mine = Token.objects.create(user=alice).key
    signed_in(bob).post("/account/token", {"action": "revoke"})
    signed_in(bob).post("/account/token", {"action": "regenerate"})
    assert Token.objects.get(user=alice).key == mine


def test_token_page_refuses_an_unknown_action(alice):
    assert signed_in(alice).post("/account/token", {"action": "steal"}).status_code == 400


def test_token_page_is_never_cached(alice):
    assert "no-store" in signed_in(alice).get("/account/token")["Cache-Control"]


# --------------------------------------------------------------------------- the API


def obtain(username: str, password: str):
    return APIClient().post("/api/v1/auth/token", {"username": username, "password": password}, format="json")


def test_api_gives_a_token_for_username_and_password(alice):
    response = obtain("alice", PASSWORD)
    assert response.status_code == 201 and response.json()["created"] is True
    assert store_a_game(with_key(response.json()["token"])).status_code == 201


def test_api_gives_the_same_token_again(alice):
    first = obtain("alice", PASSWORD).json()["token"]
    again = obtain("alice", PASSWORD)
    assert again.status_code == 200 and again.json() == {"token": first, "created": False}


@pytest.mark.parametrize(
    "body", [{"username": "alice", "password": "wrong"}, {"username": "alice"}, {}, [1, 2]], ids=str
)
def test_api_refuses_bad_credentials_with_400(alice, body):
    response = APIClient().post("/api/v1/auth/token", body, format="json")
    assert response.status_code == 400
    assert "detail" in response.json()
    assert not Token.objects.exists()


def test_api_refuses_an_inactive_user(alice):
    alice.is_active = False
    alice.save()
    assert obtain("alice", PASSWORD).status_code == 400


def test_create_use_revoke_then_401(alice):
    key = obtain("alice", PASSWORD).json()["token"]
    client = with_key(key)
    assert store_a_game(client).status_code == 201
    assert client.delete("/api/v1/auth/token").status_code == 204
    after = store_a_game(client)
    assert after.status_code == 401
    assert after["WWW-Authenticate"] == "Token"


def test_revoke_with_a_session(alice):
    key = Token.objects.create(user=alice).key
    client = APIClient()
    client.force_login(alice)
    assert client.delete("/api/v1/auth/token").status_code == 204
    assert store_a_game(with_key(key)).status_code == 401


def test_revoke_needs_a_user():
    assert APIClient().delete("/api/v1/auth/token").status_code == 401


def test_one_user_cannot_revoke_anothers_token(alice, bob):
    mine = obtain("alice", PASSWORD).json()["token"]
    theirs = obtain("bob", PASSWORD).json()["token"]
    assert with_key(theirs).delete("/api/v1/auth/token").status_code == 204
    assert store_a_game(with_key(mine)).status_code == 201
    assert Token.objects.filter(user=alice, key=mine).exists()
