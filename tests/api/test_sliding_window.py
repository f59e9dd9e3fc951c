"""The API throttles count a caller in two fixed windows weighed as a sliding one
(imhotep_lib/throttles.py SlidingWindow), driven here by a clock of the test's own."""

import pytest
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from imhotep_lib.throttles import ScoringAnonThrottle

START = 1_800_000_000 - 1_800_000_000 % 60 + 30  # half-way into a one-minute window


@pytest.fixture(autouse=True, params=["memory", "diskcache"])
def _cache(request, tmp_path):
    """Each test counts in Django's memory cache (incr and add, as Redis does) and in the
    embedded default, diskcache's Django backend."""
    from django.test import override_settings

    backend = {
        "memory": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "diskcache": {"BACKEND": "imhotep_site.diskcache_backend.DiskCache", "LOCATION": str(tmp_path)},
    }[request.param]
    with override_settings(CACHES={"default": backend}):
        yield


@pytest.fixture
def ten_a_minute(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                                          "anon": "10/min"}}


def _asks(at: float, times: int = 1) -> list[bool]:
    """Whether each of ``times`` requests from one address at second ``at`` is allowed."""
    request = Request(APIRequestFactory().post("/api/v1/score", REMOTE_ADDR="203.0.113.7"))
    answers = []
    for _ in range(times):
        throttle = ScoringAnonThrottle()
        throttle.timer = lambda: at
        answers.append(throttle.allow_request(request, None))
    return answers


def test_the_rate_is_allowed_and_the_next_request_refused(ten_a_minute):
    assert _asks(START, 11) == [True] * 10 + [False]


def test_the_window_before_counts_for_the_part_still_inside_the_last_minute(ten_a_minute):
    _asks(START, 10)
    # 45 s into the next window (30 + 45 = 75): a quarter of the window before is still inside the last minute.
    assert _asks(START + 75, 8) == [True] * 7 + [False]


def test_a_refused_request_is_not_counted(ten_a_minute):
    _asks(START, 10)
    _asks(START + 1, 50)
    assert _asks(START + 75, 8) == [True] * 7 + [False]


def test_the_wait_is_until_one_more_request_would_be_allowed(ten_a_minute):
    _asks(START, 10)
    request = Request(APIRequestFactory().post("/api/v1/score", REMOTE_ADDR="203.0.113.7"))
    throttle = ScoringAnonThrottle()
    throttle.timer = lambda: START
    assert not throttle.allow_request(request, None)
    # The window ends in 30 s; then the full window before weighs 10 × (1 − t/60) + 1 ≤ 10 at t = 6 s.
    assert throttle.wait() == pytest.approx(36)
    assert _asks(START + 35.9) == [False] and _asks(START + 36.1) == [True]
