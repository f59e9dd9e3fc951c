"""The puzzle pages (issue #41, games/analysis/puzzle_queue.py): the puzzle of the day and the
signed-in member's own queue (``/puzzles/``), and one puzzle (``/puzzles/<id>``): the position
before the move that was missed as the board the move is played on (games/analysis/puzzle_board.py),
every legal move as a button below it; the answer says whether it was the best move and, for the
player whose puzzle it is, schedules it again."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from games.analysis import puzzle_board, puzzle_queue
from games.analysis.models import Puzzle
from games.membership.access import member_required
from games.models import Player
from imhotep_lib import request_json
from imhotep_lib.translation import say


def _player_of(user) -> Player | None:
    return Player.objects.filter(user=user).first() if user.is_authenticated else None


@require_GET
def puzzles_page(request):
    today = timezone.localdate()
    player = _player_of(request.user)
    return render(request, "games/puzzles.html", {
        "daily": puzzle_queue.puzzle_of_the_day(today),
        "player": player,
        "due": list(puzzle_queue.queue(player, today)) if player else [],
    })


def _context(puzzle: Puzzle) -> dict:
    from games.replay.context import position_html

    timeline, moves = puzzle_board.legal_at(puzzle)
    return {
        "puzzle": puzzle, "timeline": timeline, "moves": moves,
        "choices": [timeline.describe(puzzle.move, m).text for m in moves],
        "who": timeline.names[puzzle.seat], "number": puzzle.move + 1,
        "position": position_html(puzzle.game, timeline, puzzle.move, False),
        "board": puzzle_board.board_html(puzzle.game, timeline, puzzle.move, moves),
        "best_text": timeline.describe(puzzle.move, puzzle.best).text,
        "best_pct": round(puzzle.best_win * 100), "second_pct": round(puzzle.second_win * 100),
        "replay_url": f"{reverse('replay', args=[puzzle.game_id])}?ply={puzzle.move}",
    }


@require_http_methods(["GET", "POST"])
def puzzle_page(request, pk: int):
    if request.method == "POST":
        return _answer(request, pk)
    return render(request, "games/puzzle.html", _context(_puzzle(pk)))


def _puzzle(pk: int) -> Puzzle:
    return get_object_or_404(Puzzle.objects.select_related("game", "player"), pk=pk)


@member_required
def _answer(request, pk: int):
    puzzle = _puzzle(pk)
    context = _context(puzzle)
    try:
        index = puzzle_board.chosen(request.POST.get("move", ""), context["moves"])
    except request_json.BadJSON as exc:
        return render(request, "games/puzzle.html", {**context, "error": say(exc.message)}, status=400)
    if index is None:
        return render(request, "games/puzzle.html", context, status=400)
    own = puzzle.player.user_id is not None and puzzle.player.user_id == request.user.pk
    solved = puzzle_queue.answer(puzzle, context["moves"][index], own=own, today=timezone.localdate())
    context.update(answered=True, solved=solved, chosen_text=context["choices"][index])
    return render(request, "games/puzzle.html", context)
