"""Hints are bounded (issue 29): kept per record, position and engine version, and worked out
only while the service has room (games/analysis/hints.py); otherwise 429 with Retry-After."""

from contextlib import ExitStack

import pytest
from django.test import Client
from rest_framework.test import APIClient

from imhotep_lib.slots import slot
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def taken(pool: str, size: int) -> ExitStack:
    """Every slot of ``pool`` held, as other workers' hints would hold them."""
    stack = ExitStack()
    for _ in range(size):
        assert stack.enter_context(slot(pool, size, hold=60))
    return stack


def hint(game, ply, user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.get(f"/api/v1/games/{game.pk}/hint", {"ply": ply})


def test_an_anonymous_hint_with_no_room_is_429_with_retry_after(game, settings):
    with taken("hint-anonymous", settings.IMHOTEP_HINT_ANON_CONCURRENCY):
        response = hint(game, 5)
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert "try again" in response.json()["detail"]


def test_a_kept_hint_is_answered_when_the_service_has_no_room(game, settings):
    first = hint(game, 5).json()
    with taken("hint", settings.IMHOTEP_HINT_CONCURRENCY):
        again = hint(game, 5)
    assert again.status_code == 200 and again.json() == first


def test_a_hint_of_another_position_is_not_the_kept_one(game, settings):
    hint(game, 5)
    with taken("hint", settings.IMHOTEP_HINT_CONCURRENCY):
        assert hint(game, 6).status_code == 429


def test_a_member_is_not_held_back_by_anonymous_readers(game, member, settings):
    with taken("hint-anonymous", settings.IMHOTEP_HINT_ANON_CONCURRENCY):
        assert hint(game, 5, member).status_code == 200


def test_one_hint_at_a_time_per_caller(game, member):
    other = UserFactory(username="other")
    with taken(f"hint-caller:user:{member.pk}", 1):
        assert hint(game, 5, member).status_code == 429
        assert hint(game, 5, other).status_code == 200


def test_the_slots_are_given_back_after_a_hint(game, settings):
    settings.IMHOTEP_HINT_ANON_CONCURRENCY = 1
    assert [hint(game, ply).status_code for ply in (3, 4, 5)] == [200, 200, 200]


def test_the_best_moves_page_with_no_room_is_429_with_retry_after(game, settings):
    with taken("hint-anonymous", settings.IMHOTEP_HINT_ANON_CONCURRENCY):
        response = Client().get(f"/games/{game.pk}/replay?ply=4&hint=1")
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert 'id="limit-message"' in response.content.decode()


def test_the_busy_page_says_it_as_a_sentence_and_offers_to_try_again(game, settings):
    url = f"/games/{game.pk}/replay?ply=4&hint=1"
    with taken("hint-anonymous", settings.IMHOTEP_HINT_ANON_CONCURRENCY):
        body = Client().get(url).content.decode()
    assert '<p id="limit-message">The best moves are being worked out' in body
    assert f'<a href="{url.replace("&", "&amp;")}" id="limit-retry">Try again</a>' in body


def test_the_best_moves_page_uses_the_kept_hint(game, member, settings):
    hint(game, 4, member)
    with taken("hint", settings.IMHOTEP_HINT_CONCURRENCY):
        body = Client().get(f"/games/{game.pk}/replay?ply=4&hint=1").content.decode()
    assert body.count("% to win</li>") == 3
