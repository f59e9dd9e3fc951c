"""The prep sheet's words (games/services/prep.py answers in ids and numbers): a section's
title and each row's label, in the game's own words as the explorer's rows
(games/ui/explorer_words.py); a result row is the player's name."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from games.models import Player
from games.services.explorer import SMALL_SAMPLE
from games.services.prep import Habits
from games.ui.explorer_words import Worded, move_words, row_label
from games.ui.registry import game_ui
from rules_engine.messages import Message, msg

TITLES: dict[str, Message] = {
    "seats": msg("Win rate by seat"),
    "sides": msg("By sides played"),
}


def worded(habits: Habits) -> Worded:
    """``habits`` with its words: ``results`` rows with ``label`` (the player's name),
    ``sections`` with ``title`` and rows with ``label``; ``player_name``, ``opponent_name``."""
    board = game_ui(habits.game_type).board
    names = dict(Player.objects.filter(pk__in=[habits.player, habits.opponent or habits.player])
                 .values_list("pk", "name"))
    results = [Worded(row, label=names.get(int(row.key), "")) for row in habits.results]
    with translation.override(settings.LANGUAGE_CODE):  # English messages, said when drawn
        sections = []
        for section in habits.sections:
            keys = [row.key for row in section.rows]
            if section.id.startswith("first_move_"):
                seat = int(section.id.removeprefix("first_move_"))
                title = msg("Own first move from seat {seat}", seat=seat)
                rows = [Worded(row, label=move_words(board, row.key, seat - 1)) for row in section.rows]
            else:
                title = TITLES[section.id]
                rows = [Worded(row, label=row_label(section.id, row.key, board, keys)) for row in section.rows]
            sections.append(Worded(section, title=title, rows=rows))
    return Worded(habits, results=results, sections=sections, player_name=names.get(habits.player, ""),
                  opponent_name=names.get(habits.opponent, "") if habits.opponent else "")


def sheet_json(habits: Habits) -> dict:
    """The sheet as JSON with its words (messages, not said yet): the API's answer."""
    shown = worded(habits)

    def rows(worded_rows: list[Worded]) -> list[dict]:
        return [{**row.to_json(), "label": row.label} for row in worded_rows]

    return {"game": habits.game_type, "player": habits.player, "player_name": shown.player_name,
            "against": habits.opponent, "against_name": shown.opponent_name, "games": habits.games,
            "uncounted": habits.uncounted, "small_sample": SMALL_SAMPLE, "results": rows(shown.results),
            "sections": [{"id": s.id, "title": s.title, "rows": rows(s.rows)} for s in shown.sections]}
