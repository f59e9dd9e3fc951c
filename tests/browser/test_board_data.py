"""The base game's board data in headless Chromium (#32): a club admin copies the B boards'
numbers (the TEST set of tests/data/board_data_test_set.json, not the real boards) onto the
board-data page; a member then starts a base game with all five sites on side B and records it."""

import re

import pytest

from games.models import BoardData, Game
from games.ui.classic.board_data import ClassicBoardData
from tests.browser.contexts import settled_at, sign_in
from tests.factories import board_data_test_set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SITES = ("market", "pyramids", "temple", "burial-chamber", "obelisks")


def fill_board_data(page) -> None:
    for name, value in ClassicBoardData().initial(board_data_test_set()).items():
        field = page.locator(f"#id_{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value or "")
        else:
            field.fill("" if value is None else str(value))


def test_a_club_admin_fills_the_page_and_a_member_records_a_side_b_game(page, staff, alice):
    sign_in(page, "manager", "correct horse battery")
    page.goto("/games/new?game=classic")
    # Without data, side B says what is missing and links the admin to the page.
    assert "can't be played yet" in page.locator(".side-unavailable").first.inner_text()
    page.locator(".side-unavailable .board-data-link").first.click()
    page.wait_for_url(re.compile(r"/games/board-data/classic/$"))
    fill_board_data(page)
    page.get_by_role("button", name="Save as a new version").click()
    page.locator("#board-data-saved").wait_for()
    assert BoardData.objects.get().data == board_data_test_set()
    page.get_by_role("button", name="Sign out manager").click()

    sign_in(page, "alice", "correct horse battery")
    page.goto("/games/new?game=classic")
    assert page.locator(".side-unavailable").count() == 0
    for n, name in enumerate(("Ana", "Ben", "Cleo", "Dan"), start=1):
        page.fill(f"input[name=player_{n}]", name)
    for site in SITES:
        page.check(f'input[name="side_{site}"][value="B"]')
    page.fill("input[name=seed]", "7")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/games/\d+/play$"))
    game = Game.objects.get()
    assert game.sides == dict.fromkeys(SITES, "B") and game.board_data.version == 1
    for ply in range(8):  # get stones and place them: every offered move is legal
        settled_at(page, "#play", ply)
        page.locator('#play button[name="move"]:visible').first.click()
    settled_at(page, "#play", 8)
    assert game.moves.count() == 8
