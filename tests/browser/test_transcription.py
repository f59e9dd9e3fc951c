"""Recording a physical Duel at the table, in headless Chromium: from the home page, the setup
and every refill and reveal tapped on the token palette (duel.md D1, formats.md F2), resumed
from the games list after closing the page, and watched live from a second browser."""

import json
import random
import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.services.recording import import_record
from games.services.records import record_of
from games.ui.timeline import load_timeline
from rules_engine.duel.playout import random_record
from rules_engine.duel.record import replay, to_transcription
from tests.browser.contexts import page_in, settled_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DRAWN = ("refill", "refills", "reveal")


def transcript(seed: int) -> dict:
    """A whole random game as the table saw it: boats, then what each move turned up."""
    record = to_transcription(random_record(random.Random(seed)))
    record["players"] = ["Ana", "Ben"]
    return record


def sign_in_from_home(page) -> None:
    page.goto("/")
    page.get_by_role("link", name="Sign in").click()
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("button", name="Sign out alice").wait_for()


def tap(page, tokens) -> None:
    for token in tokens:
        page.locator(f'.palette button[data-token="{token}"]').click()


def start_transcribed_game(page, record: dict) -> None:
    page.get_by_role("link", name="Record a game", exact=True).click()
    page.get_by_role("combobox", name="Player 1").fill("Ana")
    page.get_by_role("combobox", name="Player 2").fill("Ben")
    for monument, side in record["sides"].items():
        page.locator(f'input[name="side_{monument}"][value="{side}"]').check()
    page.get_by_label("Transcribed from our table").check()
    for boat in record["setup"]["boats"]:
        tap(page, boat)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/play$"))


def turned_up(move: dict) -> list[list[str]]:
    """The tokens ``move`` turned up, a list a prompt (a boat taken out of the game, refills:
    [null], turns nothing up)."""
    drawn = [t for t in (move.get("refills") or [move.get("refill")]) if t]
    return [*drawn, [move["reveal"]]] if "reveal" in move else drawn


def forced(record: dict) -> set[int]:
    """The plies whose tokens turned up the page does not ask: every token still face down is
    of one kind (D1), e.g. the last reserve token revealed by "take 1 token" (D4.3)."""
    states = replay(record).states
    return {ply for ply, move in enumerate(record["moves"])
            if turned_up(move) and len([t for t, n in (states[ply].unseen or {}).items() if n > 0]) == 1}


def play(page, record: dict, plies: range) -> None:
    """`play_move` for each of ``plies`` of ``record``, the prompts the rules answer not asked."""
    not_asked = forced(record)
    for ply in plies:
        play_move(page, ply, record["moves"][ply], asked=ply not in not_asked)


def play_move(page, ply: int, move: dict, asked: bool = True) -> None:
    """Click the move's button (opening its action token's list if needed), then tap what it
    turned up on the palette (unless the rules left no choice: ``asked`` False)."""
    shown = {k: v for k, v in move.items() if k not in DRAWN}
    button = page.locator(f"#play button[name=move][value={json.dumps(json.dumps(shown, separators=(',', ':')))}]")
    if not button.is_visible():
        page.locator(f'#action-menu details[data-action="{move["type"]}"] > summary').click()
    button.click()
    drawn = turned_up(move) if asked else []
    if drawn:
        page.locator("#draw-form").wait_for()
        for tokens in drawn:
            tap(page, tokens)  # the last needed token records the move
    settled_at(page, "#play", ply + 1)


def test_a_transcribed_duel_is_recorded_by_tapping_resumed_and_watched(chromium, live_server, page, alice):
    record = transcript(5)
    moves = record["moves"]
    sign_in_from_home(page)
    start_transcribed_game(page, record)
    game = Game.objects.get()
    with page_in(chromium, live_server) as spectator:
        spectator.goto(f"/games/{game.pk}/replay")
        not_asked = forced(record)
        for ply, move in enumerate(moves[:20]):
            play_move(page, ply, move, asked=ply not in not_asked)
            if ply % 5 == 4:  # the spectator's board follows within 3 s, without a reload
                expect(spectator.locator("#viewer")).to_have_attribute("data-ply", str(ply + 1), timeout=3000)

    # Close the page; come back from the home page and the games list.
    context = page.context
    page.close()
    page = context.new_page()
    page.goto("/")
    page.get_by_role("link", name="Club history", exact=True).click()
    page.locator("#in-progress").get_by_role("link", name="Continue recording").click()
    settled_at(page, "#play", 20)
    play(page, record, range(20, len(moves)))

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert to_transcription(record_of(game))["moves"] == moves  # what the table saw, move by move
    stored = load_timeline(game)
    assert [p["total"] for p in stored.score_at(stored.plies)["players"]] == [
        p["total"] for p in replay(record).score().to_json()["players"]
    ]


def test_a_spectator_sees_each_move_within_3_seconds(chromium, live_server, page, alice):
    record = random_record(random.Random(9))
    record["players"] = ["Ana", "Ben"]
    outcome = import_record({**record, "moves": []}, user=alice, source=Game.Source.RECORDED)
    game = outcome.game
    sign_in_from_home(page)
    page.goto(f"/games/{game.pk}/play")
    with page_in(chromium, live_server) as spectator:
        spectator.goto(f"/games/{game.pk}/replay")
        for ply, move in enumerate(record["moves"][:5]):
            play_move(page, ply, move)
            expect(spectator.locator("#viewer")).to_have_attribute("data-ply", str(ply + 1), timeout=3000)


def click_classic_move(page, ply: int, move: dict) -> None:
    page.evaluate("document.querySelectorAll('#action-menu details').forEach(d => d.open = true)")
    value = json.dumps(move, separators=(",", ":"))
    slot = page.locator(f"#play button[name=move][value={json.dumps(value)}]")
    slot.first.click()


def start_base_game_at_the_table(page, names: list[str], round_card, market: list[str]) -> None:
    """From the navigation: a base game whose cards are entered as the table turns them up."""
    page.get_by_role("link", name="Record a game", exact=True).click()
    page.get_by_role("link", name="Start a base game (2–4 players) instead").click()
    for seat, name in enumerate(names, start=1):
        page.get_by_role("combobox", name=f"Seat {seat}").fill(name)
    page.get_by_label("Turned up at our table").check()
    page.get_by_label("Round 1's card").select_option("-".join(map(str, round_card)))
    for k, card in enumerate(market):
        page.get_by_label(f"Market card {k + 1}").select_option(card)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/play$"))


def test_a_base_game_round_is_recorded_with_the_cards_the_table_turns_up(page, alice):
    from rules_engine.classic.playout import random_record as classic_record

    dealt = classic_record(random.Random(3), players=2)
    cards, market = dealt["setup"]["round_cards"], dealt["setup"]["market_draws"]
    sign_in_from_home(page)
    start_base_game_at_the_table(page, ["Ana", "Ben"], cards[0], market[:4])

    asked = False
    for ply, move in enumerate(dealt["moves"]):
        click_classic_move(page, ply, move)
        page.locator(f'#draw-form, #play[data-ply="{ply + 1}"]').first.wait_for()
        if page.locator("#draw-form").is_visible():  # round 1 is over: the table turns up round 2
            page.get_by_label("Round card").select_option("-".join(map(str, cards[1])))
            for k in range(4):
                page.get_by_label(f"Market card {k + 1}").select_option(market[4 + k])
            page.get_by_role("button", name="Record the move").click()
            settled_at(page, "#play", ply + 1)
            asked = True
            break
        settled_at(page, "#play", ply + 1)
    assert asked
    game = Game.objects.get()
    assert game.header["setup"]["round_cards"] == cards[:2]
    assert record_of(game)["moves"] == dealt["moves"][: ply + 1]
