"""The Duel's pages (duel.md), registered through the ``imhotep_game_ui`` hook like any
plugin's: the calculator (F1), the harbor board of the replay and live-entry pages, the move
stories, and live entry with its F2 transcription of turned-up tokens."""

from __future__ import annotations

from pathlib import Path

from django.utils.translation import gettext_lazy as _

from games.ui.duel import calculator, forms, live_forms, live_menu
from games.ui.duel.describe import describe_move, opening_words
from games.ui.duel.presenters import harbor_rows, player_panels
from games.ui.gameui import BoardView, Calculator, GameUI, LiveEntry
from games.ui.hookspecs import hookimpl

GAME = "duel"


class DuelCalculator(Calculator):
    """The F1 score calculator."""

    template = "ui/duel/calculator.html"
    form = forms.DuelBoardForm
    card_title = _("Score calculator")
    card_text = _("Imhotep: The Duel. Enter what lies on the table, see every point explained and who won.")

    def data(self, query):
        return forms.with_defaults(query)

    def calculate(self, form):
        return calculator.calculate(form)


class DuelBoard(BoardView):
    """The harbor with its boats, the players' panels, the move stories (D2–D7)."""

    template = "ui/duel/board.html"
    setup_text = _("Setup: the boats are loaded.")

    def context(self, timeline, ply: int, story, colours) -> dict:
        state = timeline.state(ply)
        return {
            "rows": harbor_rows(state, story, colours),
            "panels": player_panels(state, timeline.score_at(ply), timeline.names, colours),
            "supply": state.supply_count,
            "reserve": state.reserve_count,
            "over": state.over,
            "token_faces": live_forms.palette_of({}),  # the key to the boats' labels
        }

    def describe(self, timeline) -> list:
        names = timeline.names or []  # none: "player 1", "player 2"
        return [describe_move(timeline.state(k), m, names) for k, m in enumerate(timeline.moves_json)]

    def describe_move(self, timeline, ply: int, move):
        return describe_move(timeline.state(ply), move, timeline.names or [])

    def fact_words(self, kind: str, value, ply: int | None):
        if kind == "opening" and isinstance(value, dict):
            return opening_words(value, ply or 0)
        return None


class DuelLive(LiveEntry):
    """Live entry with the F2 transcription of turned-up tokens."""

    new_form = live_forms.NewDuelForm
    new_template = "ui/duel/new.html"
    play_template = "ui/duel/play.html"
    move_board_template = "ui/duel/_move_board.html"

    def menu(self, timeline, ply: int, ctx: dict, legal: list[dict], live: bool):
        menu = live_menu.legal_menu(legal) if live else live_menu.Menu()
        ctx["transcription"] = timeline.state(ply).transcription  # the page says so (F2 boats form)
        for row in ctx["rows"]:  # each legal place/unload is drawn as its cell or boat (D4.1, D4.2)
            for sq in row:
                sq["choice"] = menu.cells.get(sq.get("name")) or menu.boats.get(sq.get("name"))
        return menu

    def table_fields(self, need) -> list[str]:
        return [d.field for d in need.draws]

    def table_form(self, timeline, need) -> dict:
        """The draw form's rows (each group of tokens to name) and the palette of the token
        faces that may still turn up."""
        state = timeline.state(timeline.plies)
        return {"draws": [{"field": d.field, "count": d.count, "what": live_menu.draw_what(d)} for d in need.draws],
                "palette": live_forms.palette_of(timeline.game_type.unseen(state))}

    def read_table(self, data, need):
        return live_menu.read_draws(data, need)

    def forced_table(self, timeline, need):
        """Every token the move turns up, when all still face down are of one kind (D1: the
        supply and reserve hold only what has not been seen): e.g. the last reserve token
        revealed by "take 1 token" (D4.3) once the other 59 are known. No prompt, no tap."""
        unseen = timeline.game_type.unseen(timeline.state(timeline.plies))
        left = [token for token, n in unseen.items() if n > 0]
        if len(left) != 1 or unseen[left[0]] < sum(d.count for d in need.draws):
            return None
        return {d.field: " ".join([left[0]] * d.count) for d in need.draws}


#: The board's words for the Duel's ids, for ``{{ id|label }}``: breakdown keys and monuments
#: (headings), colours, the action tokens (D1).
TERMS = {
    # Record fields as a refusal names them, said as the table does (games/plain_words.py).
    "setup.boats": _("the setup"),
    "setup.supply": _("the supply"),
    "setup.reserve": _("the reserve"),
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
    # Translators: the short name of Imhotep: The Duel, in links to its calculator.
    label=_("Duel"),
    calculator=DuelCalculator(),
    board=DuelBoard(),
    live=DuelLive(),
    tie_break=_("the player who did not start wins"),
    board_format=_("board"),
    record_format=_("game record"),
    terms=TERMS,
)


@hookimpl
def imhotep_game_ui():
    return [UI]
