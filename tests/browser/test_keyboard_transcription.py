"""A whole Duel transcribed with the keyboard alone, on a phone-sized page (issue 39): the setup
typed, every move made with Enter on a control that is in the tab order (cells, boats, the action
tokens' bar and their highlighted targets on the harbor, "Done"), every draw typed as labels and
sent with Enter. ``focus()`` stands for the Tab presses that reach a control; the test checks the
control is one Tab reaches (a button, an input, or tabindex 0). No mouse, no tap."""

import re

import pytest

from games.models import Game
from games.services.results import record_of
from rules_engine.duel.labels import SHORT
from rules_engine.duel.record import to_transcription
from tests.browser.contexts import log_in, page_in, settled_at
from tests.browser.test_board_moves import _targets
from tests.browser.test_transcription import DRAWN, transcript

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}}
TABBABLE = "el => !el.disabled && (el.tabIndex >= 0) && !el.closest('[hidden], [inert]')"


def _enter(page, selector: str) -> None:
    control = page.locator(selector).first
    assert control.evaluate(TABBABLE), f"{selector} is not in the tab order"
    control.focus()
    page.keyboard.press("Enter")


def _type_into(page, selector: str, text: str) -> None:
    field = page.locator(selector)
    assert field.evaluate(TABBABLE)
    field.focus()
    page.keyboard.type(text)


def _labels(tokens) -> str:
    return " ".join(SHORT[t] for t in tokens)


def _play(page, ply: int, move: dict) -> None:
    shown = {k: v for k, v in move.items() if k not in DRAWN}
    if move["type"] == "place":
        _enter(page, f'#harbor button[data-cell="{move["cell"]}"]')
    elif move["type"] == "unload":
        _enter(page, f'#harbor button[data-boat="{move["boat"]}"]')
    else:  # an action token: its bar button, then its targets on the harbor
        _enter(page, f'#board-pick [data-pick="{move["type"]}"]')
        for target in _targets(shown):
            page.wait_for_function(
                "([sel, ply]) => document.querySelector(`#play[data-ply=\"${ply}\"], #draw-form`)"
                " || document.querySelector(sel).matches('.is-target, .is-chosen')", arg=[target, ply + 1])
            if page.locator(f'#play[data-ply="{ply + 1}"], #draw-form').count():
                break
            if "is-target" in (page.locator(target).get_attribute("class") or ""):
                _enter(page, target)
        if page.locator("#board-pick .pick-done").is_visible():
            _enter(page, "#board-pick .pick-done")
    drawn = [t for t in (move.get("refills") or [move.get("refill")]) if t]
    if "reveal" in move:
        drawn.append([move["reveal"]])
    if drawn:
        page.locator("#draw-form").wait_for()
        fields = page.locator("#draw-form input[data-need]")
        for k, tokens in enumerate(drawn):
            _type_into(page, f"#draw-form input[data-need] >> nth={k}", _labels(tokens))
        assert fields.count() == len(drawn)
        page.keyboard.press("Enter")  # sends the prompt
    settled_at(page, "#play", ply + 1)


def test_a_whole_duel_is_transcribed_with_the_keyboard_alone(chromium, live_server, alice):
    record = transcript(5)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto("/games/new")
        _type_into(page, 'input[name="player_1"]', "Ana")
        _type_into(page, 'input[name="player_2"]', "Ben")
        for monument, side in record["sides"].items():
            radio = f'input[name="side_{monument}"][value="{side}"]'
            page.locator(radio).focus()
            page.keyboard.press("Space")
        page.locator('input[name="setup"][value="transcribe"]').focus()
        page.keyboard.press("Space")
        for k, boat in enumerate(record["setup"]["boats"]):
            _type_into(page, f".boat-input input >> nth={k}", _labels(boat))
        page.keyboard.press("Enter")  # submits the form
        page.wait_for_url(re.compile(r"/games/\d+/play$"))
        for ply, move in enumerate(record["moves"]):
            _play(page, ply, move)
    game = Game.objects.get()
    assert game.status == Game.Status.FINISHED
    assert to_transcription(record_of(game))["moves"] == record["moves"]
