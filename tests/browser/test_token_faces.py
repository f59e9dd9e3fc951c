"""Token faces in the reader's language, in headless Chromium (duel.md D1; docs/glossary
"Token labels"): a German reader taps German faces, types an English label beside them, and
the palette counts both."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from rules_engine.duel.tokens import TOKEN_COUNTS
from tests.browser.contexts import log_in, page_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOATS = [["obelisk", "obelisk", "temple-1"], ["pyramid-light", "pyramid-dark", "tomb-1"],
         ["tomb-2", "tomb-3", "take-token"], ["obelisk", "temple-2", "tomb-4"],
         ["pyramid-light", "tomb-5", "place-meeples"], ["temple-3", "tomb-6", "obelisk"]]


def test_d1_a_german_reader_taps_german_faces_and_may_type_english_ones(chromium, live_server, alice):
    with page_in(chromium, live_server, locale="de-DE") as page:
        page.set_default_timeout(30_000)  # a loaded CI machine
        log_in(page, live_server, alice)
        page.goto("/games/new")
        page.locator('input[name="player_1"]').fill("Ana")
        page.locator('input[name="player_2"]').fill("Ben")
        page.locator('input[name="setup"][value="transcribe"]').check()
        light = page.locator('.palette button[data-token="pyramid-light"]')
        expect(light).to_have_text(re.compile(r"^PH"))
        for boat in BOATS[:4]:
            for token in boat:
                page.locator(f'.palette button[data-token="{token}"]').click()
        expect(page.locator('input[name="boat_row_2"]')).to_have_value("PH PD #1")
        expect(page.locator('input[name="boat_row_3"]')).to_have_value("#2 #3 Nimm")
        page.locator('input[name="boat_col_b"]').fill("PL #5 P23")  # the English label still counts
        page.locator('input[name="boat_col_c"]').fill("T3 #6 Ob")
        expect(light.locator("small")).to_have_text(str(TOKEN_COUNTS["pyramid-light"] - 2))
        page.locator("form.new-game-form button[type=submit]").click()
        page.wait_for_url(re.compile(r"/games/\d+/play$"))
    assert Game.objects.get().header["setup"]["boats"] == BOATS


NAME_MISMATCH = """async () => {
  const result = await axe.run(document, {runOnly: ["label-content-name-mismatch"]});
  return result.violations.map(v => v.nodes.map(n => n.target.join(" "))).flat();
}"""


def test_the_draw_prompts_faces_are_named_by_what_they_show(chromium, live_server, alice):
    """axe-core's label-content-name-mismatch (WCAG 2.5.3, an experimental rule run by name): a
    face's accessible name begins with its label and count, so "#7" said by voice control taps it."""
    from tests.browser.a11y import AXE
    from tests.browser.test_mistakes import _transcribed_game_at_ply_2

    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci --prefix tests/browser)")
    with page_in(chromium, live_server) as page:
        _transcribed_game_at_ply_2(page, live_server, alice)
        page.click('#harbor button[data-boat="row-1"]')
        expect(page.locator("#draw-form .palette")).to_be_visible()
        page.locator('#draw-form .palette button[data-token="tomb-7"]').click()  # the names follow the counts
        page.add_script_tag(path=str(AXE))
        assert page.evaluate(NAME_MISMATCH) == []
        expect(page.locator('#draw-form .palette button[data-token="tomb-7"]')).to_have_attribute(
            "aria-label", re.compile(r"^#7 0 — "))
