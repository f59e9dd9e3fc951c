"""A puzzle's position as the board a move is picked on (issue #41): the live-entry page's board
(the game's `LiveEntry.move_board_template`, static/js/board-pick.js) at the puzzle's move, every
legal move offered on it; the move it posts is read back by `chosen`."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.analysis.models import Puzzle
from games.models import Game
from games.ui.timeline import Timeline, load_timeline
from imhotep_lib import request_json


def board_html(game: Game, timeline: Timeline, ply: int, legal: list[dict[str, Any]]) -> SafeString | str:
    """The board at ``ply`` with ``legal`` (F2 JSON) to tap, or "" for a game without one. The
    action menu is hidden: board-pick.js clicks its buttons, the puzzle's list is the fallback."""
    from games.replay.context import replay_context

    ctx = replay_context(game, timeline, ply)
    entry = ctx["ui"].live
    if entry is None or not entry.move_board_template:
        return ""
    ctx["plies"] = ply  # the board's counts and labels: the moves made before the puzzle's
    ctx.update(menu=entry.menu(timeline, ply, ctx, legal, True), live=True, menu_hidden=True,
               move_board_template=entry.move_board_template)
    return render_to_string("games/_puzzle_board.html", ctx)


def chosen(raw: str, legal: list[dict[str, Any]]) -> int | None:
    """The index in ``legal`` of the posted move: its number in the list (the fallback buttons)
    or its JSON (the board's buttons); None when it is neither. JSON too big or nested too
    deeply raises `request_json.BadJSON` (the page says why)."""
    if raw.isdigit():
        return int(raw) if int(raw) < len(legal) else None
    try:
        move = request_json.loads(raw, "move")
    except request_json.NotJSON:
        return None
    return next((k for k, m in enumerate(legal) if m == move), None)


def legal_at(puzzle: Puzzle) -> tuple[Timeline, list[dict[str, Any]]]:
    """The puzzle's game as a timeline and every legal move (F2 JSON) at the position before
    its move: what the page offers as buttons and the API as choices."""
    timeline = load_timeline(puzzle.game)
    state = timeline.state(puzzle.move)
    return timeline, [timeline.game_type.move_to_json(m) for m in timeline.game_type.legal_moves(state)]


def picked(value: object, legal: list[dict[str, Any]]) -> int | None:
    """The index in ``legal`` of an API answer's move: its index (a whole number) or its JSON;
    None when it is neither."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 0 <= value < len(legal) else None
    return next((k for k, m in enumerate(legal) if m == value), None)
