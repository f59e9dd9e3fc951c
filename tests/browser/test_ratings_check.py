"""The ratings check in headless Chromium: a game tab swaps the check in place and keeps the
URL; on a phone its table scrolls inside its card."""

import datetime

import pytest

from tests.browser.contexts import page_in
from tests.factories import finished_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DAY = datetime.date(2025, 1, 1)


def add_games() -> None:
    for n in range(4):
        finished_game(names=("Ana", "Ben"), totals=(50, 40 + n), played_on=DAY + datetime.timedelta(days=n))
    finished_game(names=("Ana", "Ben", "Cleo"), totals=(30, 40, 50), played_on=DAY, game_type="classic")


def test_a_game_tab_swaps_the_check_in_place_and_pushes_the_url(page):
    add_games()
    page.goto("/games/ratings-check?game=duel")
    page.get_by_text("Sample: 4 rated Imhotep: The Duel games scored.").wait_for()
    page.evaluate("window.__same_page = true")
    page.get_by_role("link", name="Imhotep: Builder of Egypt").click()
    page.get_by_text("Sample: 1 rated Imhotep: Builder of Egypt game scored.").wait_for()
    assert page.evaluate("window.__same_page") is True
    assert page.url.endswith("?game=classic")


def test_on_a_phone_the_table_scrolls_inside_its_card(chromium, live_server):
    add_games()
    with page_in(chromium, live_server, viewport={"width": 360, "height": 740}, is_mobile=True) as page:
        page.goto("/games/ratings-check?game=duel")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
