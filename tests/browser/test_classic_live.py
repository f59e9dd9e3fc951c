"""Live entry of a base game in headless Chromium: start a 3-player game with a server
shuffle, get stones, place a stone by clicking a ship's slot, sail a ship, undo."""

import re

import pytest
from django.test import Client

from games.models import Game, Move
from tests.browser.contexts import settled_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _log_in(page, live_server, user):
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def _at(page, ply):
    settled_at(page, "#play", ply)


def test_start_a_base_game_and_play_a_few_moves(page, live_server, alice):
    _log_in(page, live_server, alice)
    page.goto("/games/new")
    page.click("#start-classic")
    page.fill("input[name=player_1]", "Ana")
    page.fill("input[name=player_2]", "Ben")
    page.fill("input[name=player_3]", "Cleo")
    page.fill("input[name=seed]", "11")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/games/\d+/play$"))
    game = Game.objects.get()
    assert game.game_type == "classic" and game.header["setup"]["seed"] == 11
    _at(page, 0)
    page.evaluate("window.__sameDocument = true")
    assert "is-to-move" in page.locator('.classic-panels .panel[data-player="0"]').get_attribute("class")

    # C4.2: Ana clicks ship 1's bow slot; her stone is drawn there and Ben is to move.
    page.click('#ships button[data-ship="1"][data-slot="1"]')
    _at(page, 1)
    assert page.locator('#ships [data-ship="1"] [data-slot="1"] .stone-black').count() == 1
    assert "is-to-move" in page.locator('.classic-panels .panel[data-player="1"]').get_attribute("class")
    assert "Ana places a stone on ship 1, slot 1" in page.locator("#last-move").inner_text()

    # A filled slot is not a button: clicking it stores nothing.
    page.click('#ships [data-ship="1"] [data-slot="1"]')
    page.wait_for_timeout(300)
    assert page.locator("#play").get_attribute("data-ply") == "1"

    # C4.1: Ben gets stones from the quarry.
    page.click("#action-menu [data-move=get-stones]")
    _at(page, 2)
    assert "Ben gets" in page.locator("#last-move").inner_text()

    # Cleo places on ship 4 (the smallest: it may sail with one stone), then Ana sails it.
    page.click('#ships button[data-ship="4"][data-slot="1"]')
    _at(page, 3)
    page.click('#action-menu button[data-sail="4:pyramids"]')
    _at(page, 4)
    assert "sails ship 4" in page.locator("#last-move").inner_text()
    assert Move.objects.filter(game=game).count() == 4

    # Undo takes the sail back.
    page.click("text=Undo the last move")
    _at(page, 3)
    assert Move.objects.filter(game=game).count() == 3
    assert page.evaluate("window.__sameDocument") is True
