import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_page_in_chromium_has_title_and_calculator_link(page):
    page.goto("/")
    assert "Imhotep" in page.title()
    link = page.get_by_role("link", name="Score calculator")
    assert link.get_attribute("href") == "/score/duel"
