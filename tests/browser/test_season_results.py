"""League results on a 390 px phone (docs/seasons.md, "Results on the pages"): Ann enters her
game's result, Dan confirms it and the division table moves; Bea enters another, Cid disputes
it with a reason, and the organiser sets it from the disputed results."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Player
from games.seasons import league_service
from tests.browser.contexts import log_in, page_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def _players(*names: str) -> dict:
    users = {}
    for name in names:
        users[name] = UserFactory(username=name.lower())
        Player.objects.create(name=name, user=users[name])
    return users


def _points(page) -> dict[str, str]:
    rows = page.locator("#division-1 tbody tr").all()
    return {row.locator("td").nth(1).inner_text(): row.locator("td").nth(2).inner_text() for row in rows}


def _settled(page) -> None:
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def test_a_result_confirmed_counts_and_a_disputed_one_the_organiser_sets(chromium, live_server, staff):
    users = _players("Ann", "Bea", "Cid", "Dan")
    league = league_service.create_league(name="Autumn league", divisions=[["Ann", "Bea", "Cid", "Dan"]],
                                          promote=0, first_deadline=timezone.now() + timedelta(days=7))
    games = {(g.first.name, g.second.name): g.pk for g in league.divisions.get().games.filter(round__number=1)}
    ann_dan, bea_cid = f"#league-game-{games['Ann', 'Dan']}", f"#league-game-{games['Bea', 'Cid']}"
    url = f"/seasons/leagues/{league.pk}/"

    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, users["Ann"])
        page.goto(url)
        page.click(f"{ann_dan} details.enter-result summary")
        page.select_option(f"{ann_dan} select[name=result]", "1-0")
        page.click(f"{ann_dan} details.enter-result button")
        page.wait_for_selector(f"{ann_dan} .messages[role=status]")
        assert "waiting for Dan to confirm" in page.inner_text(ann_dan)
        assert _points(page)["Ann"] == "0"

    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, users["Dan"])
        page.goto(url)
        assert "waiting for your confirmation" in page.inner_text(ann_dan)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.click(f"{ann_dan} form.confirm-result button")
        page.wait_for_selector(f"{ann_dan} .messages[role=status]")
        _settled(page)
        page.reload()
        assert _points(page)["Ann"] == "1"

        log_in(page, live_server, users["Bea"])
        page.goto(url)
        page.click(f"{bea_cid} details.enter-result summary")
        page.select_option(f"{bea_cid} select[name=result]", "1-0")
        page.click(f"{bea_cid} details.enter-result button")
        page.wait_for_selector(f"{bea_cid} .messages[role=status]")

        log_in(page, live_server, users["Cid"])
        page.goto(url)
        page.fill(f"{bea_cid} form.dispute-result input[name=reason]", "Bea left before the end")
        page.click(f"{bea_cid} form.dispute-result button")
        page.wait_for_selector(f"{bea_cid} .result-disputed")

    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, staff)
        page.goto("/seasons/disputes")
        assert "Bea left before the end" in page.inner_text(bea_cid)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.select_option(f"{bea_cid} select[name=result]", "0-1")
        page.click(f"{bea_cid} details.enter-result button")
        page.wait_for_selector(f"{bea_cid} .messages[role=status]")
        page.goto(url)
        assert _points(page)["Cid"] == "1" and _points(page)["Bea"] == "0"
