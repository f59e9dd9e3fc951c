""""Save to club history" on the Duel calculator in headless Chromium: a tap right after typing
saves what was typed, a live update never replaces the button under the tap, and the button is
offered only while the board has a score; a name like a member's is asked about first."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.contexts import log_in
from tests.factories import PlayerFactory

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


def test_a_name_like_a_members_is_asked_about_then_saved_as_new_when_ticked(page, live_server, alice):
    PlayerFactory(name="Ben")
    log_in(page, live_server, alice)
    page.goto("/score/duel?p0_name=Ana&p1_name=Benn")
    page.locator("#player-0").get_by_label("Obelisk tokens").fill("3")
    # Tapped at once: the live updates for the keystroke and for leaving the field land after the
    # answer to the tap, and must not wipe it.
    page.get_by_role("button", name="Save to club history").click()
    expect(page.locator("#save-outcome")).to_contain_text("Did you mean Ben?")
    assert Game.objects.count() == 0
    page.get_by_label("Yes, these are new players").check()
    page.get_by_role("button", name="Save with these new players").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert [s.player.name for s in game.seats.order_by("order")] == ["Ana", "Benn"]
    assert [p["obelisk"] for p in game.board["players"]] == [3, 0]


def test_typing_on_the_board_clears_a_save_refusal(page, live_server, alice):
    PlayerFactory(name="Ben")
    log_in(page, live_server, alice)
    page.goto("/score/duel?p0_name=Ana&p1_name=Benn&p0_obelisk=3")
    page.get_by_role("button", name="Save to club history").click()
    outcome = page.locator("#save-outcome")
    expect(outcome).to_contain_text("Did you mean Ben?")
    page.locator("#player-1").get_by_label("Name").fill("Ben")
    expect(outcome).to_be_empty()
