"""The explorer in headless Chromium on the demo club (`manage.py load_demo`, as `make run`
loads it): reached from the history's navigation, its first-moves tree opened three levels
deep, and its filters swapped in place by htmx."""

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo_club():
    call_command("load_demo", verbosity=0)


def test_the_first_moves_tree_opens_three_levels_deep(page, demo_club):
    page.goto("/games/")
    page.locator(".history-nav").get_by_role("link", name="Explorer").click()
    page.locator("#explorer-tree").wait_for()
    for depth in (1, 2):
        branch = page.locator(f'ul.explorer-tree[data-depth="{depth}"] > li > details').first
        summary = branch.locator("> summary")
        summary.click()
        assert branch.evaluate("node => node.open") is True
    third = page.locator('ul.explorer-tree[data-depth="3"]').first
    third.wait_for(state="visible")
    reply = third.locator("li").first
    assert "player 1 places a meeple on" in reply.inner_text()
    assert "1 game" in reply.inner_text() or "games" in reply.inner_text()


def test_a_side_filter_swaps_the_answer_in_place(page, demo_club):
    page.goto("/games/explorer?game=duel")
    page.locator("#explorer-answer .summary").filter(has_text="48 finished").wait_for()
    page.evaluate("window.__same_page = true")
    page.select_option("select[name=side_obelisk]", "B")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url("**side_obelisk=B**")
    page.locator("#explorer-sides tr[data-key='obelisk-B']").wait_for()
    assert page.locator("#explorer-sides tr[data-key='obelisk-A']").count() == 0
    assert page.evaluate("window.__same_page") is True  # swapped by htmx, not reloaded
