"""A whole Duel by touch from the home page, on a phone (issue 50), every tap counted: one played with
the server's shuffle (the setup D3 asks for, laid out as the page shows it), one transcribed from a
table shuffled by hand. Transcribed: "Same players as last time" on the home page (names, colours,
sides and a transcribed setup in one tap), the 18 boat tokens, "Start the game"; then one tap a
move, one more for an action token (its list opens with the token), one a token turned up, except
the tokens the rules leave no choice about (all those still face down of one kind: not asked). The
count is the table's own: no tap the page adds."""

import json
import random
import re

import pytest

from games.models import Game
from games.services.recording import import_record
from games.services.records import record_of
from rules_engine.duel.playout import playout, random_record
from rules_engine.duel.record import to_transcription
from tests.browser.contexts import log_in, page_in, settled_at
from tests.browser.test_transcription import DRAWN, forced, transcript
from tests.browser.test_transcription import turned_up as _drawn

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


class Taps:
    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.count += 1


def _play(taps: Taps, ply: int, move: dict, asked: bool = True) -> None:
    shown = {k: v for k, v in move.items() if k not in DRAWN}
    if move["type"] == "place":
        taps.tap(f'#harbor button[data-cell="{move["cell"]}"]')
    elif move["type"] == "unload":
        taps.tap(f'#harbor button[data-boat="{move["boat"]}"]')
    else:  # the token on the bar opens its list: its move is one tap there
        taps.tap(f'#board-pick [data-pick="{move["type"]}"]')
        value = json.dumps(json.dumps(shown, separators=(",", ":")))
        taps.tap(f'#action-menu details[open] button[name=move][value={value}]')
    for tokens in _drawn(move) if asked else []:
        taps.page.locator("#draw-form").wait_for()
        for token in tokens:  # the last one records the move
            taps.tap(f'#draw-form .palette button[data-token="{token}"]')
    settled_at(taps.page, "#play", ply + 1)


def _same_players_from_home(page, live_server, user) -> Taps:
    """Signed in on the home page, "Same players as last time" tapped: the taps counted so far."""
    page.set_default_timeout(20_000)  # a loaded CI machine
    log_in(page, live_server, user)
    page.goto("/")
    taps = Taps(page)
    taps.tap("#home-same")
    page.wait_for_url(re.compile(r"same=1"))
    return taps


def test_a_whole_duel_is_transcribed_by_touch_from_the_home_page(chromium, live_server, alice):
    record = transcript(5)
    before = transcript(6)  # the game these players recorded last time
    import_record({**before, "moves": before["moves"][:4]}, user=alice, source=Game.Source.RECORDED)
    with page_in(chromium, live_server, **PHONE) as page:
        taps = _same_players_from_home(page, live_server, alice)
        assert page.locator('input[name="player_1"]').input_value() == "Ana"
        assert page.locator('input[name="setup"][value="transcribe"]').is_checked()
        for boat in record["setup"]["boats"]:
            for token in boat:
                taps.tap(f'.palette button[data-token="{token}"]')
        taps.tap("form.new-game-form button[type=submit]")
        page.wait_for_url(re.compile(r"/games/\d+/play$"))
        setup = taps.count
        not_asked = forced(record)
        for ply, move in enumerate(record["moves"]):
            _play(taps, ply, move, asked=ply not in not_asked)
    game = Game.objects.exclude(pk=Game.objects.order_by("pk").first().pk).get()
    assert game.status == Game.Status.FINISHED
    assert to_transcription(record_of(game))["moves"] == record["moves"]
    moves = record["moves"]
    actions = sum(m["type"] not in ("place", "unload") for m in moves)
    tokens = sum(len(t) for k, m in enumerate(moves) if k not in not_asked for t in _drawn(m))
    print(f"\nby touch, a {len(moves)}-move Duel from the home page: {taps.count} taps ({setup} for the setup: "
          f"18 boat tokens; {len(moves)} moves, {actions} more for action tokens, {tokens} tokens turned up, "
          f"{len(not_asked)} prompt(s) the rules answered)")
    assert setup == 2 + 18  # same players on the home page, the boats' tokens, start
    assert not_asked == {54}  # the last reserve token: the other 59 are known
    assert taps.count == setup + len(moves) + actions + tokens == 131  # no tap but the table's own


def test_a_whole_duel_shuffled_by_the_server_is_played_by_touch_from_the_home_page(chromium, live_server, alice):
    # The server draws the 60 tokens (F2 ``setup.supply``): the boats and every token turned up
    # are known, so a tap a move, and one more for an action token's move, is all the table gives.
    before = random_record(random.Random(6))  # the game these players played last time
    import_record({**before, "moves": before["moves"][:4]}, user=alice, source=Game.Source.RECORDED)
    with page_in(chromium, live_server, **PHONE) as page:
        taps = _same_players_from_home(page, live_server, alice)
        assert page.locator('input[name="setup"][value="shuffle"]').is_checked()
        taps.tap("form.new-game-form button[type=submit]")
        page.wait_for_url(re.compile(r"/games/\d+/play$"))
        setup = taps.count
        game = Game.objects.order_by("-pk").first()
        _supply, moves, _end = playout(random.Random(5), record_of(game)["setup"]["supply"])
        for ply, move in enumerate(moves):
            _play(taps, ply, move)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert record_of(game)["moves"] == moves
    actions = sum(m["type"] not in ("place", "unload") for m in moves)
    print(f"\nby touch, a {len(moves)}-move Duel shuffled by the server, from the home page: {taps.count} taps "
          f"({setup} for the setup; {len(moves)} moves, {actions} more for action tokens)")
    assert setup == 2  # same players on the home page, start
    assert taps.count == setup + len(moves) + actions <= 120
