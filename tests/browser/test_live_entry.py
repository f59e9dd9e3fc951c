"""Live move entry in headless Chromium: start a game with a server shuffle, play by clicking
cells and boats (htmx swaps the board), an illegal click does nothing, undo."""

import re

import pytest

from games.models import Game, Move
from games.ui.timeline import load_timeline
from tests.browser.contexts import log_in, settled_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _at(page, ply):
    settled_at(page, "#play", ply)


def _totals(page) -> list[int]:
    return [int(t) for t in page.locator("#play .panel .total").evaluate_all(
        "els => els.map(e => e.dataset.total)")]


def _engine_totals(game) -> list[int]:
    timeline = load_timeline(Game.objects.get(pk=game.pk))
    return [p["total"] for p in timeline.score_at(timeline.plies)["players"]]


def test_start_a_game_and_play_by_clicking(page, live_server, alice):
    log_in(page, live_server, alice)
    page.goto("/games/new")
    page.fill("input[name=player_1]", "Ana")
    page.fill("input[name=player_2]", "Ben")
    page.click("text=Start the game")
    page.wait_for_url(re.compile(r"/games/\d+/play$"))
    game = Game.objects.get()
    assert len(game.header["setup"]["supply"]) == 60 and game.status == "in_progress"
    _at(page, 0)
    page.evaluate("window.__sameDocument = true")  # survives only htmx swaps, not page loads
    assert page.locator('#play .panel[data-player="0"]').get_attribute("class").endswith("is-to-move")

    # D4.1: Ana places on b2 by clicking the cell; the turn passes to Ben.
    page.click('#harbor button[data-cell="b2"]')
    _at(page, 1)
    assert page.locator('#harbor [data-cell="b2"] .meeple-black').count() == 1
    assert "is-to-move" in page.locator('#play .panel[data-player="1"]').get_attribute("class")

    # An occupied cell is not a move: clicking it changes nothing and stores nothing.
    page.click('#harbor [data-cell="b2"]')
    page.wait_for_timeout(400)
    assert page.locator("#play").get_attribute("data-ply") == "1"
    assert Move.objects.filter(game=game).count() == 1
    assert page.locator("#play-error").count() == 0

    # Ben places on c2; now row 2 holds 2 meeples, so Ana may unload it (D4.2).
    page.click('#harbor button[data-cell="c2"]')
    _at(page, 2)
    page.click('#harbor button[data-boat="row-2"]')
    _at(page, 3)
    assert "unloads row 2" in page.locator("#last-move").inner_text()
    assert page.locator('#harbor [data-cell="b2"] .meeple').count() == 0
    assert _totals(page) == _engine_totals(game)  # the D7 score the page shows is the engine's
    assert page.evaluate("window.__sameDocument") is True

    # Undo takes the unload back.
    page.click("text=Undo the last move")
    _at(page, 2)
    assert page.locator('#harbor [data-cell="b2"] .meeple-black').count() == 1
    assert Move.objects.filter(game=game).count() == 2
