"""The club history in headless Chromium: htmx filtering and paging swap the results in
place and keep the URL, so the back button and a shared link show the same games."""

import datetime

import pytest

from games.models import Player
from games.services.recording import import_board
from tests.games.conftest import winning_board

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def add_games(n: int) -> None:
    names = ["Ana", "Ben", "Cleo", "Dan"]
    for i in range(n):
        import_board(winning_board(names[i % 4], names[(i + 1) % 4], datetime.date(2025, 1, 1) + datetime.timedelta(i)))


def test_choosing_a_player_filters_in_place_and_pushes_the_url(page):
    add_games(8)
    cleo = Player.objects.get(name="Cleo")
    page.goto("/games/")
    page.locator("#games-summary").filter(has_text="8 games").wait_for()
    page.evaluate("window.__same_page = true")
    page.select_option("select[name=player]", str(cleo.pk))
    page.locator("#games-summary").filter(has_text="4 games match").wait_for()
    assert page.evaluate("window.__same_page") is True  # swapped by htmx, not reloaded
    assert f"player={cleo.pk}" in page.url
    page.go_back()
    page.locator("#games-summary").filter(has_text="8 games").wait_for()


def test_next_page_link_swaps_the_results(page):
    add_games(30)
    page.goto("/games/")
    page.evaluate("window.__same_page = true")
    page.get_by_role("link", name="Older →").click()
    page.get_by_text("Page 2 of 2").wait_for()
    assert page.evaluate("window.__same_page") is True
    assert page.url.endswith("?page=2")
