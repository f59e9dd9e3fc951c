"""A whole Duel transcribed with the keyboard alone, from the home page, on a phone-sized page
(issues 39 and 50): every key is a real key press (Tab, the arrows, Enter, Space, the letters of
names and token labels), counted. The board keeps the focus after every move (a roving
tabindex over the harbor, js/board-keys.js); the token bar and the palettes are one stop each,
with the arrows inside; a draw prompt takes the focus on its first field. Goal: at most 400 key
presses for a whole Duel (it was 1,171)."""

import re
from collections import deque

import pytest

from games.models import Game
from games.services.records import record_of
from rules_engine.duel.labels import SHORT
from rules_engine.duel.record import to_transcription
from tests.browser.contexts import log_in, page_in, settled_at
from tests.browser.test_board_moves import _targets
from tests.browser.test_taps_from_home import forced
from tests.browser.test_transcription import DRAWN, transcript

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}}
GOAL = 400
BOAT_FIELDS = ["boat_row_1", "boat_row_2", "boat_row_3", "boat_col_a", "boat_col_b", "boat_col_c"]

FOCUSED = "sel => !!document.activeElement && document.activeElement.matches(sel)"
# Where the focus and a place are on the harbor's 4 × 4 grid (row, column), from its children.
GRID = """sel => { const cells = [...document.querySelectorAll('#harbor > *')];
  const at = el => { const i = cells.indexOf(el && el.closest('#harbor > *'));
    return i < 0 ? null : [Math.floor(i / 4), i % 4]; };
  return [at(document.activeElement), at(document.querySelector(sel))]; }"""


class Keys:
    """The keyboard, counting every key pressed (a typed text counts one per character)."""

    def __init__(self, page):
        self.page = page
        self.count = 0
        self.by: dict[str, int] = {}

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1
        self.by[key] = self.by.get(key, 0) + 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.count += len(text)
        self.by["typed"] = self.by.get("typed", 0) + len(text)

    def focused(self, selector: str) -> bool:
        return self.page.evaluate(FOCUSED, selector)

    def tab_to(self, selector: str, back: bool = False, limit: int = 40) -> None:
        for _ in range(limit):
            if self.focused(selector):
                return
            self.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"{selector} is not reached with {limit} Tab presses")

    def arrow_to(self, selector: str) -> None:
        """The fewest arrows from the focused place to ``selector`` on the harbor's grid."""
        here, there = self.page.evaluate(GRID, selector)
        assert here is not None, "the focus left the harbor"
        for key in _route(tuple(here), tuple(there)):
            self.press(key)
        assert self.page.evaluate(GRID, selector)[0] == there

    def cycle_to(self, selector: str, limit: int = 25) -> None:
        """ArrowRight inside a one-stop group (the token bar, the targets of a pick) until ``selector``."""
        for _ in range(limit):
            if self.focused(selector):
                return
            self.press("ArrowRight")
        raise AssertionError(f"{selector} is not reached with {limit} arrows")


ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
CORNER = (3, 3)


def _step(at: tuple[int, int], key: str) -> tuple[int, int]:
    """Where an arrow goes on the harbor (js/board-keys.js): round the edges, past the corner."""
    (dr, dc), (r, c) = ARROWS[key], at
    for k in range(1, 4):
        to = ((r + dr * k) % 4, (c + dc * k) % 4)
        if to != CORNER:
            return to
    return at


def _route(start: tuple[int, int], goal: tuple[int, int]) -> list[str]:
    """The fewest arrow keys from ``start`` to ``goal`` (a breadth-first search over the 15 places)."""
    paths = {start: []}
    queue = deque([start])
    while queue:
        at = queue.popleft()
        if at == goal:
            return paths[at]
        for key in ARROWS:
            to = _step(at, key)
            if to not in paths:
                paths[to] = [*paths[at], key]
                queue.append(to)
    raise AssertionError(f"{goal} cannot be reached from {start}")


def _type_tokens(keys: Keys, tokens) -> None:
    """A field's labels typed as they are: the page puts the spaces between them (js/palette.js);
    only after "#1", which may still become "#10"–"#12", does the person type one."""
    labels = [SHORT[t] for t in tokens]
    keys.type("".join(labels) + (" " if labels[-1] == "#1" else ""))


def _start(keys: Keys, record: dict) -> None:
    keys.tab_to(".menu-button")
    keys.press("Enter")
    keys.tab_to("a#nav-record")
    keys.press("Enter")
    keys.page.wait_for_url(re.compile(r"/games/new$"))
    keys.tab_to('input[name="player_1"]')
    keys.type("Ana")
    keys.tab_to('input[name="player_2"]')
    keys.type("Ben")
    assert set(record["sides"].values()) == {"A"}  # the form's sides as they are
    keys.tab_to('input[name="setup"]:checked')
    keys.press("ArrowDown")  # "Transcribed from our table"
    keys.tab_to(f'input[name="{BOAT_FIELDS[0]}"]')
    for k, boat in enumerate(record["setup"]["boats"]):
        assert keys.focused(f'input[name="{BOAT_FIELDS[k]}"]')  # a boat's 3 tokens typed: the next boat
        _type_tokens(keys, boat)
    assert keys.focused("form.new-game-form button[type=submit]")
    keys.press("Enter")  # submits the form
    keys.page.wait_for_url(re.compile(r"/games/\d+/play$"))
    settled_at(keys.page, "#play", 0)
    keys.tab_to("#harbor [tabindex='0']")


def _play(keys: Keys, ply: int, move: dict, asked: bool = True) -> None:
    page = keys.page
    shown = {k: v for k, v in move.items() if k not in DRAWN}
    if move["type"] in ("place", "unload"):
        keys.arrow_to(f'#harbor [data-cell="{move["cell"]}"]' if move["type"] == "place"
                      else f'#harbor [data-boat="{move["boat"]}"]')
        keys.press("Enter")
    else:  # an action token: its button on the bar (one stop, the arrows inside), then its targets
        keys.tab_to("#board-pick button", back=True)
        keys.cycle_to(f'#board-pick [data-pick="{move["type"]}"]')
        keys.press("Enter")
        for target in _targets(shown):
            page.wait_for_function(
                "([sel, ply]) => document.querySelector(`#play[data-ply=\"${ply}\"], #draw-form`)"
                " || document.querySelector(sel).matches('.is-target, .is-chosen')", arg=[target, ply + 1])
            if page.locator(f'#play[data-ply="{ply + 1}"], #draw-form').count():
                break
            if "is-target" in (page.locator(target).get_attribute("class") or ""):
                keys.cycle_to(target)
                keys.press("Enter")
        if page.locator("#board-pick .pick-done").is_visible():
            keys.tab_to("#board-pick .pick-done", back=True)
            keys.press("Enter")
    drawn = [t for t in (move.get("refills") or [move.get("refill")]) if t]
    if "reveal" in move:
        drawn.append([move["reveal"]])
    if drawn and asked:  # a draw the rules leave no choice about is not asked (test_taps_from_home.forced)
        page.wait_for_function("() => document.activeElement.matches('#draw-form input[data-need]')")
        for tokens in drawn:  # each field passes the focus on when it holds its tokens; the last one sends
            _type_tokens(keys, tokens)
    settled_at(page, "#play", ply + 1)
    if not page.locator("#play-over").count():  # the focus is back on the board, where play continues
        page.wait_for_function("() => !!document.activeElement.closest('#harbor')")


def test_a_whole_duel_is_transcribed_from_the_home_page_with_the_keyboard_alone(chromium, live_server, alice):
    record = transcript(5)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto("/")
        keys = Keys(page)
        _start(keys, record)
        setup = keys.count
        not_asked = forced(record)
        for ply, move in enumerate(record["moves"]):
            _play(keys, ply, move, asked=ply not in not_asked)
    game = Game.objects.get()
    assert game.status == Game.Status.FINISHED
    assert to_transcription(record_of(game))["moves"] == record["moves"]
    print(f"\nkeyboard alone, a {len(record['moves'])}-move Duel from the home page: {keys.count} key presses "
          f"({setup} for the setup)", keys.by)
    assert keys.count <= GOAL
