"""Action-token moves picked on the board, on a phone (issue 39, duel.md D4.3): the token
first, then its targets on the harbor, each step highlighting only what legal moves allow; an
illegal target is inert; the finished pick is stored as the list's move would be."""


import pytest
from playwright.sync_api import expect

from games.models import Move
from tests.browser.contexts import log_in, page_in, settled_at
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
# (seed, ply): a recorded move of each kind and shape (found in tests.kit's random games).
CASES = {
    "take-token": (0, 36),
    "place-meeples, 2 cells": (0, 25),
    "place-meeples, 3 cells": (0, 50),
    "place-unload, 1 boat": (0, 12),
    "place-unload, 2 boats": (2, 54),
    "swap-unload": (0, 17),
}


def _targets(move: dict) -> list[str]:
    slot = '#harbor [data-boat="{}"] .slot[data-slot="{}"]'.format
    if move["type"] == "take-token":
        return [slot(move["boat"], move["slot"])]
    if move["type"] == "place-meeples":
        return [f'#harbor [data-cell="{c}"]' for c in move["cells"]]
    if move["type"] == "place-unload":
        return [f'#harbor [data-cell="{move["cell"]}"]', *(f'#harbor [data-boat="{b}"]' for b in move["boats"])]
    return [slot(move["boat"], move["slots"][0]), slot(move["boat"], move["slots"][1]),
            f'#harbor [data-boat="{move["unload"]}"]']


@pytest.mark.parametrize("case", CASES)
def test_d4_3_an_action_token_is_played_on_the_board(chromium, live_server, alice, case):
    seed, ply = CASES[case]
    move = random_record(seed)["moves"][ply]
    game = store(random_record(seed, moves=ply), alice)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", ply)
        page.locator(f'#board-pick [data-pick="{move["type"]}"]').click()
        for target in _targets(move):
            # A step with a single legal target is taken by the page (then chosen, or posted).
            page.wait_for_function(
                "([sel, ply]) => document.querySelector(`#play[data-ply=\"${ply}\"]`)"
                " || document.querySelector(sel).matches('.is-target, .is-chosen')", arg=[target, ply + 1])
            if page.locator(f'#play[data-ply="{ply + 1}"]').count():
                break
            if "is-target" in (page.locator(target).get_attribute("class") or ""):
                page.locator(target).click()
        if page.locator("#board-pick .pick-done").is_visible():  # a shorter move is complete too
            page.locator("#board-pick .pick-done").click()
        settled_at(page, "#play", ply + 1)
    assert Move.objects.get(game=game, ply=ply).data == move


def test_d4_3_an_illegal_target_is_inert_while_picking(chromium, live_server, alice):
    seed, ply = CASES["take-token"]
    game = store(random_record(seed, moves=ply), alice)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", ply)
        page.locator('#board-pick [data-pick="take-token"]').click()
        inert = page.locator("#harbor [data-cell]:not(.is-target)").first
        inert.click()
        page.wait_for_timeout(500)
        assert Move.objects.filter(game=game).count() == ply
        expect(page.locator("#harbor.is-picking")).to_have_count(1)
        page.locator("#board-pick .pick-cancel").click()
        expect(page.locator("#harbor.is-picking")).to_have_count(0)


def test_d4_3_an_action_token_is_played_on_the_board_with_the_keyboard(chromium, live_server, alice):
    seed, ply = CASES["take-token"]
    game = store(random_record(seed, moves=ply), alice)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", ply)
        page.locator('#board-pick [data-pick="take-token"]').focus()
        page.keyboard.press("Enter")  # the token; the first slot it may take gets the focus
        expect(page.locator("#harbor .slot.is-target").first).to_be_focused()
        page.keyboard.press("Enter")
        settled_at(page, "#play", ply + 1)
    assert Move.objects.get(game=game, ply=ply).data["type"] == "take-token"


def test_d4_3_a_step_with_one_legal_target_is_taken_by_the_page(chromium, live_server, alice):
    """Seed 1, ply 57: after the token and the cell, one boat is legal: the page unloads it
    (two taps, not three)."""
    move = random_record(1)["moves"][57]
    assert move == {"type": "place-unload", "cell": "c3", "boats": ["row-1"]}
    game = store(random_record(1, moves=57), alice)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", 57)
        page.locator('#board-pick [data-pick="place-unload"]').click()
        page.locator('#harbor [data-cell="c3"]').click()
        settled_at(page, "#play", 58)
    assert Move.objects.get(game=game, ply=57).data == move
