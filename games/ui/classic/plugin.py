"""The base game's pages (classic.md), registered through the ``imhotep_game_ui`` hook like
any plugin's: the calculator (F3), the ships-and-sites board of the replay and live-entry
pages, the move stories, and live entry of 2–4 players."""

from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.ui.classic import calculator, forms, live_forms, table
from games.ui.classic.board_data import ClassicBoardData
from games.ui.classic.describe import describe_move
from games.ui.classic.menu import legal_menu
from games.ui.classic.presenters import classic_context
from games.ui.gameui import BoardView, Calculator, GameUI, LiveEntry
from games.ui.hookspecs import hookimpl
from rules_engine.classic.components import CARDS, SITES
from rules_engine.classic.words import card_name, site_name

GAME = "classic"


class ClassicCalculator(Calculator):
    """The F3 score calculator."""

    template = "ui/classic/calculator.html"
    form = forms.ClassicBoardForm
    card_title = _("Base game scores")
    card_text = _("Imhotep: Builder of Egypt, 2–4 players: the burial chamber, obelisks, cards and ties, "
                  "every point explained.")

    def data(self, query):
        return forms.with_defaults(query)

    def calculate(self, form):
        return calculator.calculate(form)


class ClassicBoard(BoardView):
    """The ships and sites, the players' panels, the move stories (C2–C8)."""

    template = "ui/classic/board.html"
    css_class = "is-classic"
    setup_text = _("Setup: round 1's ships are in the harbor, sleds loaded.")

    def context(self, timeline, ply: int, story, colours) -> dict:
        state_json = timeline.state_json(ply)
        return {"classic": classic_context(state_json, timeline.score_at(ply), story, timeline.names),
                "over": state_json.get("over")}

    def describe(self, timeline) -> list:
        names = timeline.names or []  # none: "player 1", "player 2" …
        return [describe_move(timeline.state_json(k), m, names, after=timeline.state_json(k + 1))
                for k, m in enumerate(timeline.moves_json)]

    def describe_move(self, timeline, ply: int, move):
        gt = timeline.game_type
        after = gt.state_to_json(gt.apply(timeline.state(ply), move), timeline.record)
        return describe_move(timeline.state_json(ply), move, timeline.names or [], after=after)

    def fact_words(self, kind: str, value, ply: int | None):
        if kind == "first_card" and isinstance(value, str) and value in CARDS:
            return card_name(value)
        if kind == "top_site" and isinstance(value, str) and value in SITES:
            return site_name(value)
        return None

    def totals(self, timeline):
        if timeline.record.get("variants"):
            return None  # variants change the totals: score every ply through the registry
        # The state JSON already carries this score (the same scorer, C8); the stories need that
        # JSON for every ply anyway.
        return [[p["score"]["total"] for p in timeline.state_json(k)["players"]] for k in range(timeline.plies + 1)]


class ClassicLive(LiveEntry):
    """Live entry of 2–4 players, dealt by the server or turned up at the table (F4)."""

    new_form = live_forms.NewClassicForm
    new_template = "ui/classic/new.html"
    play_template = "ui/classic/play.html"
    move_board_template = "ui/classic/_move_board.html"

    def menu(self, timeline, ply: int, ctx: dict, legal: list[dict], live: bool):
        state_json = timeline.state_json(ply)
        menu = legal_menu(legal, state_json)
        # Each legal C4.2 placement is drawn as its ship's empty slot.
        ctx["classic"] = classic_context(state_json, timeline.score_at(ply), ctx["story"], timeline.names,
                                         choices=menu.place)
        return menu

    def table_fields(self, need) -> list[str]:
        return table.table_fields(need)

    def table_form(self, timeline, need) -> dict:
        return table.table_form(timeline, need)

    def read_table(self, data, need):
        return table.read_turned_up(data, need)


#: The board's words for the base game's ids, for ``{{ id|label }}``: sites and breakdown keys
#: (headings), colours, the blue cards (C7).
TERMS = {
    "market": _("Market"),
    "pyramids": _("Pyramids"),
    "temple": _("Temple"),
    "burial-chamber": _("Burial chamber"),
    "obelisks": _("Obelisks"),
    "track": _("Track"),
    "burial_chamber": _("Burial chamber"),
    "decorations": _("Decorations"),
    "statues": _("Statues"),
    "blue_cards": _("Blue cards"),
    "pharaohs_wrath": _("Pharaoh's wrath"),
    # Translators: a player's colour.
    "black": _("black"),
    # Translators: a player's colour.
    "white": _("white"),
    # Translators: a player's colour.
    "brown": _("brown"),
    # Translators: a player's colour.
    "grey": _("grey"),
    # Translators: a blue market card of Imhotep: Builder of Egypt; also the move of playing it.
    "lever": _("lever"),
    # Translators: a blue market card of Imhotep: Builder of Egypt; also the move of playing it.
    "hammer": _("hammer"),
    # Translators: a blue market card of Imhotep: Builder of Egypt (the card "sail"); also the move of sailing a ship.
    "sail": _("sail"),
    # Translators: a blue market card of Imhotep: Builder of Egypt; also the move of playing it.
    "chisel": _("chisel"),
}

UI = GameUI(
    game=GAME,
    templates=Path(__file__).parent / "templates",
    # Translators: the short name of Imhotep: Builder of Egypt, in links to its calculator.
    label=_("Base game"),
    calculator=ClassicCalculator(),
    board=ClassicBoard(),
    live=ClassicLive(),
    board_data=ClassicBoardData(),
    tie_break=_("more stones on the sled"),
    board_format=_("board"),
    record_format=_("game record"),
    terms=TERMS,
)


@hookimpl
def imhotep_game_ui():
    return [UI]
