"""The service worker that keeps a play page for opening it offline (issue 39): served under
/games/ (its scope), as JavaScript, never cached stale; the play page names it."""

import pytest
from django.test import Client

from tests.replay.test_live_pages import _client


def test_the_offline_worker_is_served_under_games_as_javascript():
    response = Client().get("/games/offline-sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert b'request.method !== "GET"' in response.content  # moves are never answered from the cache


@pytest.mark.django_db
def test_the_play_page_names_its_offline_worker(live_game, alice):
    body = _client(alice).get(f"/games/{live_game.pk}/play").content.decode()
    assert 'data-offline-sw="/games/offline-sw.js"' in body
