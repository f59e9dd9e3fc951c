"""Fixtures of the security tests: a game in progress owned by alice (the cast is in
tests/conftest.py), and clients signed in as anyone (session or token)."""


import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game
from games.services.recording import import_record
from tests.kit import random_record

PASSWORD = "correct horse battery"  # UserFactory's


@pytest.fixture(autouse=True)
def _fresh_throttle_history():
    """Throttles count in the cache: every test starts from zero."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def live_game(alice) -> Game:
    """A Duel in progress (10 moves) stored by ``alice``."""
    outcome = import_record(random_record(11, moves=10), user=alice, source=Game.Source.RECORDED)
    assert outcome.status == "imported", outcome.describe()
    return outcome.game


def signed_in(user, *, enforce_csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=enforce_csrf)
    if user is not None:
        client.force_login(user)
    return client


def token_client(user) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client
