"""The replay viewer in headless Chromium: keyboard stepping, ?ply= links, the back button."""

import re

import pytest

from games.services.records import record_of
from rules_engine.registry import default_registry
from tests.browser.contexts import settled_at
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLOURS = ("black", "white")


def _drawn(page) -> dict:
    """cell -> colour of the meeple drawn there ("" when empty)."""
    out = {}
    for cell in page.locator("#harbor [data-cell]").all():
        meeple = cell.locator(".meeple")
        colour = ""
        if meeple.count():
            colour = re.search(r"meeple-(\w+)", meeple.get_attribute("class")).group(1)
        out[cell.get_attribute("data-cell")] = colour
    return out


def _expected(replay, ply) -> dict:
    return {c: "" if o is None else COLOURS[o] for c, o in replay.states[ply].harbor.items()}


def _at(page, ply):
    settled_at(page, "#viewer", ply)


def test_keyboard_steps_change_the_harbor_and_the_url(page):
    game = store(random_record(7))
    replay = default_registry().replay(record_of(game))
    page.goto(f"/games/{game.pk}/replay?ply=5")
    _at(page, 5)
    assert _drawn(page) == _expected(replay, 5)

    page.keyboard.press("ArrowRight")
    _at(page, 6)
    assert page.url.endswith(f"/games/{game.pk}/replay?ply=6")
    assert _drawn(page) == _expected(replay, 6)
    assert page.locator("#ply-slider").input_value() == "6"

    page.keyboard.press("Home")
    _at(page, 0)
    assert set(_drawn(page).values()) == {""}

    page.keyboard.press("End")
    _at(page, replay.plies)
    assert _drawn(page) == _expected(replay, replay.plies)

    page.go_back()
    _at(page, 0)


def test_a_ply_link_opens_that_exact_position(page):
    game = store(random_record(9))
    replay = default_registry().replay(record_of(game))
    page.goto(f"/games/{game.pk}/replay?ply=17")
    _at(page, 17)
    assert _drawn(page) == _expected(replay, 17)
    assert page.locator("#ply-now").inner_text() == "17"


def test_keys_are_ignored_while_typing_in_a_field(page):
    game = store(random_record(7))
    page.goto(f"/games/{game.pk}/replay?ply=3")
    _at(page, 3)
    page.evaluate("""() => { const i = document.createElement('input'); i.id = 'typing';
                             document.querySelector('main').prepend(i); }""")
    page.locator("#typing").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    assert page.locator("#viewer").get_attribute("data-ply") == "3"


def test_the_move_list_marks_the_move_shown_after_each_step(page):
    game = store(random_record(7))
    page.goto(f"/games/{game.pk}/replay?ply=5")
    _at(page, 5)
    page.keyboard.press("ArrowRight")
    _at(page, 6)
    current = page.locator('#moves a[aria-current="step"]')
    assert current.count() == 1
    assert current.get_attribute("href").endswith("?ply=6")
    page.locator('#moves a[href$="?ply=2"]').click()
    _at(page, 2)
    assert page.locator('#moves a[aria-current="step"]').get_attribute("href").endswith("?ply=2")


def test_holding_an_arrow_key_scrubs_to_where_the_presses_lead(page):
    game = store(random_record(7))
    replay = default_registry().replay(record_of(game))
    page.goto(f"/games/{game.pk}/replay?ply=0")
    _at(page, 0)
    steps = []
    page.on("request", lambda request: steps.append(request.url) if "/replay?ply=" in request.url else None)
    for _ in range(20):  # as a held key repeats: faster than a position is fetched and drawn
        page.keyboard.press("ArrowRight", delay=5)
    _at(page, 20)
    page.wait_for_timeout(300)
    assert page.locator("#viewer").get_attribute("data-ply") == "20"
    assert page.url.endswith("?ply=20") and _drawn(page) == _expected(replay, 20)
    assert len(steps) < 20  # coalesced: the positions passed over are never fetched


def test_a_spectators_slider_reaches_the_newest_move(page):
    from games.play.appending import append_move

    full = random_record(11)
    game = store(random_record(11, moves=10))
    page.goto(f"/games/{game.pk}/replay")
    _at(page, 10)
    assert page.locator("#ply-slider").get_attribute("max") == "10"
    append_move(game.pk, 10, full["moves"][10])
    _at(page, 11)  # the live poll brings the move
    assert page.locator("#ply-slider").evaluate("s => [s.max, s.value]") == ["11", "11"]


def test_d1_the_boards_label_key_stays_open_while_stepping(page):
    game = store(random_record(7))
    page.goto(f"/games/{game.pk}/replay?ply=5")
    _at(page, 5)
    page.click("#board-token-key summary")
    page.keyboard.press("ArrowRight")
    _at(page, 6)
    key = page.locator("#board-token-key")
    assert key.get_attribute("open") is not None  # hx-preserve: the key is not closed by the step
    assert "place 2–3 meeples" in key.inner_text()
