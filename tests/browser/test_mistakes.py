"""Mistakes where they happen, on a phone (issue 39): choosing how the setup is entered opens
its panel, "remove last token" takes back a tap, a refill prompt survives a reload, undo and
redo sit beside the board and keep it in view, the base game offers only its player count's
round cards (classic.md C1)."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser.contexts import log_in, page_in, settled_at
from tests.replay.test_live_pages import BOATS_ON_TABLE, _new_form

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def _in_view(page, selector: str) -> bool:
    return page.evaluate(
        "s => { const r = document.querySelector(s).getBoundingClientRect();"
        " return r.bottom > 0 && r.top < window.innerHeight; }", selector)


def test_choosing_a_transcribed_setup_opens_its_panel_and_a_tap_can_be_taken_back(chromium, live_server, alice):
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto("/games/new")
        expect(page.locator("details.boats")).not_to_have_attribute("open", "")
        page.get_by_label("Transcribed from our table").check()
        expect(page.locator("details.boats")).to_have_attribute("open", "")
        for token in ("obelisk", "temple-1", "tomb-3"):
            page.locator(f'.palette button[data-token="{token}"]').click()
        page.get_by_role("button", name="Remove last token").click()
        expect(page.locator('input[name="boat_row_1"]')).to_have_value("Ob T1")
        expect(page.locator('.palette button[data-token="tomb-3"] small')).to_have_text("1")
        page.get_by_label("Shuffled by the server").check()
        expect(page.locator("details.boats")).not_to_have_attribute("open", "")


def _transcribed_game_at_ply_2(page, live_server, alice) -> Game:
    from django.test import Client
    client = Client()
    client.force_login(alice)
    client.post("/games/new", _new_form(setup="transcribe", **BOATS_ON_TABLE))
    game = Game.objects.get()
    for ply, cell in enumerate(("a1", "b1")):
        client.post(f"/games/{game.pk}/play", {"ply": ply, "move": f'{{"type":"place","cell":"{cell}"}}'})
    log_in(page, live_server, alice)
    page.goto(f"/games/{game.pk}/play")
    settled_at(page, "#play", 2)
    return game


def test_f2_a_refill_prompt_survives_a_reload_and_its_tap_can_be_taken_back(chromium, live_server, alice):
    with page_in(chromium, live_server, **PHONE) as page:
        game = _transcribed_game_at_ply_2(page, live_server, alice)
        page.click('#harbor button[data-boat="row-1"]')
        expect(page.locator("#draw-form")).to_be_visible()
        page.wait_for_url(re.compile(r"\?ply=2&move="))
        page.reload()
        expect(page.locator("#draw-form")).to_be_visible()
        for token in ("tomb-7", "tomb-9"):
            page.locator(f'#draw-form .palette button[data-token="{token}"]').click()
        page.locator("#draw-form").get_by_role("button", name="Remove last token").click()
        expect(page.locator('#draw-form input[name="refill"]')).to_have_value("#7")
        for token in ("tomb-8", "temple-4"):  # the last needed token records the move
            page.locator(f'#draw-form .palette button[data-token="{token}"]').click()
        settled_at(page, "#play", 3)
        assert game.moves.get(ply=2).data["refill"] == ["tomb-7", "tomb-8", "temple-4"]
        page.wait_for_url(re.compile(r"/play$"))


def test_undo_and_redo_sit_beside_the_board_and_keep_it_in_view(chromium, live_server, alice):
    with page_in(chromium, live_server, **PHONE) as page:
        game = _transcribed_game_at_ply_2(page, live_server, alice)
        page.get_by_role("button", name="Undo the last move").click()
        settled_at(page, "#play", 1)
        assert _in_view(page, "#harbor")
        assert game.moves.count() == 1
        page.get_by_role("button", name="Redo the undone move").click()
        settled_at(page, "#play", 2)
        assert _in_view(page, "#harbor")
        assert game.moves.get(ply=1).data == {"type": "place", "cell": "b1"}


def test_c1_the_base_game_offers_only_the_round_cards_of_its_player_count(chromium, live_server, alice):
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto("/games/new?game=classic")
        page.get_by_label("Turned up at our table").check()
        expect(page.locator("details.table-cards")).to_have_attribute("open", "")
        for seat, name in enumerate(("Ana", "Ben"), start=1):
            page.get_by_role("combobox", name=f"Seat {seat}").fill(name)
        card = page.get_by_label("Round 1's card")
        offered = card.locator("option:not([disabled])[data-players]")
        expect(offered).to_have_count(7)  # C1: 7 round cards per player count
        expect(card.locator('option[value="4-3-3-3"]')).to_be_disabled()  # a 4-player card
        for seat, name in enumerate(("Cy", "Dan"), start=3):
            page.get_by_role("combobox", name=f"Seat {seat}").fill(name)
        expect(offered).to_have_count(7)
        expect(card.locator('option[value="4-3-3-1"]')).to_be_disabled()  # a 2-player card
        card.select_option("4-3-3-3")
