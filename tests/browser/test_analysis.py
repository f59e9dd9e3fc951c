"""The analysis board in headless Chromium: started from the replay page it shows progress,
then the win-probability graph; a turning point steps the replay to its move; "play on from
here" opens live entry on a variation at that position."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.browser.contexts import sign_in
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_analysis_from_the_replay_page(page, live_server, settings, alice):
    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 6
    game = store(random_record(21), alice)
    sign_in(page, "alice", "correct horse battery")
    page.goto(f"/games/{game.pk}/replay")

    page.get_by_role("button", name="Analyse this game").click()
    expect(page.locator("#analysis-progress")).to_contain_text("Analysing")
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)
    expect(page.locator("svg.win-chart")).to_be_visible(timeout=5000)

    first = page.locator("a.turning-point").first
    ply = first.get_attribute("data-ply")
    first.click()
    expect(page.locator("#viewer")).to_have_attribute("data-ply", ply)

    page.get_by_role("button", name="Play on from here").click()
    page.wait_for_url(re.compile(r"/games/\d+/play$"))
    expect(page.locator("#play")).to_have_attribute("data-ply", ply)
