"""Club night in headless Chromium: an admin runs a 10-player Duel Swiss (two tables of round 1
recorded live and watched on the big screen, the others entered as final boards in the
calculator), the big screen shows the standings and round 2's pairings; a 9-player base-game
event sits at three tables of three."""

import random
import re

import pytest

from games.events.models import Event, Pairing
from games.models import Game
from games.play.appending import append_move
from games.ui.timeline import load_timeline
from tests.browser.contexts import log_in, page_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEN = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hal", "Ida", "Jo"]


def _play(game_id: int, moves: int | None = None, seed: int = 1) -> None:
    """Record legal moves on a live game, as its players would from their own phone."""
    rng = random.Random(seed)
    done = 0
    while moves is None or done < moves:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.IN_PROGRESS:
            return
        timeline = load_timeline(game)
        gt = timeline.game_type
        state = timeline.state(timeline.plies)
        legal = gt.legal_moves(state)
        if not legal or gt.is_over(state):
            return
        append_move(game_id, timeline.plies, gt.move_to_json(rng.choice(list(legal))))
        done += 1


_TWO_POLLS = 5_000  # ms: the big screen's `every 2s`, twice, and a second for the answer


def _create(page, name, game, kind, rounds, players):
    page.goto("/events/new")
    page.fill("input[name=name]", name)
    page.select_option("select[name=game_type]", game)
    page.select_option("select[name=kind]", kind)
    page.fill("input[name=rounds]", str(rounds))
    page.click("#event-form button[type=submit]")
    page.wait_for_url(re.compile(r"/events/\d+/$"))
    for player in players:
        page.fill("#register-form input[name=name]", player)
        page.click("#register-form button[type=submit]")
        page.wait_for_selector(f"#players li:has-text('{player}')")
    page.click("#start-round button")
    page.wait_for_selector("#round-1")
    return Event.objects.get(name=name)


def test_club_night_duel_swiss_on_the_big_screen(page, live_server, chromium, staff):
    log_in(page, live_server, staff)
    event = _create(page, "Friday Duel", "duel", "swiss", 3, TEN)
    pairings = list(Pairing.objects.filter(round__event=event).order_by("table"))
    assert len(pairings) == 5

    # Tables 1 and 2 are recorded live.
    live = []
    for pairing in pairings[:2]:
        page.goto(f"/events/{event.pk}/")
        page.click(f"#table-1-{pairing.table} a.record-live")  # the Duel's setup form, the table seated
        page.click("form.new-game-form button[type=submit]")  # shuffled by the server
        page.wait_for_url(re.compile(r"/games/\d+/play$"))
        live.append(int(page.url.rstrip("/play").rsplit("/", 1)[1]))

    with page_in(chromium, live_server, viewport={"width": 1920, "height": 1080}) as screen:
        screen.goto(f"/events/{event.pk}/screen?cycle=0")  # no sign-in
        assert screen.locator("#board-1 .badge").is_visible()
        _play(live[0], moves=3)
        # The screen polls every 2 s: two polls' time, so one slow answer on a busy CI machine
        # does not fail it (a screen that never updates still does).
        screen.wait_for_selector("#board-1 .moves:has-text('3')", timeout=_TWO_POLLS)

        # The other three tables are entered as final boards from the event page's calculator links.
        for pairing in pairings[2:]:
            page.goto(f"/events/{event.pk}/")
            page.click(f"#table-1-{pairing.table} a.final-board")
            page.wait_for_url(re.compile(r"/score/duel\?"))
            page.fill("input[name=p0_obelisk]", "3")
            page.wait_for_selector("form.save button")
            page.click("form.save button")
            page.wait_for_url(re.compile(r"/events/\d+/$"))  # the table's result: back to the event

        _play(live[0])
        _play(live[1], seed=2)
        screen.wait_for_selector("#board-2.done", timeout=_TWO_POLLS)
        screen.goto(f"/events/{event.pk}/screen?cycle=0&panel=standings")
        assert screen.locator("#standings-panel tbody tr").count() == 10
        screen.goto(f"/events/{event.pk}/screen?cycle=0&panel=next")
        assert screen.locator("#next-round li").count() == 5
        preview = screen.locator("#next-round li").all_inner_texts()

    # The admin starts round 2: the pairings are those the big screen showed.
    page.goto(f"/events/{event.pk}/")
    page.click("#start-round button")
    page.wait_for_selector("#round-2")
    round_two = [" – ".join(s.player.name for s in p.seats.order_by("order"))
                 for p in Pairing.objects.filter(round__event=event, round__number=2).order_by("table")]
    assert [re.sub(r"^\d+\s*", "", line).strip() for line in preview] == round_two


def test_nine_base_game_players_sit_at_three_tables_of_three(page, live_server, staff):
    log_in(page, live_server, staff)
    event = _create(page, "Base night", "classic", "tables", 3, TEN[:9])
    rows = page.locator("#round-1 tbody tr")
    assert rows.count() == 3
    assert [p.seats.count() for p in Pairing.objects.filter(round__event=event)] == [3, 3, 3]


def test_on_a_phone_the_organiser_keeps_two_players_apart_and_the_round_seats_them_apart(chromium, live_server, staff):
    from games.events import lifecycle
    from tests.events.helpers import duel_event

    event = duel_event(TEN[:6])
    # Two players round 1 would seat together without the prohibition.
    first, second = next(t.seats for t in lifecycle.pair_next(event, []) if not t.bye)
    names = dict(event.registrations.values_list("player_id", "player__name"))
    with page_in(chromium, live_server, viewport={"width": 390, "height": 844}) as page:
        log_in(page, live_server, staff)
        page.goto(f"/events/{event.pk}/")
        page.select_option("#apart-form select[name=first]", str(first))
        page.select_option("#apart-form select[name=second]", str(second))
        page.evaluate("window.notReloaded = true")
        page.click("#apart-form button[type=submit]")
        page.wait_for_selector(f"#apart li:has-text('{min(names[first], names[second])}')")
        assert page.evaluate("window.notReloaded") is True  # htmx swapped the section in place
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.click("#start-round button")
        page.wait_for_selector("#round-1")
    games = [{s.player_id for s in p.seats.all()} for p in Pairing.objects.filter(round__event=event, bye=False)]
    assert {first, second} not in games and len(games) == 3
