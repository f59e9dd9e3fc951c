"""The end of a live game on a phone (issue 39): the game-over line names the winner and the
score; the players type their own count and the page names the monument where it differs."""

import pytest
from playwright.sync_api import expect

from rules_engine.registry import default_registry
from tests.browser.contexts import log_in, page_in
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def test_d7_the_winner_is_named_and_a_miscounted_monument_is_found(chromium, live_server, alice):
    record = random_record(3)
    game = store(record, alice)
    result = default_registry().replay(record).score().to_json()
    w = result["winner"]
    winner = result["players"][w]
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        expect(page.locator("#game-over-line")).to_contain_text(f"{winner['name']} wins with {winner['total']} points")
        page.get_by_text("Check against your own count").click()
        for i, p in enumerate(result["players"]):
            for key, points in p["breakdown"].items():
                typed = points + 2 if (i, key) == (1 - w, "pyramid") else points
                page.locator(f'input[name="tally_{i}_{key}"]').fill(str(typed))
        page.get_by_role("button", name="Compare").click()
        expect(page.locator("#tally-verdict")).to_have_text("1 monument differs from your count: Pyramid")
        expect(page.locator('tr[data-monument="pyramid"] td.differs')).to_have_count(1)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
