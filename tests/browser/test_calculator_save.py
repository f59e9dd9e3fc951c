""""Save to club history" on the Duel calculator in headless Chromium: a tap right after typing
saves what was typed, a live update never replaces the button under the tap, and the button is
offered only while the board has a score."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.contexts import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_save_tapped_before_the_live_update_saves_what_was_typed(page, live_server, alice):
    log_in(page, live_server, alice)
    page.goto("/score/duel?p0_name=Ana&p1_name=Ben")
    page.locator("#player-0").get_by_label("Obelisk tokens").fill("3")
    page.get_by_role("button", name="Save to club history").click()  # within the 300 ms before the update
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    assert [p["obelisk"] for p in Game.objects.get().board["players"]] == [3, 0]


def test_a_live_update_keeps_the_save_button_it_found(page, live_server, alice):
    log_in(page, live_server, alice)
    page.goto("/score/duel?p0_name=Ana&p1_name=Ben")
    button = page.get_by_role("button", name="Save to club history").element_handle()
    page.locator("#player-0").get_by_label("Obelisk tokens").fill("3")
    page.wait_for_url(re.compile(r"p0_obelisk=3"))  # the update has been swapped in
    assert button.evaluate("b => b.isConnected")  # the same element: a tap on it is never lost


def test_an_impossible_board_offers_no_save_until_it_is_fixed(page, live_server, alice):
    log_in(page, live_server, alice)
    page.goto("/score/duel?p0_name=Ana&p1_name=Ben")
    save = page.get_by_role("button", name="Save to club history")
    obelisks = page.locator("#player-0").get_by_label("Obelisk tokens")
    obelisks.fill("13")
    expect(page.get_by_role("alert")).to_be_visible()
    expect(save).to_be_hidden()
    obelisks.fill("3")
    expect(save).to_be_visible()
