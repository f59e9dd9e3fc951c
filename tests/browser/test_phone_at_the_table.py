"""Live entry on a phone at the table (390 × 844 CSS px, as an iPhone 12–15): the header folds to
one line, the board and a move control are on the first screen, and every tap target is at
least 44 × 44 px (WCAG 2.5.5), in English and in Japanese (the longest header)."""

import re

import pytest

from tests.browser.contexts import log_in, page_in, settled_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# What each game's live entry shows as its board, and a control that makes a move on it.
GAMES = {
    "duel": ("/games/new", {"player_1": "Ana", "player_2": "Ben"}, "#harbor", "#harbor button.is-legal"),
    "classic": ("/games/new?game=classic", {"player_1": "Ana", "player_2": "Ben", "player_3": "Cleo"},
                "#ships", "#ships button.slot.is-legal"),
}

TAP_TARGETS = """() => [...document.querySelectorAll(
    'header a, header button, header select, header summary, '
    + 'main a, main button, main input:not([type=hidden]), main select, main summary')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
  .map(e => `${e.tagName.toLowerCase()} "${(e.textContent || e.value || '').trim().slice(0, 30)}" `
            + `${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`)"""


def _start(page, live_server, user, game):
    url, players, _, _ = GAMES[game]
    log_in(page, live_server, user)
    page.goto(url)
    for name, value in players.items():
        page.fill(f"input[name={name}]", value)
    page.click("form.new-game-form button[type=submit]")
    if page.locator("label.new-players input").count():  # the form asks once before it makes players
        page.check("label.new-players input")
        page.click("form.new-game-form button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+/play$"))
    settled_at(page, "#play", 0)


def _top_and_bottom(page, selector):
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    return box["y"], box["y"] + box["height"]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", ["duel", "classic"])
def test_first_screen_shows_the_board_and_a_move_control(chromium, live_server, alice, game, language):
    with page_in(chromium, live_server, locale=language, **PHONE) as page:
        _start(page, live_server, alice, game)
        _, _, board, control = GAMES[game]
        board_top, _ = _top_and_bottom(page, board)
        _, control_bottom = _top_and_bottom(page, control)
        assert board_top < 844 and control_bottom <= 844, (board_top, control_bottom)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", ["duel", "classic"])
def test_every_tap_target_of_live_entry_is_44_px(chromium, live_server, alice, game, language):
    with page_in(chromium, live_server, locale=language, **PHONE) as page:
        _start(page, live_server, alice, game)
        assert page.evaluate(TAP_TARGETS) == []
        page.click(".menu-button")
        assert page.locator("#site-menu").is_visible()
        assert page.evaluate(TAP_TARGETS) == []


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_header_is_one_line_on_a_phone(chromium, live_server, alice, language):
    with page_in(chromium, live_server, locale=language, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto("/")
        assert page.locator(".site-header").bounding_box()["height"] <= 64
        assert not page.locator("#site-menu").is_visible()
        page.click(".menu-button")
        assert page.locator("a#nav-record").is_visible()


def test_without_javascript_the_menu_shows(chromium, live_server, alice):
    with page_in(chromium, live_server, java_script_enabled=False, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto("/")
        assert page.locator("a#nav-record").is_visible()
        assert not page.locator(".menu-button").is_visible()


# Text wider than its box: a label running into its value.
OVERFLOWING = """() => [...document.querySelectorAll('main dt, main dd, main label, main .ship-name, main th')]
  .filter(e => e.getBoundingClientRect().width > 0 && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.textContent.trim().slice(0, 30))"""


@pytest.mark.parametrize("language", ["en", "de", "ru", "hu", "ja"])
@pytest.mark.parametrize("game", ["duel", "classic"])
def test_no_label_overflows_into_its_value(chromium, live_server, alice, game, language):
    from games.models import Game
    from games.services.recording import import_record
    from tests.kit import random_record

    players = None if game == "duel" else 4
    outcome = import_record(random_record(7, players, game=game), user=alice, source=Game.Source.RECORDED)
    with page_in(chromium, live_server, locale=language, **PHONE) as page:
        page.goto(f"/games/{outcome.game.pk}/replay?ply=30")
        assert page.evaluate(OVERFLOWING) == []


@pytest.mark.parametrize(("url", "words"), [
    ("/score/classic?p0_statues=6&p1_statues=5", "Player 2, statues"),
    ("/score/duel?p0_obelisk=7&p1_obelisk=6", "Player 2, obelisk tokens"),
])
def test_an_impossible_board_keeps_the_bar_with_its_reason(chromium, live_server, url, words):
    with page_in(chromium, live_server, **PHONE) as page:
        page.goto(url)
        bar = page.locator(".result .problem-bar").first
        assert bar.is_visible() and words in bar.inner_text()
        box = bar.bounding_box()
        assert box["y"] + box["height"] <= 844 and box["y"] > 844 / 2  # pinned to the screen's foot
        bar.locator("a").click()
        assert page.evaluate("location.hash") != ""
