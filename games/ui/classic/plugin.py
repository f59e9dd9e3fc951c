"""The base game's pages (classic.md), registered through the ``imhotep_game_ui`` hook like
any plugin's: the calculator (F3), the ships-and-sites board of the replay and live-entry
pages, the move stories, and live entry of 2–4 players."""

from __future__ import annotations

import random
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.ui.classic import calculator, forms, live_forms, table
from games.ui.classic.describe import describe_move
from games.ui.classic.menu import legal_menu
from games.ui.classic.presenters import classic_context
from games.ui.gameui import GameUI
from games.ui.hookspecs import hookimpl
from rules_engine.classic.game import new_record
from rules_engine.classic.playout import random_game

GAME = "classic"
COLOURS = ("black", "white", "brown", "grey")  # the seats take the box's colours in order (classic.md C1)


def replay_context(timeline, ply: int, story, colours) -> dict:
    state_json = timeline.state_json(ply)
    return {"classic": classic_context(state_json, timeline.score_at(ply), story, timeline.names),
            "over": state_json.get("over")}


def describe(timeline) -> list:
    names = timeline.names or []  # none: "player 1", "player 2" …
    return [describe_move(timeline.state_json(k), m, names, after=timeline.state_json(k + 1))
            for k, m in enumerate(timeline.moves_json)]


def describe_one(timeline, ply: int, move: dict):
    gt = timeline.game_type
    after = gt.state_to_json(gt.apply(timeline.state(ply), move), timeline.record)
    return describe_move(timeline.state_json(ply), move, timeline.names or [], after=after)


def totals(timeline):
    if timeline.record.get("variants"):
        return None  # variants change the totals: score every ply through the registry
    # The state JSON already carries this score (the same scorer, C8); the stories need that
    # JSON for every ply anyway.
    return [[p["score"]["total"] for p in timeline.state_json(k)["players"]] for k in range(timeline.plies + 1)]


def live_context(timeline, ply: int, ctx: dict, legal: list[dict], live: bool):
    state_json = timeline.state_json(ply)
    menu = legal_menu(legal, state_json)
    # Each legal C4.2 placement is drawn as its ship's empty slot.
    ctx["classic"] = classic_context(state_json, timeline.score_at(ply), ctx["story"], timeline.names,
                                     choices=menu.place)
    return menu


def demo_record(names, rng: random.Random, i: int) -> dict:
    """A server-shuffled setup (as live entry deals it) played with random legal moves,
    alternately 3 and 4 players."""
    players = rng.sample(names, 3 if i % 2 == 0 else 4)
    return random_game(new_record(players, rng.getrandbits(32)), random.Random(rng.getrandbits(64)))


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
    colours=COLOURS,
    # Translators: the short name of Imhotep: Builder of Egypt, in links to its calculator.
    label=_("Base game"),
    card_title=_("Base game scores"),
    card_text=_("Imhotep: Builder of Egypt, 2–4 players: the burial chamber, obelisks, cards and ties, "
                "every point explained."),
    calculator_template="ui/classic/calculator.html",
    calculator_form=forms.ClassicBoardForm,
    calculator_data=forms.with_defaults,
    calculate=calculator.calculate,
    board_template="ui/classic/board.html",
    board_class="is-classic",
    setup_text=_("Setup: round 1's ships are in the harbour, sleds loaded (C2)."),
    replay_context=replay_context,
    describe=describe,
    describe_move=describe_one,
    totals=totals,
    new_form=live_forms.NewClassicForm,
    new_template="ui/classic/new.html",
    play_template="ui/classic/play.html",
    live_context=live_context,
    table_fields=table.table_fields,
    table_form=table.table_form,
    read_table=table.read_turned_up,
    demo_record=demo_record,
    tie_break=_("C8: more stones on the sled"),
    board_format=_("board (F3)"),
    record_format=_("game record (F4)"),
    terms=TERMS,
)


@hookimpl
def imhotep_game_ui():
    return [UI]
