"""The Duel calculator in headless Chromium: live results as you type (htmx), the
server-decided first-to-five question, the phone and desktop layouts, and no-JavaScript use."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.contexts import page_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def enter_d9_1_for_player_1(page):
    """D9.1 (the rulebook's 69-point example) for player 1; player 2 holds more obelisks."""
    me = page.locator("#player-0")
    me.get_by_label("Obelisk tokens").fill("2")
    for value in ("1", "2", "4"):
        me.get_by_label(f"Temple tokens showing {value}", exact=True).fill("1")
    me.get_by_label("Pyramid tokens, light").fill("4")
    me.get_by_label("Pyramid tokens, dark").fill("6")
    for number in (1, 2, 3, 4, 5, 6, 11):
        me.get_by_label(f"Tomb {number}", exact=True).check()
    me.get_by_label("Unused action tokens").fill("2")
    me.get_by_label("Meeples on the harbor").fill("1")
    page.locator("#player-1").get_by_label("Obelisk tokens").fill("6")


def test_d9_1_example_shows_69_then_b_sides_change_the_breakdown(page):
    page.goto("/score/duel")
    enter_d9_1_for_player_1(page)
    total = page.locator("#score-0 .total")
    expect(total).to_have_text("69")
    tomb = page.locator("#score-0 tr[data-monument=tomb]")
    expect(tomb).to_contain_text("Tomb A: 1-2-3-4-5-6 → 25, 11 → 1")
    # No reload: the form and what was typed stay; only the result panel was swapped.
    assert page.locator("#player-0").get_by_label("Pyramid tokens, dark").input_value() == "6"
    assert "p0_dark=6" in page.url  # the result is a link (hx-replace-url)

    for monument in ("Obelisk", "Temple", "Pyramids", "Tomb"):
        page.get_by_label(f"{monument} side B", exact=True).check()
    # D7.1 B 2 → 0, D7.2 B {1,2,4} → 9, D7.3 B smaller pyramid 4 → 18, D7.4 B 2 groups → 8, + 2 + 1.
    expect(total).to_have_text("38")
    expect(tomb).to_contain_text("Tomb B: 2 groups (1-2-3-4-5-6, 11)")
    expect(page.locator("#score-0 tr[data-monument=temple]")).to_contain_text("Temple B: set 1-2-4 → 9")
    expect(page.locator("#score-0 tr[data-monument=pyramid] td.pts")).to_have_text("18")


def test_d7_1_first_to_five_question_appears_and_goes_as_the_board_changes(page):
    page.goto("/score/duel")
    question = page.get_by_role("group", name=re.compile("Who reached 5 obelisk tokens first"))
    page.get_by_label("Obelisk side B", exact=True).check()
    page.locator("#player-0").get_by_label("Obelisk tokens").fill("5")
    page.locator("#player-1").get_by_label("Obelisk tokens").fill("6")
    expect(question).to_be_visible()
    expect(page.locator("#result")).to_contain_text("choose a player")

    question.get_by_label("Player 2").check()
    expect(page.locator("#score-1 tr[data-monument=obelisk] td.pts")).to_have_text("12")
    expect(page.locator("#score-0 tr[data-monument=obelisk] td.pts")).to_have_text("6")

    page.locator("#player-0").get_by_label("Obelisk tokens").fill("4")
    expect(question).to_have_count(0)


def test_f1_impossible_board_is_explained_under_the_result(page):
    page.goto("/score/duel")
    page.locator("#player-0").get_by_label("Tomb 7", exact=True).check()
    page.locator("#player-1").get_by_label("Name").fill("Ben")
    page.locator("#player-1").get_by_label("Tomb 7", exact=True).check()
    expect(page.get_by_role("alert")).to_contain_text("Ben, tomb: tomb 7 is held by both players")


def test_phone_layout_is_one_column_with_big_touch_targets(chromium, live_server):
    with page_in(chromium, live_server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True) as page:
        page.goto("/score/duel")
        first = page.locator("#player-0").bounding_box()
        second = page.locator("#player-1").bounding_box()
        assert second["y"] >= first["y"] + first["height"]  # stacked
        targets = (
            page.locator("#player-0 .toggle > span").first,
            page.locator("#player-0 input.count").first,
            page.get_by_role("button", name="Score"),
        )
        for target in targets:
            box = target.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, box
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling


def test_on_a_phone_the_total_and_winner_stay_in_view_while_editing(chromium, live_server):
    with page_in(chromium, live_server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True) as page:
        page.goto("/score/duel")
        page.locator("#player-1").get_by_label("Obelisk tokens").fill("6")
        expect(page.locator("#result .winner")).to_contain_text("wins")
        page.locator("#player-0").get_by_label("Obelisk tokens").scroll_into_view_if_needed()
        page.locator("#player-0").get_by_label("Obelisk tokens").fill("2")
        expect(page.locator("#result .winner")).to_contain_text("12 to 2")
        assert page.locator("#result .winner").is_visible()
        box = page.locator("#result .winner").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844  # on screen, whatever the scroll


def test_desktop_layout_puts_the_players_side_by_side(chromium, live_server):
    with page_in(chromium, live_server, viewport={"width": 1280, "height": 900}) as page:
        page.goto("/score/duel")
        first = page.locator("#player-0").bounding_box()
        second = page.locator("#player-1").bounding_box()
        assert second["y"] == first["y"] and second["x"] > first["x"] + first["width"]


def test_without_javascript_the_score_button_shows_the_result(chromium, live_server):
    with page_in(chromium, live_server, java_script_enabled=False) as page:
        page.goto("/score/duel")
        enter_d9_1_for_player_1(page)
        page.get_by_role("button", name="Score").click()
        expect(page.locator("#score-0 .total")).to_have_text("69")
        assert "p0_tomb=11" in page.url
