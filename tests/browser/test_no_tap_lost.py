"""A café's Wi-Fi at the table, in headless Chromium: a tap made while the connection is down
is kept, the page says it is not saved yet, and it is stored once when the connection returns
(js/retry.js; the move id stores it once)."""

import json

import pytest
from playwright.sync_api import expect

from games.models import Move
from tests.browser.contexts import log_in, settled_at
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_tap_made_offline_is_stored_once_when_the_connection_returns(page, live_server, alice):
    full = random_record(11)
    game = store(random_record(11, moves=10), alice)
    log_in(page, live_server, alice)
    page.goto(f"/games/{game.pk}/play")
    settled_at(page, "#play", 10)
    move = json.dumps(full["moves"][10], separators=(",", ":"))
    button = page.locator(f"#play button[name=move][value={json.dumps(move)}]")
    if not button.is_visible():  # an action token's move sits in its list
        page.evaluate("document.querySelectorAll('#action-menu details').forEach(d => d.open = true)")

    page.context.set_offline(True)
    button.click()
    expect(page.locator("#play-retrying")).to_be_visible()
    assert Move.objects.filter(game=game).count() == 10

    page.context.set_offline(False)
    settled_at(page, "#play", 11)
    expect(page.locator("#play-retrying")).to_be_hidden()
    assert Move.objects.filter(game=game).count() == 11
    assert Move.objects.get(game=game, ply=10).move_id  # stored under the page's id
