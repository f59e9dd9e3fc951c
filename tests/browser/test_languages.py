"""Switching the interface language in headless Chromium (docs/i18n.md): the switcher in the
header re-renders the page in the chosen language, board words and engine sentences included."""

import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from imhotep_lib.translation import say
from rules_engine.duel.board import parse_board
from rules_engine.duel.scoring import score
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

# D9.1, the rulebook's 69-point example, for player 1 (player 2 holds more obelisks).
D9_1 = ("/score/duel?p0_obelisk=2&p0_temple_1=1&p0_temple_2=1&p0_temple_4=1&p0_light=4&p0_dark=6"
        + "".join(f"&p0_tomb={n}" for n in (1, 2, 3, 4, 5, 6, 11)) + "&p0_actions=2&p0_meeples=1&p1_obelisk=6")


def _d9_1_tomb_line(language: str) -> str:
    """The tomb line of the breakdown as the engine words it, said in ``language``."""
    board = {"game": "duel", "sides": dict.fromkeys(("obelisk", "temple", "pyramid", "tomb"), "A"),
             "starting_player": 0, "players": [
                 {"name": "Player 1", "obelisk": 2, "temple": [1, 2, 4], "pyramid": {"light": 4, "dark": 6},
                  "tomb": [1, 2, 3, 4, 5, 6, 11], "action_tokens": 2, "meeples_on_harbor": 1},
                 {"name": "Player 2", "obelisk": 6, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [],
                  "action_tokens": 0, "meeples_on_harbor": 0}]}
    line = next(ln for ln in score(parse_board(board)).players[0].lines if ln.monument == "tomb")
    with translation.override(language):
        return say(line.text)


def test_switching_to_japanese_shows_the_duel_breakdown_in_japanese(page):
    page.goto(D9_1)
    expect(page.locator("#score-0 .total")).to_have_text("69")
    english = page.locator("#score-0 tr[data-monument=tomb] td").first.inner_text()

    page.select_option("#language-select", "ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    tomb = page.locator("#score-0 tr[data-monument=tomb] td").first
    expect(tomb).to_have_text(_d9_1_tomb_line("ja"))
    assert JAPANESE.search(tomb.inner_text()) and tomb.inner_text() != english
    expect(page.locator("#score-0 .total")).to_have_text("69")
    assert JAPANESE.search(page.locator("#score-0 caption + thead").inner_text())


def test_switching_to_russian_shows_a_base_game_replays_moves_in_russian(page):
    game = store(random_record(3, players=3, game="classic", moves=24))
    page.goto(f"/games/{game.pk}/replay?ply=12")
    moves = page.locator("ol.moves li a")
    english = moves.all_inner_texts()

    page.select_option("#language-select", "ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(moves.first).to_have_text(CYRILLIC)
    russian = moves.all_inner_texts()
    assert len(russian) == len(english) == 25  # "Setup" and 24 moves
    for before, after in zip(english, russian, strict=True):
        assert after != before and CYRILLIC.search(after), (before, after)
    assert CYRILLIC.search(page.locator("#last-move").inner_text())
