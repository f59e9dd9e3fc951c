"""The base-game replay viewer in headless Chromium: next/previous links, keyboard stepping,
and the ships drawn at each step are the engine's (classic state JSON)."""

import pytest

from games.ui.timeline import load_timeline
from tests.browser.contexts import settled_at
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _at(page, ply):
    settled_at(page, "#viewer", ply)


def _ships(page) -> dict[int, list[str]]:
    """ship -> colour per slot ("" when empty), as drawn."""
    out = {}
    for ship in page.locator("#ships [data-ship]").all():
        out[int(ship.get_attribute("data-ship"))] = [
            (slot.locator(".stone").get_attribute("data-colour") if slot.locator(".stone").count() else "")
            for slot in ship.locator(".hull [data-slot]").all()
        ]
    return out


def _expected(timeline, ply) -> dict[int, list[str]]:
    return {s["ship"]: [c or "" for c in s["slots"]] for s in timeline.state_json(ply)["ships"]}


def test_step_with_links_and_keys_through_a_four_player_game(page):
    game = store(random_record(3, players=4, game="classic"))
    timeline = load_timeline(game)
    page.goto(f"/games/{game.pk}/replay?ply=5")
    _at(page, 5)
    assert _ships(page) == _expected(timeline, 5)
    page.evaluate("window.__sameDocument = true")  # survives only htmx swaps

    page.click('#viewer [data-nav="next"]')
    _at(page, 6)
    assert _ships(page) == _expected(timeline, 6)
    assert page.url.endswith(f"/games/{game.pk}/replay?ply=6")
    assert timeline.stories[5].text in page.locator("#last-move").inner_text()

    page.click('#viewer [data-nav="prev"]')
    _at(page, 5)
    page.keyboard.press("ArrowRight")
    _at(page, 6)
    page.keyboard.press("ArrowRight")
    _at(page, 7)
    assert _ships(page) == _expected(timeline, 7)
    assert page.locator("#ply-slider").input_value() == "7"

    page.keyboard.press("End")
    _at(page, timeline.plies)
    assert "Game over" in page.locator("#round-info").inner_text()
    page.keyboard.press("Home")
    _at(page, 0)
    assert page.locator("#round-now").inner_text() == "1"
    assert page.locator("#classic-board .panel, .classic-panels .panel").count() == 4
    assert page.evaluate("window.__sameDocument") is True

    page.go_back()
    _at(page, timeline.plies)
