"""The Duel's pages (duel.md), registered through the ``imhotep_game_ui`` hook like any
plugin's: the calculator (F1), the harbor board of the replay and live-entry pages, the move
stories, and live entry with its F2 transcription of turned-up tokens."""

from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.ui.duel import calculator, forms, live_forms, live_menu
from games.ui.duel.describe import describe_move
from games.ui.duel.presenters import harbor_rows, player_panels
from games.ui.gameui import GameUI
from games.ui.hookspecs import hookimpl

GAME = "duel"
COLOURS = ("black", "white")  # F2: "colours is optional (default black, white)"


def replay_context(timeline, ply: int, story, colours) -> dict:
    state = timeline.state(ply)
    return {
        "rows": harbor_rows(state, story, colours),
        "panels": player_panels(state, timeline.score_at(ply), timeline.names, colours),
        "supply": state.supply_count,
        "reserve": state.reserve_count,
        "over": state.over,
    }


def describe(timeline) -> list:
    names = timeline.names or []  # none: "player 1", "player 2"
    return [describe_move(timeline.state(k), m, names) for k, m in enumerate(timeline.moves_json)]


def table_form(timeline, need) -> dict:
    """The draw form's rows (each group of tokens to name) and the palette of the token faces
    that may still turn up."""
    state = timeline.state(timeline.plies)
    return {"draws": [{"field": d.field, "count": d.count, "what": live_menu.draw_what(d)} for d in need.draws],
            "palette": live_forms.palette_of(timeline.game_type.unseen(state))}


def table_fields(need) -> list[str]:
    return [d.field for d in need.draws]


def describe_one(timeline, ply: int, move: dict):
    return describe_move(timeline.state(ply), move, timeline.names or [])


def live_context(timeline, ply: int, ctx: dict, legal: list[dict], live: bool):
    menu = live_menu.legal_menu(legal) if live else live_menu.Menu()
    ctx["transcription"] = timeline.state(ply).transcription  # the page says so (F2 boats form)
    for row in ctx["rows"]:  # each legal place/unload is drawn as its cell or boat (D4.1, D4.2)
        for sq in row:
            sq["choice"] = menu.cells.get(sq.get("name")) or menu.boats.get(sq.get("name"))
    return menu


#: The board's words for the Duel's ids, for ``{{ id|label }}``: breakdown keys and monuments
#: (headings), colours, the action tokens (D1).
TERMS = {
    "obelisk": _("Obelisk"),
    "temple": _("Temple"),
    "pyramid": _("Pyramid"),
    "tomb": _("Tomb"),
    "action_tokens": _("Action tokens"),
    "meeples": _("Meeples"),
    # Translators: a player's colour.
    "black": _("black"),
    # Translators: a player's colour.
    "white": _("white"),
    # Translators: a Duel action token (D1), as printed.
    "take-token": _("take 1 token"),
    # Translators: a Duel action token (D1), as printed.
    "place-meeples": _("place 2–3 meeples"),
    # Translators: a Duel action token (D1), as printed.
    "place-unload": _("place 1 meeple and unload 1–2×"),
    # Translators: a Duel action token (D1), as printed.
    "swap-unload": _("swap 2 tokens and unload"),
}

UI = GameUI(
    game=GAME,
    templates=Path(__file__).parent / "templates",
    colours=COLOURS,
    # Translators: the short name of Imhotep: The Duel, in links to its calculator.
    label=_("Duel"),
    card_title=_("Score calculator"),
    card_text=_("Imhotep: The Duel. Enter what lies on the table, see every point explained and who won."),
    calculator_template="ui/duel/calculator.html",
    calculator_form=forms.DuelBoardForm,
    calculator_data=forms.with_defaults,
    calculate=calculator.calculate,
    board_template="ui/duel/board.html",
    setup_text=_("Setup: the boats are loaded (D3)."),
    replay_context=replay_context,
    describe=describe,
    describe_move=describe_one,
    new_form=live_forms.NewDuelForm,
    new_template="ui/duel/new.html",
    play_template="ui/duel/play.html",
    live_context=live_context,
    table_fields=table_fields,
    table_form=table_form,
    read_table=live_menu.read_draws,
    tie_break=_("D7.6: the player who did not start wins"),
    board_format=_("board (F1)"),
    record_format=_("game record (F2)"),
    terms=TERMS,
)


@hookimpl
def imhotep_game_ui():
    return [UI]
