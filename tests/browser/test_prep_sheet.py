"""The prep sheet in headless Chromium on a phone (390 px), on the demo club (`manage.py
load_demo`): opened as "Prepare" from a pairing of an event's round, readable without sideways
scrolling and printable (the navigation left out of print); a player's sheet filtered to a pair
in place by htmx."""

import re

import pytest
from django.core.management import call_command

from games.events import lifecycle
from games.events.models import Pairing
from games.models import Player
from tests.browser.a11y import serious_violations
from tests.browser.contexts import page_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture
def round_one():
    """The demo club, and a Duel Swiss of four of its players with round 1 paired."""
    call_command("load_demo", verbosity=0)
    event = lifecycle.create_event(name="Friday Duel", game_type="duel", kind="swiss", rounds=3, seed=7)
    for name in ("Ana", "Ben", "Cleo", "Darius"):
        lifecycle.register(event, name, checked_in=True)
    lifecycle.start_round(event, 1)
    return event


def test_a_pairing_opens_its_printable_prep_sheet_on_a_phone(chromium, live_server, round_one):
    pairing = Pairing.objects.filter(round__event=round_one).order_by("table").first()
    seats = list(pairing.seats.order_by("order").select_related("player"))
    first, second = (seat.player.name for seat in seats)
    with page_in(chromium, live_server, **PHONE) as page:
        page.goto(f"/events/{round_one.pk}/")
        page.locator(f"#table-1-{pairing.table}").get_by_role("link", name="Prepare").tap()
        page.wait_for_url(re.compile(rf"/events/{round_one.pk}/tables/{pairing.pk}/prep$"))
        heading = page.get_by_role("heading", name=f"For {first}: {second}'s habits")
        heading.wait_for()
        results = page.locator(f"#prep-for-{seats[0].player_id} table.prep-results").first
        assert re.search(r"\d+ %", results.inner_text())  # a win rate with its interval
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
        assert not serious_violations(page)

        page.emulate_media(media="print")
        assert heading.is_visible()
        assert not page.locator("header.site-header").is_visible()
        assert not page.locator(".prep-for-link").first.is_visible()


def test_a_players_sheet_is_filtered_to_a_pair_in_place(chromium, live_server, round_one):
    ana, ben = Player.objects.get(name="Ana"), Player.objects.get(name="Ben")
    with page_in(chromium, live_server, **PHONE) as page:
        page.goto(f"/games/players/{ana.pk}/prep?game=duel")
        page.locator("#prep-all .summary").wait_for()
        page.evaluate("window.__same_page = true")
        page.select_option("select[name=against]", str(ben.pk))
        page.get_by_role("button", name="Filter").tap()
        page.wait_for_url(f"**against={ben.pk}**")
        page.get_by_role("heading", name="Ana against Ben").wait_for()
        assert page.evaluate("window.__same_page") is True  # swapped by htmx, not reloaded
