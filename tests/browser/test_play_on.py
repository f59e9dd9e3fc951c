"""Play on from a transcribed game (issue 39): in the variation, what nobody at the table saw
may be drawn at random on the prompt (or tapped as before); the variation is listed under its
game, not in the club's history. Phone size."""

import pytest
from playwright.sync_api import expect

from games.models import Game, Move
from games.services.variations import play_on_from
from rules_engine.duel.tokens import TOKEN_COUNTS
from tests.browser.contexts import log_in, page_in, settled_at
from tests.browser.test_transcription import transcript
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def test_a_variation_of_a_transcribed_duel_draws_unseen_tokens_at_random(chromium, live_server, alice):
    record = transcript(5)
    game = store(record, alice)
    ply = next(p for p, m in enumerate(record["moves"]) if m["type"] == "unload" and m.get("refill"))
    variation = play_on_from(game, ply, user=alice)
    unload = {"type": "unload", "boat": record["moves"][ply]["boat"]}
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{variation.pk}/play")
        settled_at(page, "#play", ply)
        page.locator(f'#harbor [data-boat="{unload["boat"]}"]').click()
        page.locator("#draw-form").get_by_role("button", name="Draw at random").click()
        settled_at(page, "#play", ply + 1)
        stored = Move.objects.get(game=variation, ply=ply).data
        assert {k: v for k, v in stored.items() if k != "refill"} == unload
        assert len(stored["refill"]) == 3 and set(stored["refill"]) <= set(TOKEN_COUNTS)

        page.goto("/games/")  # the club's history lists the game, not its variation
        results = page.locator("#games-results")
        expect(results.locator(f'a[href="/games/{game.pk}/"]').first).to_be_visible()
        expect(results.locator(f'a[href="/games/{variation.pk}/"]')).to_have_count(0)
        page.goto(f"/games/{game.pk}/")  # listed under its game
        expect(page.locator(f'.variations a[href="/games/{variation.pk}/"]')).to_be_visible()
    assert Game.objects.get(pk=variation.pk).parent_id == game.pk


def test_a_game_transcribed_at_the_table_offers_no_random_draw(chromium, live_server, alice):
    record = transcript(5)
    ply = next(p for p, m in enumerate(record["moves"]) if m["type"] == "unload" and m.get("refill"))
    game = store({**record, "moves": record["moves"][:ply]}, alice)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", ply)
        page.locator(f'#harbor [data-boat="{record["moves"][ply]["boat"]}"]').click()
        page.locator("#draw-form").wait_for()
        expect(page.locator("#draw-form [data-draw-random]")).to_have_count(0)
