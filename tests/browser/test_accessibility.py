"""Pages every player can use (issue 39), at a phone's size: no serious or critical axe-core
violation on the pages a club uses at the table, in progress and finished."""

import json
import re

import pytest
from playwright.sync_api import expect

from games.events.models import Event
from tests.browser.a11y import serious_violations
from tests.browser.contexts import log_in, page_in
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture
def club(alice):
    finished = store(random_record(3), alice)
    in_progress = store(random_record(11, moves=10), alice)
    classic = store(random_record(5, ["Ana", "Ben", "Cy"], game="classic", moves=30), alice)
    event = Event.objects.create(name="Club night", game_type="duel", kind="swiss", rounds=3, created_by=alice)
    return {
        "home": "/",
        "duel calculator": "/score/duel",
        "base game calculator": "/score/classic",
        "games list": "/games/",
        "a game": f"/games/{finished.pk}/",
        "its replay": f"/games/{finished.pk}/replay",
        "live entry in progress": f"/games/{in_progress.pk}/play",
        "live entry finished": f"/games/{finished.pk}/play",
        "base game replay": f"/games/{classic.pk}/replay",
        "base game live entry": f"/games/{classic.pk}/play",
        "events": "/events/",
        "an event": f"/events/{event.pk}/",
        "the big screen": f"/events/{event.pk}/screen",
    }


PAGES = ["home", "duel calculator", "base game calculator", "games list", "a game", "its replay",
         "live entry in progress", "live entry finished", "base game replay", "base game live entry",
         "events", "an event", "the big screen"]


@pytest.mark.parametrize("name", PAGES)
def test_no_serious_or_critical_axe_violation(chromium, live_server, alice, club, name):
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(club[name])
        found = serious_violations(page)
        assert not found, json.dumps(found, indent=1)


def test_a_spectators_screen_reader_hears_each_new_move(chromium, live_server, alice):
    from games.play.appending import append_move

    full = random_record(11)
    game = store(random_record(11, moves=10), alice)
    with page_in(chromium, live_server, **PHONE) as page:
        page.goto(f"/games/{game.pk}/replay")
        announcer = page.locator("#move-announcer[aria-live=polite]")
        expect(announcer).to_have_text("")
        append_move(game.pk, 10, full["moves"][10])
        expect(announcer).to_have_text(re.compile(r"^Move 11: "), timeout=5000)
        append_move(game.pk, 11, full["moves"][11])
        expect(announcer).to_have_text(re.compile(r"^Move 12: "), timeout=5000)


_TAB_STOPS = """fig => ({self: fig.tabIndex,
  inside: [...fig.querySelectorAll('a[href], button, input, [tabindex]')].filter(e => e.tabIndex >= 0).length,
  said: document.getElementById(fig.getAttribute('aria-describedby')).textContent})"""


def test_the_replays_charts_are_one_tab_stop_each_with_a_text_alternative(chromium, live_server, alice, settings):
    """Issue 50: the score chart and the analysis graph are one Tab stop each (not one per
    position, hidden from screen readers), described in words at the position shown."""
    from games.analysis import service

    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 4
    game = store(random_record(21), alice)
    analysis, _queued = service.request_analysis(game)
    service.run_analysis(analysis.pk)
    with page_in(chromium, live_server, **PHONE) as page:
        page.goto(f"/games/{game.pk}/replay?ply=12")
        score, win = (page.locator(css).evaluate(_TAB_STOPS) for css in ("figure.chart", "figure.analysis-chart"))
        assert score["self"] == win["self"] == 0 and score["inside"] == win["inside"] == 0
        assert score["said"].startswith("After ply 12: Ana ") and "after the last ply" in score["said"]
        assert win["said"].startswith("after move 12: Ana ") and "%" in win["said"]
