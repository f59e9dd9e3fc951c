"""A puzzle from the club's games solved on a phone (issue #41, games/analysis/puzzle_views.py):
the position before the move that was missed, the legal moves as buttons big enough to tap; the
best one tapped, the page says it is solved and the puzzle comes back later."""

import datetime

import pytest
from playwright.sync_api import expect

from games.analysis.models import Puzzle
from games.ui.timeline import load_timeline
from tests.browser.contexts import log_in, page_in
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
