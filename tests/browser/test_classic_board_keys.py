"""The keyboard stays on the base game's board (issue 50, classic.md C4.2): the ships' free
slots are one tab stop, the arrows go along a ship and from ship to ship, Enter places a stone,
and after the move the focus is back on the ships (the nearest free slot), never on the page's
body."""

import random

import pytest
from playwright.sync_api import expect

from games.models import Move
from rules_engine.classic.playout import random_record
from tests.browser.contexts import log_in, page_in, settled_at
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FOCUSED = ("() => { const a = document.activeElement; return a && a.matches('#ships button.slot')"
           " ? [Number(a.dataset.ship), Number(a.dataset.slot)] : null; }")


def _free_slots(page) -> list[list[int]]:
    return page.evaluate("() => [...document.querySelectorAll('#ships button.slot')]"
                         ".map(b => [Number(b.dataset.ship), Number(b.dataset.slot)])")


def _arrow_to(page, ship: int, slot: int) -> int:
    """Up/Down to the ship, then Left/Right along the free slots to the slot; the presses."""
    presses = 0
    for _ in range(20):
        here = page.evaluate(FOCUSED)
        if here[0] == ship:
            break
        page.keyboard.press("ArrowDown")
        presses += 1
    for _ in range(20):
        if page.evaluate(FOCUSED) == [ship, slot]:
            return presses
        page.keyboard.press("ArrowRight")
        presses += 1
    raise AssertionError(f"ship {ship} slot {slot} is not reached with the arrows")


def test_c4_2_stones_are_placed_on_the_ships_with_the_arrows_and_the_focus_stays_there(chromium, live_server, alice):
    record = random_record(random.Random(0), players=2)
    moves = record["moves"][:3]
    assert all(m["type"] == "place" for m in moves)
    game = store({**record, "moves": []}, alice)
    with page_in(chromium, live_server, viewport={"width": 390, "height": 844}) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", 0)
        for _ in range(60):
            if page.evaluate(FOCUSED):
                break
            page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED), "the ships are not reached with Tab"
        assert page.locator('#ships button.slot[tabindex="0"]').count() == 1  # one tab stop
        assert len(_free_slots(page)) > 1
        page.keyboard.press("Tab")
        assert not page.evaluate(FOCUSED)  # the next Tab leaves the ships
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED)
        for ply, move in enumerate(moves):
            _arrow_to(page, move["ship"], move["slot"])
            page.keyboard.press("Enter")
            settled_at(page, "#play", ply + 1)
            page.wait_for_function(FOCUSED)  # back on the ships, where play continues
            placed = f'#ships .ship[data-ship="{move["ship"]}"] [data-slot="{move["slot"]}"] .stone'
            expect(page.locator(placed)).to_have_count(1)
    assert [m.data for m in Move.objects.filter(game=game).order_by("ply")] == moves


FOCUSED_TARGET = ("() => { const a = document.activeElement; if (!a || !a.closest('#classic-board')) return null;"
                  " return a.dataset.site ? 'site:' + a.dataset.site : a.dataset.ship ? 'ship:' + a.dataset.ship"
                  " : a.tagName; }")


def _arrow_to_target(page, key: str) -> None:
    for _ in range(12):
        if page.evaluate(FOCUSED_TARGET) == key:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"{key} is not reached with the arrows")


def test_c4_3_a_ship_is_sailed_with_the_arrows_its_targets_one_tab_stop(chromium, live_server, alice):
    record = random_record(random.Random(6), players=2)
    sail = record["moves"][4]
    assert sail == {"type": "sail", "ship": 2, "site": "temple"}
    game = store({**record, "moves": record["moves"][:4]}, alice)
    with page_in(chromium, live_server, viewport={"width": 390, "height": 844}) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", 4)
        for _ in range(60):
            if page.evaluate("() => document.activeElement.matches('#board-pick [data-pick]')"):
                break
            page.keyboard.press("Tab")
        for _ in range(5):  # the bar is one stop: its arrows go to "Sail a ship"
            if page.evaluate("() => document.activeElement.dataset.pick") == "sail":
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.wait_for_function(FOCUSED_TARGET)  # the focus goes to the board's first target
        # Ship 2 is the only one loaded enough to sail (C4.3): that step is taken for the player.
        expect(page.locator('#classic-board .ship.is-chosen[data-ship="2"]')).to_have_count(1)
        assert page.locator('#classic-board .site.is-target').count() == 5
        assert page.locator('#classic-board [tabindex="0"]').count() == 1  # one tab stop
        _arrow_to_target(page, "site:temple")
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED_TARGET) is None  # the next Tab leaves the board
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Enter")
        settled_at(page, "#play", 5)
    assert Move.objects.get(game=game, ply=4).data == sail
