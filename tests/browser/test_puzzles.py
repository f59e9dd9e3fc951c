"""A puzzle from the club's games solved on a phone (issue #41, games/analysis/puzzle_views.py):
the position before the move that was missed as the board the move is played on (as on the
live-entry page, js/board-pick.js), the legal moves as buttons big enough to tap below it; the
best one played, the page says it is solved and the puzzle comes back later; another, missed."""

import datetime
import random

import pytest
from playwright.sync_api import expect

from games.analysis.models import Puzzle
from games.ui.classic.board_pick import pick_kind, pick_steps
from games.ui.timeline import load_timeline
from rules_engine.classic.playout import random_record as classic_record
from tests.browser.contexts import log_in, page_in
from tests.browser.test_classic_board_moves import _place
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def test_a_puzzle_is_solved_on_a_phone_by_tapping_the_best_move(chromium, live_server, alice):
    game = store(random_record(21), alice)
    player = game.seats.get(order=0).player
    player.user = alice
    player.save()
    timeline = load_timeline(game)
    moves = timeline.game_type.legal_moves(timeline.state(10))
    best = timeline.game_type.move_to_json(moves[len(moves) - 1])
    today = datetime.date.today()
    puzzle = Puzzle.objects.create(game=game, move=10, seat=0, player=player, best=best, win=0.5, best_win=0.8,
                                   second_win=0.5, due_on=today)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto("/puzzles/")
        page.locator(f'a[href="/puzzles/{puzzle.pk}"]').first.tap()
        last = page.locator(".puzzle-move").last
        expect(last).to_be_visible()
        assert last.bounding_box()["height"] >= 44
        last.tap()
        expect(page.locator("#puzzle-result")).to_have_class("solved")
    puzzle.refresh_from_db()
    assert puzzle.solved == 1 and puzzle.due_on > today


def _puzzle(game, ply: int, best: dict, user) -> Puzzle:
    player = game.seats.get(order=0).player
    player.user = user
    player.save()
    return Puzzle.objects.create(game=game, move=ply, seat=0, player=player, best=best, win=0.5, best_win=0.8,
                                 second_win=0.5, due_on=datetime.date.today())


def _play_on_the_board(page, pick: str, targets: list[str]) -> None:
    """Tap ``pick`` above the board, then each target the page has not taken itself (a step
    with one legal target is taken for the player; the finished move posts)."""
    page.locator(f'#board-pick [data-pick="{pick}"]').tap()
    for target in targets:
        page.wait_for_function(
            "sel => document.querySelector('#puzzle-result')"
            " || document.querySelector(sel).matches('.is-target, .is-chosen')", arg=target)
        if page.locator("#puzzle-result").count():
            return
        if "is-target" in (page.locator(target).get_attribute("class") or ""):
            page.locator(target).tap()
    if page.locator("#board-pick .pick-done").is_visible():  # a shorter move is complete too
        page.locator("#board-pick .pick-done").tap()


def test_d4_3_a_duel_puzzle_is_solved_by_playing_the_action_token_on_the_board(chromium, live_server, alice):
    record = random_record(0)
    best = record["moves"][36]  # a take-token move (tests/browser/test_board_moves.py)
    puzzle = _puzzle(store(record, alice), 36, best, alice)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/puzzles/{puzzle.pk}")
        expect(page.locator(".puzzle-move").first).to_be_visible()  # the list stays below the board
        expect(page.locator("#action-menu")).to_be_hidden()  # the live-entry page's menu: the list is the fallback
        slot = f'#harbor [data-boat="{best["boat"]}"] .slot[data-slot="{best["slot"]}"]'
        _play_on_the_board(page, "take-token", [slot])
        expect(page.locator("#puzzle-result")).to_have_class("solved")
    puzzle.refresh_from_db()
    assert puzzle.solved == 1


def test_d4_1_a_wrong_cell_tapped_on_the_board_is_missed(chromium, live_server, alice):
    record = random_record(0)
    game = store(record, alice)
    timeline = load_timeline(game)
    places = [m for m in map(timeline.game_type.move_to_json, timeline.game_type.legal_moves(timeline.state(36)))
              if m["type"] == "place"]
    puzzle = _puzzle(game, 36, record["moves"][36], alice)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/puzzles/{puzzle.pk}")
        page.locator(f'#harbor button[data-cell="{places[0]["cell"]}"]').tap()
        expect(page.locator("#puzzle-result")).to_have_class("missed")
    puzzle.refresh_from_db()
    assert puzzle.solved == 0 and puzzle.missed == 1


def test_c4_3_a_base_game_puzzle_is_solved_by_sailing_on_the_board(chromium, live_server, alice):
    record = classic_record(random.Random(0), players=4)
    best = record["moves"][3]  # a sail to the market (tests/browser/test_classic_board_moves.py)
    puzzle = _puzzle(store(record, alice), 3, best, alice)
    with page_in(chromium, live_server, **PHONE) as page:
        log_in(page, live_server, alice)
        page.goto(f"/puzzles/{puzzle.pk}")
        _play_on_the_board(page, pick_kind(best),
                           [f"#classic-board {_place(key)}" for group in pick_steps(best) for key in group])
        expect(page.locator("#puzzle-result")).to_have_class("solved")
    puzzle.refresh_from_db()
    assert puzzle.solved == 1
