"""Offline that is exact (issue 50), on a phone: the page reopened offline is the board after
every tap this phone made (its own copy, written after every move, js/retry.js; the taps kept
since marked on it), taps made on it are stored when the connection returns, in order and once;
a draw prompt keeps its tapped tokens across a reload; and a real conflict, another device
storing a different move at the same ply, shows both moves and loses neither."""

import pytest
from playwright.sync_api import expect

from games.models import Move
from tests.browser.contexts import log_in, page_in, settled_at
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SEED = 16  # its first 30 moves are placements and unloads, each a tap on the board (D4.1, D4.2)


def _tap(page, move: dict) -> None:
    if move["type"] == "place":
        page.locator(f'#harbor [data-cell="{move["cell"]}"]').click()
    else:
        page.locator(f'#harbor [data-boat="{move["boat"]}"]').click()


def _open(page, live_server, user, game, ply: int) -> None:
    log_in(page, live_server, user)
    page.goto(f"/games/{game.pk}/play")
    settled_at(page, "#play", ply)
    page.set_default_timeout(20_000)  # a loaded CI machine
    page.wait_for_selector(".play-page[data-offline-ready]", state="attached")  # the worker keeps the files


def _line(boat: str) -> list[str]:
    """The cells of a boat's line (duel.md D2)."""
    kind, which = boat.split("-")
    return [f"{c}{which}" for c in "abc"] if kind == "row" else [f"{which}{r}" for r in "123"]


def _kept_at(page, ply: int) -> None:
    """The page's own offline copy shows ``ply`` (written after the move, js/retry.js)."""
    page.wait_for_selector(f'.play-page[data-kept-ply="{ply}"]', state="attached")


def test_online_offline_reload_offline_more_taps_online_stores_every_tap_once_in_order(chromium, live_server, alice):
    moves = random_record(SEED)["moves"][:18]
    game = store(random_record(SEED, moves=0), alice)
    with page_in(chromium, live_server, **PHONE) as page:
        _open(page, live_server, alice, game, 0)
        for ply, move in enumerate(moves[:6]):  # online: stored as tapped
            _tap(page, move)
            settled_at(page, "#play", ply + 1)
        _kept_at(page, 6)

        page.context.set_offline(True)
        for k, move in enumerate(moves[6:10]):
            _tap(page, move)
            expect(page.locator("#play-pending li")).to_have_count(k + 1)
        page.reload()  # offline: the copy after the 6th move, not the page as first loaded
        expect(page.locator("#play")).to_have_attribute("data-ply", "6")
        expect(page.locator("#play .moves li")).to_have_count(6)
        expect(page.locator("#play-pending li")).to_have_count(4)
        for k, move in enumerate(moves[6:10], start=6):  # a kept placement shows its meeple: the cell is
            if move["type"] == "place":  # not free, unless a kept unload of its line took it back (D4.2)
                back = any(m["type"] == "unload" and move["cell"] in _line(m["boat"]) for m in moves[k + 1:10])
                mark = page.locator(f'#harbor [data-cell="{move["cell"]}"] .pending-mark.meeple')
                expect(mark).to_have_count(0 if back else 1)

        for k, move in enumerate(moves[10:14]):  # more taps on the reopened page
            _tap(page, move)
            expect(page.locator("#play-pending li")).to_have_count(5 + k)
        page.reload()
        expect(page.locator("#play")).to_have_attribute("data-ply", "6")
        expect(page.locator("#play-pending li")).to_have_count(8)

        page.context.set_offline(False)
        page.get_by_role("button", name="Send now").click()
        page.wait_for_selector('#play[data-ply="14"]', timeout=60_000)
        expect(page.locator("#play-pending")).to_be_hidden()
        expect(page.locator("#play-error")).to_have_count(0)
        for ply, move in enumerate(moves[14:18], start=14):  # and online again
            _tap(page, move)
            settled_at(page, "#play", ply + 1)
        _kept_at(page, 18)
    stored = list(Move.objects.filter(game=game).order_by("ply"))
    assert [m.data for m in stored] == moves  # stored = tapped, in order, once
    assert len({m.move_id for m in stored}) == len(moves)


def test_f2_a_refill_prompt_keeps_its_tapped_tokens_across_a_reload_online_and_offline(chromium, live_server, alice):
    from tests.browser.test_mistakes import _transcribed_game_at_ply_2

    with page_in(chromium, live_server, **PHONE) as page:
        game = _transcribed_game_at_ply_2(page, live_server, alice)
        page.wait_for_selector(".play-page[data-offline-ready]", state="attached")
        page.click('#harbor button[data-boat="row-1"]')
        expect(page.locator("#draw-form")).to_be_visible()
        page.locator('#draw-form .palette button[data-token="tomb-7"]').click()
        page.reload()
        expect(page.locator('#draw-form input[name="refill"]')).to_have_value("#7")
        _kept_at(page, 2)
        page.locator('#draw-form .palette button[data-token="tomb-8"]').click()
        page.context.set_offline(True)
        page.reload()  # the page's own copy: the prompt, with both tokens
        expect(page.locator('#draw-form input[name="refill"]')).to_have_value("#7 #8")
        page.context.set_offline(False)
        page.locator('#draw-form .palette button[data-token="temple-4"]').click()  # the last one sends
        settled_at(page, "#play", 3)
    assert game.moves.get(ply=2).data["refill"] == ["tomb-7", "tomb-8", "temple-4"]


@pytest.mark.parametrize("choice", ["mine", "theirs"])
def test_a_real_conflict_from_a_second_device_shows_both_moves_and_loses_neither(chromium, live_server, alice, choice):
    game = store(random_record(SEED, moves=4), alice)
    ours, theirs = {"type": "place", "cell": "a1"}, {"type": "place", "cell": "c2"}  # both free at ply 4
    with page_in(chromium, live_server, **PHONE) as phone, page_in(chromium, live_server, **PHONE) as other:
        _open(phone, live_server, alice, game, 4)
        _open(other, live_server, alice, game, 4)
        phone.context.set_offline(True)
        _tap(phone, ours)
        expect(phone.locator("#play-pending li")).to_have_count(1)
        _tap(other, theirs)  # the second device stores a different move at that ply
        settled_at(other, "#play", 5)

        phone.context.set_offline(False)
        phone.get_by_role("button", name="Send now").click()
        conflict = phone.locator("#play-conflict")
        expect(conflict).to_be_visible()
        expect(conflict.locator("li")).to_have_count(1)
        assert "c2" in conflict.locator("li").first.inner_text()
        expect(phone.locator("#play-pending li")).to_have_text(["place on a1"])
        if choice == "mine":
            phone.get_by_role("button", name="Use this phone's moves").click()
            expect(phone.locator("#play-pending")).to_be_hidden()  # undone, then sent
            settled_at(phone, "#play", 5)
            expect(phone.locator("#play-aside li")).to_have_count(1)
            assert "c2" in phone.locator("#play-aside li").first.inner_text()
            assert [m.data for m in Move.objects.filter(game=game, ply__gte=4)] == [ours]
            phone.get_by_role("button", name="Put them back after the last move").click()  # undoes the choice
            settled_at(phone, "#play", 6)
            assert [m.data for m in Move.objects.filter(game=game, ply__gte=4).order_by("ply")] == [ours, theirs]
        else:
            phone.get_by_role("button", name="Keep the other device's moves").click()
            expect(phone.locator("#play-conflict")).to_have_count(0)
            expect(phone.locator("#play-pending")).to_be_hidden()
            expect(phone.locator("#play-aside li")).to_have_text(["place on a1"])
            assert [m.data for m in Move.objects.filter(game=game, ply__gte=4)] == [theirs]
            phone.reload()  # still set aside after a reload, until put back or forgotten
            expect(phone.locator("#play-aside li")).to_have_text(["place on a1"])


def test_d4_2_a_kept_unload_takes_its_line_s_meeples_back_on_the_board_before_it_is_sent(chromium, live_server, alice):
    """Offline, a kept unload is drawn as the rules play it (D4.2): the meeples of its line,
    stored or kept, go back and its boat's tokens leave; a cell it empties takes a tap again,
    a cell still taken does not; after a reload offline too, and all stored in order online."""
    moves = random_record(SEED, moves=15)["moves"]
    assert moves[9] == {"type": "unload", "boat": "col-a"} and moves[12] == {"type": "unload", "boat": "row-1"}
    game = store(random_record(SEED, moves=5), alice)  # stored meeples on a2 and b1
    with page_in(chromium, live_server, **PHONE) as page:
        _open(page, live_server, alice, game, 5)
        page.context.set_offline(True)
        for k, move in enumerate(moves[5:10]):  # ... a1 placed, then col-a unloaded
            _tap(page, move)
            expect(page.locator("#play-pending li")).to_have_count(k + 1)
        expect(page.locator('#harbor [data-cell="a2"] .meeple')).to_be_hidden()  # a stored meeple taken back
        expect(page.locator('#harbor [data-cell="a1"] .meeple')).to_have_count(0)  # a kept one too
        expect(page.locator('#harbor [data-boat="col-a"] .token.is-taken-back')).to_have_count(3)
        expect(page.locator('#harbor [data-cell="b1"] .meeple')).to_be_visible()
        page.locator('#harbor [data-cell="b1"]').click()  # still taken: no tap kept
        expect(page.locator("#play-pending li")).to_have_count(5)

        page.reload()  # offline: drawn again from the taps kept on the phone
        expect(page.locator('#harbor [data-cell="a2"] .meeple')).to_be_hidden()
        for k, move in enumerate(moves[10:15]):  # row-1 unloaded, then b1 taken again
            _tap(page, move)
            expect(page.locator("#play-pending li")).to_have_count(6 + k)
        expect(page.locator('#harbor [data-cell="b1"] .pending-mark.meeple')).to_have_count(1)

        page.context.set_offline(False)
        page.get_by_role("button", name="Send now").click()
        page.wait_for_selector('#play[data-ply="15"]', timeout=60_000)
        expect(page.locator("#play-error")).to_have_count(0)
        expect(page.locator("#harbor .is-taken-back")).to_have_count(0)
    assert [m.data for m in Move.objects.filter(game=game).order_by("ply")] == moves


# Counts the answers the page has read (retry.js reads each send's answer with response.text());
# the page's own handler runs right after, before anything polled from here.
ANSWERS_READ = """(() => { const text = Response.prototype.text;
  Response.prototype.text = function () {
    return text.call(this).then((body) => { window.answersRead = (window.answersRead || 0) + 1; return body; });
  }; })();"""


def test_send_now_pressed_again_while_a_send_is_on_its_way_does_not_bring_a_settled_conflict_back(
        chromium, live_server, alice):
    """'Send now' pressed while a send is on its way, the conflict then settled on the phone: the
    late answer (the same conflict) is old news and is not shown again (js/retry.js: a tap's
    answer counts only while that tap is still the first kept one)."""
    game = store(random_record(SEED, moves=4), alice)
    ours, theirs = {"type": "place", "cell": "a1"}, {"type": "place", "cell": "c2"}  # both free at ply 4
    held = []

    def hold_the_second_send(route):
        held.append(route)
        if len(held) == 1:
            route.continue_()  # the first send is answered at once; the second waits for the test

    with page_in(chromium, live_server, **PHONE) as phone, page_in(chromium, live_server, **PHONE) as other:
        phone.add_init_script(ANSWERS_READ)
        _open(phone, live_server, alice, game, 4)
        _open(other, live_server, alice, game, 4)
        phone.context.set_offline(True)
        _tap(phone, ours)
        expect(phone.locator("#play-pending li")).to_have_count(1)
        _tap(other, theirs)  # another device stores a different move at that ply
        settled_at(other, "#play", 5)

        phone.route(lambda url: url.endswith(f"/games/{game.pk}/play"), hold_the_second_send)
        phone.context.set_offline(False)
        phone.get_by_role("button", name="Send now").click()
        expect(phone.locator("#play-conflict")).to_be_visible()
        phone.get_by_role("button", name="Send now").click()  # pressed again: a second send on its way
        for _ in range(200):  # the page's events reach this side while it is asked something
            if len(held) == 2:
                break
            phone.evaluate("() => window.answersRead")
        assert len(held) == 2
        phone.get_by_role("button", name="Keep the other device's moves").click()
        expect(phone.locator("#play-conflict")).to_have_count(0)
        held[1].continue_()  # the late answer: the same conflict
        phone.wait_for_function("() => window.answersRead >= 2")
        expect(phone.locator("#play-conflict")).to_have_count(0)
        expect(phone.locator("#play-error")).to_have_count(0)
        expect(phone.locator("#play-pending")).to_be_hidden()
        expect(phone.locator("#play-aside li")).to_have_text(["place on a1"])
    assert [m.data for m in Move.objects.filter(game=game, ply__gte=4)] == [theirs]
