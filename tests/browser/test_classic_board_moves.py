"""Base-game sails and blue cards picked on the board, on a phone (issue 39, classic.md C4.3,
C5.1, C7): "Sail a ship" or the blue card first, then the ship, slots, site and market cards
on the board, each step highlighting only what legal moves allow (a step with one legal target
is taken by the page); an illegal target is inert; the pick is stored as the list's move."""

import json
import random
import re

import pytest
from playwright.sync_api import expect

from games.models import Game, Move
from games.ui.classic.board_pick import pick_kind, pick_steps
from rules_engine.classic.playout import random_record
from tests.browser.contexts import log_in, page_in, settled_at
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
# (seed, ply) of a random 4-player game: a move of each kind (found with rules_engine.classic.playout).
CASES = {
    "sail to the market, two cards taken (C5.1)": (0, 3),
    "chisel (C7)": (0, 17),
    "hammer (C7)": (0, 57),
    "sail card to the market (C7)": (1, 46),
    "lever, three slots (C7)": (4, 93),
}


def _place(key: str) -> str:
    """The board place of a pick key (games/ui/classic/board_pick.py)."""
    kind, *rest = key.split(":")
    if kind == "ship":
        return f'.ship[data-ship="{rest[0]}"]'
    if kind == "slot":
        return f'.ship[data-ship="{rest[0]}"] [data-slot="{rest[1]}"]'
    if kind == "site":
        return f'.site[data-site="{rest[0]}"]'
    return f'.site-market .card[data-card="{rest[0]}"]'


def _game(seed: int, ply: int, user):
    record = random_record(random.Random(seed), players=4)
    return store({**record, "moves": record["moves"][:ply]}, user), record["moves"][ply]


@pytest.mark.parametrize("case", CASES)
def test_c7_a_sail_or_blue_card_is_played_on_the_board(chromium, live_server, alice, case):
    game, move = _game(*CASES[case], alice)
    ply = CASES[case][1]
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", ply)
        page.locator(f'#board-pick [data-pick="{pick_kind(move)}"]').click()
        for key in [key for group in pick_steps(move) for key in group]:
            target = f'#classic-board {_place(key)}'
            page.wait_for_function(  # a target, or already chosen (a single legal one), or the move posted
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


def test_c4_3_an_illegal_target_is_inert_while_sailing_on_the_board(chromium, live_server, alice):
    game, _move = _game(0, 3, alice)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", 3)
        page.locator('#board-pick [data-pick="sail"]').click()
        # Only ship 3 may sail: the page has taken it; the sites are the targets now.
        expect(page.locator(f"#classic-board {_place('ship:3')}")).to_have_class(re.compile(r"\bis-chosen\b"))
        expect(page.locator(f"#classic-board {_place('site:market')}")).to_have_class(re.compile(r"\bis-target\b"))
        page.locator("#classic-board button.slot.is-legal").first.click()  # a stone placed while picking: inert
        page.locator(f"#classic-board {_place('ship:1')}").click()  # not a target
        page.wait_for_timeout(500)
        assert Move.objects.filter(game=game).count() == 3
        expect(page.locator("#classic-board.is-picking")).to_have_count(1)
        page.locator("#board-pick .pick-cancel").click()
        expect(page.locator("#classic-board.is-picking")).to_have_count(0)


def _round_end(seed: int):
    """A 4-player game's first move that starts a new round (its cards not yet turned up) and
    the record transcribed up to it (classic.md C3.1: the table turns up a round card and the
    market's cards)."""
    from rules_engine.classic.transcription import in_use, trimmed_setup
    from rules_engine.registry import default_registry

    record = random_record(random.Random(seed), players=4)
    states = default_registry().replay(record).states
    ply = next(p for p in range(len(record["moves"])) if in_use(states[p + 1])[0] > max(1, in_use(states[p])[0]))
    cut = {**record, "moves": record["moves"][:ply]}
    market = in_use(states[ply + 1])[1] - in_use(states[ply])[1]
    return {**cut, "setup": {**trimmed_setup(cut), "transcribed": True}}, record, ply, market


def test_c3_1_the_cards_a_new_round_turns_up_are_tapped_and_the_last_tap_records_the_move(chromium, live_server, alice):
    transcribed, record, ply, market = _round_end(0)
    game = store(transcribed, alice)
    move = record["moves"][ply]
    round_card = "-".join(map(str, record["setup"]["round_cards"][1]))
    drawn = len(transcribed["setup"]["market_draws"])
    cards = record["setup"]["market_draws"][drawn:drawn + market]
    assert market >= 2
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", ply)
        page.evaluate("document.querySelectorAll('#action-menu details').forEach(d => d.open = true)")
        page.locator(f"#play button[name=move][value='{json.dumps(move, separators=(',', ':'))}']").first.click()
        page.locator("#draw-form").wait_for()
        page.locator(f'#draw-form button[data-round-card="{round_card}"]').click()
        wrong = next(c for c in ("statue", "entrance", "sarcophagus") if c != cards[0])
        page.locator(f'#draw-form .card-palette button[data-card="{wrong}"]').click()
        page.locator("#draw-form").get_by_role("button", name="Remove last card").click()
        expect(page.locator('#draw-form select[name="market_1"]')).to_have_value("")
        for card in cards:  # the last tap records the move
            page.locator(f'#draw-form .card-palette button[data-card="{card}"]').click()
        settled_at(page, "#play", ply + 1)
    stored = Game.objects.get(pk=game.pk).header["setup"]
    assert stored["round_cards"][1] == record["setup"]["round_cards"][1]
    assert stored["market_draws"][drawn:] == cards


def test_picking_on_the_board_and_the_card_prompt_have_no_serious_axe_violation(chromium, live_server, alice):
    """Issue 39's pages every player can use: the base game's bar while a sail is picked, and
    the new round's card prompt (round card and market card buttons)."""
    from tests.browser.a11y import serious_violations

    transcribed, record, ply, _market = _round_end(0)
    game = store(transcribed, alice)
    move = record["moves"][ply]
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/games/{game.pk}/play")
        settled_at(page, "#play", ply)
        page.locator('#board-pick [data-pick="sail"]').click()
        assert serious_violations(page) == []
        page.locator("#board-pick .pick-cancel").click()
        page.evaluate("document.querySelectorAll('#action-menu details').forEach(d => d.open = true)")
        page.locator(f"#play button[name=move][value='{json.dumps(move, separators=(',', ':'))}']").first.click()
        page.locator("#draw-form").wait_for()
        assert serious_violations(page) == []
