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


def test_the_graph_toggles_to_the_score_margin_and_keeps_it_while_stepping(page, live_server, settings, alice):
    from games.analysis import service

    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 6
    game = store(random_record(21), alice)
    analysis, _queued = service.request_analysis(game)
    service.run_analysis(analysis.pk)
    page.goto(f"/games/{game.pk}/replay?ply=10")
    expect(page.locator("svg.win-chart")).to_be_visible()
    page.evaluate("window.notReloaded = true")

    page.get_by_role("link", name="Score margin").click()
    expect(page.locator("svg.margin-chart")).to_be_visible()
    assert page.evaluate("window.notReloaded") is True  # htmx swapped the viewer in
    expect(page.locator("svg.win-chart")).to_have_count(0)
    expect(page.locator("svg.margin-chart text.axis").first).to_contain_text("points")
    expect(page.locator("#show-margin-chart")).to_have_attribute("aria-current", "true")

    page.keyboard.press("ArrowRight")  # a step keeps the graph chosen
    expect(page.locator("#viewer")).to_have_attribute("data-ply", "11")
    expect(page.locator("svg.margin-chart")).to_be_visible()
    assert page.url.endswith("?ply=11&chart=margin")  # a reload shows it too

    page.locator("#moves a").nth(5).click()  # so does the move list, drawn once with the page
    expect(page.locator("#viewer")).to_have_attribute("data-ply", "5")
    expect(page.locator("svg.margin-chart")).to_be_visible()

    page.get_by_role("link", name="Win chance").click()
    expect(page.locator("svg.win-chart")).to_be_visible()
    expect(page.locator("svg.margin-chart")).to_have_count(0)
