"""The example plugin's own game (the Obelisk race) in Chromium: started and played to the end
in live entry, replayed, and scored on its own calculator page — all through its web adapter."""

import re

import pytest

from games.models import Game
from tests.browser.contexts import log_in, settled_at

pytest.importorskip("imhotep_house_rules", reason="installed by `make test` from examples/imhotep-house-rules")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_play_it_in_live_entry_then_replay_it(page, live_server, plugin_registry, alice):
    log_in(page, live_server, alice)
    page.goto("/games/new?game=obelisk-race")
    page.fill("input[name=first]", "Ana")
    page.fill("input[name=second]", "Ben")
    page.click("text=Start recording")
    page.wait_for_url(re.compile(r"/games/\d+/play$"))
    for ply, label in enumerate(["Take 2 blocks"] * 4 + ["Take 1 block"]):
        settled_at(page, "#play", ply)
        page.click(f"#action-menu button:text-is('{label}')")
    settled_at(page, "#play", 5)
    assert page.locator("#play-over").is_visible()
    assert page.locator("#quarry-count").inner_text() == "0"
    game = Game.objects.get()
    assert game.status == Game.Status.FINISHED
    assert [s.result.total for s in game.seats.order_by("order")] == [8, 4]

    page.goto(f"/games/{game.pk}/replay?ply=1")
    assert page.locator("#last-move").inner_text() == "Move 1: Ana takes 2 blocks"
    assert page.locator("#race-board .obelisk-height").all_inner_texts() == ["2", "0"]


def test_score_it_on_its_own_calculator_page(page, plugin_registry):
    page.goto("/")
    page.click("text=Obelisk race scores")
    page.wait_for_url(re.compile(r"/score/obelisk-race$"))
    page.fill("input[name=name0]", "Ana")
    page.fill("input[name=name1]", "Ben")
    page.fill("input[name=obelisk0]", "3")
    page.fill("input[name=obelisk1]", "6")
    # Equal totals already make Ben the winner (he did not start): wait for the final totals.
    page.wait_for_selector("#result tr[data-player='1'] .total:text-is('9')")
    assert page.locator("#result .total").all_inner_texts() == ["3", "9"]
    assert page.locator("#winner").inner_text() == "Ben wins."
