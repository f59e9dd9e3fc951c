"""The base-game calculator in headless Chromium: a 3-player board entered by hand, burial-chamber
cells tapped through the colours, live totals and winner (htmx), B sides that cannot be scored
yet, blocks shown only when they matter (CSS), and the page without JavaScript."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.contexts import page_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def cell(page, column, row):
    return page.locator(f'.cell[data-column="{column}"][data-row="{row}"] button')


def enter_three_players(page):
    page.get_by_label("3 players", exact=True).check()
    for i, (name, track) in enumerate((("Ana", "30"), ("Ben", "28"), ("Cy", "25"))):
        block = page.locator(f"#player-{i}")
        block.get_by_label("Name").fill(name)
        block.get_by_label("Score track").fill(track)


def test_c5_4_three_player_board_with_tapped_chamber_cells_scores_live(page):
    page.goto("/score/classic")
    enter_three_players(page)
    expect(page.locator("#player-3")).to_be_hidden()  # 3 players: the 4th block goes
    expect(page.locator(".winner")).to_have_text("Ana wins with 30 points.")

    # Ben's three white stones in the first column: one group of 3 → 6 (C5.4); black a single → 1.
    for row in (1, 2, 3):
        cell(page, 1, row).click()  # empty → black
        cell(page, 1, row).click()  # black → white
    cell(page, 2, 1).click()  # empty → black
    expect(cell(page, 1, 3)).to_have_attribute("aria-label", "Column 1, row 3: White – Wh")
    expect(page.locator("#score-1 tr[data-monument=burial_chamber] td.pts")).to_have_text("6")
    expect(page.locator("#score-1 .total")).to_have_text("34")
    expect(page.locator("#score-0 .total")).to_have_text("31")
    expect(page.locator(".winner")).to_have_text("Ben wins with 34 points.")
    assert "bc_1_3=white" in page.url  # the result is a link (hx-replace-url)
    # The chamber keeps one empty column after the filled ones.
    expect(page.locator('.cell[data-column="3"]')).to_have_count(3)
    expect(page.locator('.cell[data-column="4"]')).to_have_count(0)


def test_c5_4_a_tap_cycles_only_through_the_colours_in_play(page):
    page.goto("/score/classic")
    page.get_by_label("2 players", exact=True).check()
    colours = []
    for _ in range(3):
        cell(page, 1, 1).click()
        colours.append(cell(page, 1, 1).get_attribute("aria-label").split(": ")[1].split(" – ")[0])
    assert colours == ["Black", "White", "empty"]


def test_c5_4_emptying_the_last_filled_column_drops_the_spare_one(page):
    page.goto("/score/classic")
    for row in (1, 2, 3):
        cell(page, 1, row).click()
    cell(page, 2, 1).click()
    expect(page.locator('.cell[data-column="3"]')).to_have_count(3)
    for _ in range(4):  # black → white → brown → grey → empty
        cell(page, 2, 1).click()
    expect(page.locator('.cell[data-column="3"]')).to_have_count(0)
    expect(cell(page, 2, 1)).to_have_attribute("aria-label", "Column 2, row 1: empty")


def test_c8_tie_broken_by_the_sled_is_explained_live(page):
    page.goto("/score/classic")
    enter_three_players(page)
    page.locator("#player-1").get_by_label("Score track").fill("30")
    page.locator("#player-1").get_by_label("Stones on the sled").fill("2")
    expect(page.locator(".winner")).to_contain_text("Ben wins: tied at 30 points with Ana (0)")


def test_c6_side_b_without_board_data_says_it_cannot_be_scored_yet(page):
    page.goto("/score/classic")
    enter_three_players(page)
    expect(page.locator("#score-0 .total")).to_have_text("30")
    page.get_by_label("Burial chamber side B", exact=True).check()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("This board cannot be scored yet")
    expect(alert).to_contain_text("burial chamber side B cannot be played or scored yet")
    expect(page.locator("#err-side_burial-chamber")).to_contain_text("cannot be played or scored yet")
    expect(page.locator(".total")).to_have_count(0)  # never numbers

    page.get_by_label("Burial chamber side A", exact=True).check()
    expect(page.locator("#score-0 .total")).to_have_text("30")
    expect(page.locator("#err-side_burial-chamber")).to_be_empty()


def test_c9_reached_boxes_show_only_with_pharaohs_wrath(page):
    page.goto("/score/classic")
    reached = page.locator("#p0-reached")
    expect(reached).to_be_hidden()
    page.get_by_label("Pharaoh's wrath").check()
    expect(reached).to_be_visible()
    expect(page.locator("#score-0 tr[data-monument=pharaohs_wrath] td.pts")).to_have_text("-5")
    for site in ("Pyramids", "Temple", "Burial chamber", "Obelisks"):
        reached.get_by_label(f"Reached {site}").check()
    expect(page.locator("#score-0 tr[data-monument=pharaohs_wrath] td.pts")).to_have_text("0")


def test_c7_site_stones_are_asked_when_a_decoration_is_held_and_errors_sit_at_the_field(page):
    page.goto("/score/classic")
    stones = page.get_by_label("Stones on the Pyramids")
    expect(stones).to_be_hidden()
    page.locator("#player-0").get_by_label("Pyramids decorations: 1").check()
    expect(stones).to_be_visible()
    expect(page.locator("#err-site_stones_pyramids")).to_contain_text("is required")
    stones.fill("16")
    expect(page.locator("#score-0 tr[data-monument=decorations] td.pts")).to_have_text("5")
    expect(page.locator("#err-site_stones_pyramids")).to_be_empty()


def test_f3_a_colour_chosen_twice_is_shown_next_to_the_field(page):
    page.goto("/score/classic")
    page.locator("#player-1").get_by_label("Colour").select_option("black")
    expect(page.locator("#err-p1_colour")).to_contain_text("black is already another player's colour")
    expect(page.get_by_role("alert")).to_contain_text("Player 2, colour")


def test_phone_layout_has_big_touch_targets_and_no_sideways_scroll(chromium, live_server):
    with page_in(chromium, live_server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True) as page:
        page.goto("/score/classic")
        for target in (
            cell(page, 1, 1),
            page.locator("#player-0 .toggle > span").first,
            page.locator("#player-0 input.count").first,
        ):
            box = target.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, box
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_without_javascript_chamber_cells_are_selects_and_the_button_scores(chromium, live_server):
    with page_in(chromium, live_server, java_script_enabled=False) as page:
        page.goto("/score/classic")
        page.get_by_label("2 players", exact=True).check()
        page.locator("#player-0").get_by_label("Name").fill("Ana")
        page.locator("#player-0").get_by_label("Score track").fill("20")
        page.get_by_label("Column 1, row 1").select_option("white")
        page.get_by_role("button", name="Score").click()
        expect(page.locator("#score-1 .total")).to_have_text("1")
        expect(page.locator(".winner")).to_have_text("Ana wins with 20 points.")
        expect(page.get_by_label("Column 2, row 1")).to_be_visible()  # one more column offered
        assert "bc_1_1=white" in page.url


@pytest.mark.parametrize(("locale", "words"), [
    ("de-DE", ("S", "W", "Spalte 3, Reihe 1: leer", "Spalte 2, Reihe 1: Weiß")),
    ("ja-JP", ("黒", "白", "3列目・1行目", "白")),
])
def test_c5_4_chamber_cells_and_added_columns_speak_the_page_language(chromium, live_server, locale, words):
    """Issue 39: the cells read ``Bl/Wh`` and added columns "Column 2, row 1" whatever the language."""
    black, white, added, second = words
    with page_in(chromium, live_server, locale=locale, viewport={"width": 390, "height": 844}) as page:
        page.goto("/score/classic")
        cell(page, 1, 1).click()
        cell(page, 2, 1).click()
        cell(page, 2, 1).click()
        expect(cell(page, 1, 1)).to_have_text(black)
        expect(cell(page, 2, 1)).to_have_text(white)
        expect(cell(page, 2, 1)).to_have_attribute("aria-label", re.compile(re.escape(second)))
        expect(cell(page, 3, 1)).to_have_attribute("aria-label", re.compile(re.escape(added)))
