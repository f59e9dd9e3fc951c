"""A whole Duel transcribed by touch from the home page, on a phone (issue 50), every tap
counted: "Record a game" on the home page, "same players as last time" (names, colours, sides
and a transcribed setup in one tap), the 18 boat tokens, "Start the game"; then one tap a move,
one more for an action token (its list opens with the token), one a token turned up. The
count is the table's own: no tap the page adds."""

import json
import re

import pytest

from games.models import Game
from games.services.recording import import_record
from games.services.records import record_of
from rules_engine.duel.record import to_transcription
from tests.browser.contexts import log_in, page_in, settled_at
from tests.browser.test_transcription import DRAWN, transcript

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


class Taps:
    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.count += 1


def _drawn(move: dict) -> list[list[str]]:
    drawn = [t for t in (move.get("refills") or [move.get("refill")]) if t]
    return [*drawn, [move["reveal"]]] if "reveal" in move else drawn


def _play(taps: Taps, ply: int, move: dict) -> None:
    shown = {k: v for k, v in move.items() if k not in DRAWN}
    if move["type"] == "place":
        taps.tap(f'#harbor button[data-cell="{move["cell"]}"]')
    elif move["type"] == "unload":
        taps.tap(f'#harbor button[data-boat="{move["boat"]}"]')
    else:  # the token on the bar opens its list: its move is one tap there
        taps.tap(f'#board-pick [data-pick="{move["type"]}"]')
        value = json.dumps(json.dumps(shown, separators=(",", ":")))
        taps.tap(f'#action-menu details[open] button[name=move][value={value}]')
    for tokens in _drawn(move):
        taps.page.locator("#draw-form").wait_for()
        for token in tokens:  # the last one records the move
            taps.tap(f'#draw-form .palette button[data-token="{token}"]')
    settled_at(taps.page, "#play", ply + 1)


def test_a_whole_duel_is_transcribed_by_touch_from_the_home_page(chromium, live_server, alice):
    record = transcript(5)
    before = transcript(6)  # the game these players recorded last time
    import_record({**before, "moves": before["moves"][:4]}, user=alice, source=Game.Source.RECORDED)
    with page_in(chromium, live_server, **PHONE) as page:
        page.set_default_timeout(20_000)  # a loaded CI machine
        log_in(page, live_server, alice)
        page.goto("/")
        taps = Taps(page)
        taps.tap("#home-record")
        taps.tap("#same-players")
        page.wait_for_url(re.compile(r"same=1"))
        assert page.locator('input[name="player_1"]').input_value() == "Ana"
        assert page.locator('input[name="setup"][value="transcribe"]').is_checked()
        for boat in record["setup"]["boats"]:
            for token in boat:
                taps.tap(f'.palette button[data-token="{token}"]')
        taps.tap("form.new-game-form button[type=submit]")
        page.wait_for_url(re.compile(r"/games/\d+/play$"))
        setup = taps.count
        for ply, move in enumerate(record["moves"]):
            _play(taps, ply, move)
    game = Game.objects.exclude(pk=Game.objects.order_by("pk").first().pk).get()
    assert game.status == Game.Status.FINISHED
    assert to_transcription(record_of(game))["moves"] == record["moves"]
    moves = record["moves"]
    actions = sum(m["type"] not in ("place", "unload") for m in moves)
    tokens = sum(len(t) for m in moves for t in _drawn(m))
    print(f"\nby touch, a {len(moves)}-move Duel from the home page: {taps.count} taps ({setup} for the setup: "
          f"18 boat tokens; {len(moves)} moves, {actions} more for action tokens, {tokens} tokens turned up)")
    assert setup == 3 + 18  # home card, same players, the boats' tokens, start
    assert taps.count == setup + len(moves) + actions + tokens  # no tap but the table's own
