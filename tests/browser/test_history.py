"""The club history in headless Chromium: htmx filtering and paging swap the results in
place and keep the URL, so the back button and a shared link show the same games."""

import datetime

import pytest

from games.models import Game, Player
from games.services.recording import import_board
from tests.browser.contexts import page_in
from tests.factories import finished_game
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


@pytest.mark.parametrize("path", ["/games/", "/games/standings", "/games/players/{player}/", "/games/{game}/"])
def test_on_a_phone_wide_tables_scroll_inside_their_card(chromium, live_server, path):
    for day in range(6):
        finished_game(names=("Anastasia Longname", "Benedikt Longername", "Cleopatra Longestname"),
                      totals=(50 + day, 40, 30), game_type="classic", location="The back room of the club house")
    game = Game.objects.first()
    url = path.format(player=game.seats.first().player_id, game=game.pk)
    with page_in(chromium, live_server, viewport={"width": 360, "height": 740}, is_mobile=True) as page:
        page.goto(url)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
