"""A real game all the way, in headless Chromium: a game dealt from a seed the service never
saw, played by random legal moves and transcribed at the table by tapping only (from `/`), is
then analysed: the graph and the turning points show, "Best moves here" answers at three
positions, and "Play on from here" opens live entry (duel.md D3, classic.md C2, formats.md F2, F4)."""

import random
import re

import pytest

from games.analysis.models import GameAnalysis
from games.analysis.service import run_analysis
from games.models import Game
from tests.browser.contexts import settled_at
from tests.browser.test_transcription import (
    click_classic_move,
    play,
    sign_in_from_home,
    start_base_game_at_the_table,
    start_transcribed_game,
    transcript,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def few_playouts(settings):
    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 6
    settings.IMHOTEP_HINT_PLAYOUTS = 40


def analyse_and_review(page, game: Game) -> None:
    page.goto(f"/games/{game.pk}/replay")
    page.locator("#start-analysis").click()
    page.locator("#analysis-progress").wait_for()
    # The worker's part, in this process, with the page gone: its poll and the worker's last write
    # met on the in-memory test database, which fails such a write at once ("database table is
    # locked") where the service's own databases wait. The poll itself is tests/browser/test_analysis.py's.
    page.goto("about:blank")
    run_analysis(GameAnalysis.objects.get(game=game).pk)
    page.goto(f"/games/{game.pk}/replay")
    assert page.locator("#analysis .win-chart").count() == 1
    assert page.locator("#analysis .turning-point").count() >= 1
    plies = game.moves.count()
    for ply in (1, plies // 2, plies - 1):
        page.goto(f"/games/{game.pk}/replay?ply={ply}")
        page.locator("#show-hint").click()
        page.locator("#hint ol.hints li").first.wait_for()
        assert "% to win" in page.locator("#hint ol.hints").inner_text()
    page.goto(f"/games/{game.pk}/replay?ply=6")
    page.locator("#play-on").click()
    page.wait_for_url(re.compile(r"/games/\d+/play$"))
    settled_at(page, "#play", 6)


def test_a_transcribed_duel_is_analysed_hinted_and_played_on(page, alice):
    record = transcript(17)
    sign_in_from_home(page)
    start_transcribed_game(page, record)
    play(page, record, range(len(record["moves"])))
    game = Game.objects.get()
    assert game.status == Game.Status.FINISHED and "supply" not in game.header["setup"]
    analyse_and_review(page, game)


def test_a_base_game_with_table_entered_cards_is_analysed_hinted_and_played_on(page, alice):
    from rules_engine.classic.playout import random_record as classic_record

    dealt = classic_record(random.Random(23), players=3)
    cards, market = dealt["setup"]["round_cards"], dealt["setup"]["market_draws"]
    sign_in_from_home(page)
    start_base_game_at_the_table(page, ["Ana", "Ben", "Cleo"], cards[0], market[:4])

    rounds, drawn = 1, 4
    for ply, move in enumerate(dealt["moves"]):
        click_classic_move(page, ply, move)
        page.locator(f'#draw-form, #play[data-ply="{ply + 1}"]').first.wait_for()
        if page.locator("#draw-form").is_visible():  # the table turns up what the move needs
            if page.get_by_label("Round card").count():
                page.get_by_label("Round card").select_option("-".join(map(str, cards[rounds])))
                rounds += 1
            for k in range(page.locator('#draw-form select[name^="market_"]').count()):
                page.get_by_label(f"Market card {k + 1}").select_option(market[drawn])
                drawn += 1
            page.get_by_role("button", name="Record the move").click()
        settled_at(page, "#play", ply + 1)
    game = Game.objects.get()
    assert game.status == Game.Status.FINISHED and game.header["setup"]["transcribed"]
    analyse_and_review(page, game)
