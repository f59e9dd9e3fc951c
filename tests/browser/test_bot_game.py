"""Playing against the bot on a phone (390 px, docs/bots.md): a new Duel against the bot started
from the games list, two moves tapped, each answered by the bot's move on the same page; and
"Play on from here against the bot" from a replay position."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.contexts import log_in, page_in, settled_at
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def _tap_a_cell(page) -> None:
    page.locator("#harbor button[data-cell]").first.click()


def test_a_phone_plays_two_moves_against_the_bot_and_gets_its_replies(chromium, live_server, alice):
    with page_in(chromium, live_server, **PHONE) as page:
        page.set_default_timeout(20_000)
        log_in(page, live_server, alice)
        page.goto("/games/")
        page.locator("#play-bot").click()
        page.locator("#id_game").select_option("duel")
        page.locator("#id_level").select_option("2")
        page.locator("#start-bot-game").click()
        page.wait_for_url(re.compile(r"/games/\d+/play$"))
        settled_at(page, "#play", 0)
        expect(page.locator(".bot-mark")).to_contain_text("against the bot (level 2)")
        _tap_a_cell(page)
        settled_at(page, "#play", 2)  # my move and the bot's reply
        _tap_a_cell(page)
        settled_at(page, "#play", 4)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    game = Game.objects.get()
    assert (game.bot_level, game.bot_seats, game.moves.count()) == (2, [1], 4)


def test_a_phone_plays_on_against_the_bot_from_a_replay_position(chromium, live_server, alice):
    game = store(random_record(12, ["Ana", "Ben"]), alice)
    with page_in(chromium, live_server, **PHONE) as page:
        page.set_default_timeout(20_000)
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/replay?ply=4")
        page.locator("#bot-level").select_option("1")
        page.locator("#play-on-bot").click()  # Ana's seat is ticked: the bot plays Ben
        page.wait_for_url(re.compile(r"/games/\d+/play$"))
        expect(page.locator(".bot-mark")).to_be_visible()
    variation = Game.objects.exclude(pk=game.pk).get()
    assert (variation.parent_id, variation.bot_seats) == (game.pk, [1])
