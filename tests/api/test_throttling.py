"""The scoring API is open to anonymous callers but rate-limited (DRF anon/user throttles,
rates from settings DEFAULT_THROTTLE_RATES)."""

import pytest

from rules_engine.duel.apidocs import D9_1_BOARD
from tests.factories import UserFactory


@pytest.fixture
def tiny_rates(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "2/min", "user": "3/min"},
    }


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [("post", "/api/v1/score", D9_1_BOARD), ("post", "/api/v1/replay", {}),
     ("get", "/api/v1/games-types", None)],
    ids=["score", "replay", "games-types"],
)
def test_anonymous_callers_get_429_beyond_the_anon_rate(api_client, tiny_rates, method, url, body):
    call = getattr(api_client, method)
    statuses = [call(url, body, format="json").status_code for _ in range(3)]
    assert 429 not in statuses[:2]
    assert statuses[2] == 429


def test_throttled_answer_says_when_to_retry(api_client, tiny_rates):
    for _ in range(2):
        api_client.post("/api/v1/score", D9_1_BOARD, format="json")
    response = api_client.post("/api/v1/score", D9_1_BOARD, format="json")
    assert response.status_code == 429
    assert response["Content-Type"] == "application/json"
    assert int(response["Retry-After"]) > 0
    assert "throttled" in response.json()["detail"]


@pytest.mark.django_db
def test_signed_in_callers_are_counted_by_the_user_rate(api_client, tiny_rates):
    api_client.force_login(UserFactory())
    statuses = [api_client.get("/api/v1/games-types").status_code for _ in range(4)]
    # 3/min for users: the anonymous 2/min does not apply to them.
    assert statuses == [200, 200, 200, 429]


def test_the_configured_rate_is_not_reached_by_normal_use(api_client):
    statuses = {api_client.get("/api/v1/games-types").status_code for _ in range(5)}
    assert statuses == {200}
