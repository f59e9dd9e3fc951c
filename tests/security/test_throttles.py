"""Throttles of the stateless scoring endpoints: per anonymous address and per user (token or
session), 429 with Retry-After; the address cannot be made up with X-Forwarded-For."""

import pytest
from rest_framework.test import APIClient

from rules_engine.duel.apidocs import D9_1_BOARD
from tests.factories import UserFactory
from tests.security.conftest import token_client


@pytest.fixture
def tiny_rates(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "2/min", "user": "3/min", "auth": "2/min"},
    }


def score(client, **extra):
    return client.post("/api/v1/score", D9_1_BOARD, format="json", **extra)


def test_anonymous_address_gets_429_with_retry_after_beyond_its_rate(tiny_rates):
    client = APIClient()
    assert [score(client).status_code for _ in range(2)] == [200, 200]
    response = score(client)
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert "throttled" in response.json()["detail"]


def test_another_address_has_its_own_allowance(tiny_rates):
    client = APIClient()
    for _ in range(3):
        score(client)
    assert score(client, REMOTE_ADDR="192.0.2.7").status_code == 200


def test_a_made_up_x_forwarded_for_does_not_reset_the_count(tiny_rates):
    client = APIClient()
    statuses = [score(client, HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code for i in range(3)]
    assert statuses == [200, 200, 429]


def test_behind_a_proxy_the_forwarded_address_is_counted(tiny_rates, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    client = APIClient()
    for _ in range(3):
        score(client, HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert score(client, HTTP_X_FORWARDED_FOR="198.51.100.2").status_code == 200


@pytest.mark.django_db
def test_token_user_gets_429_with_retry_after_beyond_the_user_rate(tiny_rates):
    client = token_client(UserFactory())
    statuses = [score(client).status_code for _ in range(4)]
    # 3/min per user: the anonymous 2/min does not apply to them.
    assert statuses == [200, 200, 200, 429]
    assert int(score(client)["Retry-After"]) > 0


@pytest.mark.django_db
def test_each_user_has_their_own_allowance(tiny_rates):
    first = token_client(UserFactory())
    for _ in range(4):
        score(first)
    assert score(token_client(UserFactory())).status_code == 200


@pytest.mark.django_db
def test_the_token_endpoint_is_throttled_per_address(tiny_rates):
    client = APIClient()
    statuses = [
        client.post("/api/v1/auth/token", {"username": "nobody", "password": "x"}, format="json").status_code
        for _ in range(3)
    ]
    assert statuses == [400, 400, 429]


def test_an_anonymous_caller_is_held_to_the_anonymous_rate_only(settings):
    # The per-user rate is for signed-in callers; anonymous ones are counted once, by address.
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "3/min", "user": "1/min", "auth": "2/min"},
    }
    client = APIClient()
    assert [score(client).status_code for _ in range(4)] == [200, 200, 200, 429]
