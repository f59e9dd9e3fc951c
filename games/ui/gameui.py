"""What a game's web adapter holds (``GameUI``): every page's game-particular part, in three
parts the generic views ask for by name — `Calculator`, `BoardView`, `LiveEntry` — each a
class whose methods a game overrides (the healthchecks integrations' way: a base class with
defaults, a subclass per kind). A part left out (``calculator = None``, ``live = None``) means
the game has no such page; the `BoardView` defaults show the state JSON and moves as JSON.
"""

from __future__ import annotations

import abc
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from django import forms
from django.forms.forms import DeclarativeFieldsMetaclass
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from imhotep_lib.translation import say

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from games.ui.timeline import Timeline
    from rules_engine.gametype import Needs, TableAnswers

#: ``drawn(message)``: a lazy string that says ``message`` (a ``Message``, or any text) in the
#: language active when it is drawn. For values a template prints without ``|say`` (a form
#: field's label or choices, a word inside ``{% blocktranslate %}``) and that are built once
#: and shared between readers.
drawn = lazy(say, str)


class Told(Protocol):
    """What every page reads of a move's story (`BoardView.describe`): its text. A game's own
    story class (the Duel's ``MoveStory``, the base game's ``ClassicStory``) carries more for
    its board."""

    @property
    def text(self) -> str: ...


@dataclass(frozen=True)
class Story:
    """A move told for people, when a game has no describer of its own."""

    text: str  # a ``Message`` when the game tells it (said in the reader's language when drawn)


@dataclass(frozen=True)
class Choice:
    """One legal move offered on a live-entry page: its F2 JSON and a label for people (a
    ``Message``: menus are cached with the game's replay and shared between readers)."""

    move: dict[str, Any]
    label: str

    @property
    def json(self) -> str:
        return json.dumps(self.move, separators=(",", ":"))


class Calculator(abc.ABC):
    """A game's score calculator (``/score/<game>``): a GET form, the calculation it shows, and
    the page (with a ``{% partialdef result %}`` htmx asks for on every change). A game
    subclasses it, sets the class attributes and implements `calculate`."""

    #: The page, e.g. ``"ui/<game>/calculator.html"``.
    template: str = ""
    #: The form class (its data: `data`).
    form: type[forms.Form] = forms.Form
    #: The home page's card for the calculator (``gettext_lazy`` strings: the adapter is built once).
    card_title: StrOrPromise = ""
    card_text: StrOrPromise = ""

    def data(self, query: Mapping[str, str]) -> Mapping[str, object]:
        """The GET query as the form's data, with the defaults of an empty form filled in.
        Default: the query as it is."""
        return query

    @abc.abstractmethod
    def calculate(self, form: forms.Form) -> object:
        """What the page shows for ``form`` (e.g. a `games.ui.calculation.Calculation`). Required:
        every calculator implements it (the built-in games and the example plugin do)."""


class BoardView:
    """How the replay and live-entry pages draw a game's positions and tell its moves. The
    defaults show the position as its state JSON and each move as its JSON."""

    #: The board partial included by the replay page (games/replay.html).
    template: str = "games/_state_json.html"
    #: A CSS class of the replay body (a wider board, say).
    css_class: str = ""
    #: The line shown before the first move.
    setup_text: StrOrPromise = _("Setup.")

    def context(self, timeline: Timeline, ply: int, story: object, colours: Sequence[str]) -> dict[str, object]:
        """The board partial's context for position ``ply``. Default: its state JSON."""
        return {"state_json": timeline.state_json(ply)}

    def describe(self, timeline: Timeline) -> list[Told]:
        """One story (with a ``.text``; boards may read more) per move of ``timeline``.
        Default: each move told by `describe_move`, else as its JSON."""
        return [self.describe_move(timeline, k, m) or Story(text=str(m)) for k, m in enumerate(timeline.moves_json)]

    def describe_move(self, timeline: Timeline, ply: int, move: Mapping[str, Any]) -> Told | None:
        """The story of ``move`` played at position ``ply`` (a hint or an alternative, not
        necessarily the move that was played), or None when the game tells its moves only all
        at once (`describe`). Default: None."""
        return None

    def fact_words(self, kind: str, value: Any, ply: int | None) -> str | None:
        """Words for what the explorer counts (`GameType.explorer_facts`), as the move list and
        the board say them: ``kind`` ``"opening"`` a move (F2 JSON) played at ``ply`` (0 = the
        first move), ``"first_card"`` a card id, ``"top_site"`` a site id. A ``Message``, or
        None for the explorer's default (the game's ``terms``, else the value as it is).
        Default: None."""
        return None

    def totals(self, timeline: Timeline) -> list[list[int]] | None:
        """totals[ply][player], when the game has them cheaper than scoring every ply.
        Default: None (every ply is scored)."""
        return None


class _AbstractFormMetaclass(abc.ABCMeta, DeclarativeFieldsMetaclass):
    """A Django form's metaclass that also refuses to make a form missing an abstract method."""


class NewGameForm(forms.Form, metaclass=_AbstractFormMetaclass):
    """Live entry's new-game form: a Django form that also gives the record it starts."""

    @abc.abstractmethod
    def to_record(self) -> dict[str, Any]:
        """The record of the new game (players, setup, no moves), once the form is valid.
        Required: every new-game form implements it."""

    def known_names(self) -> list[str]:
        """Player names to suggest. Default: none."""
        return []

    @classmethod
    def seated(cls, names: Sequence[str]) -> dict[str, Any]:
        """The form's values that seat ``names`` in this order (the first starts), as an event
        table's pairing gives them: shown, and forced over what is posted. Default: {} (the
        form cannot be seated; an event table then has the game dealt by `GameType.new_record`)."""
        return {}


class LiveEntry(abc.ABC):
    """Live move-by-move entry (``/games/new?game=<game>``, ``/games/<id>/play``): the new-game
    form, the menu of legal moves, and one form for what the table turns up
    (`GameType.table_needs`). A game subclasses it and implements `menu`."""

    #: The new-game form (a `NewGameForm` subclass). Required.
    new_form: type[NewGameForm]
    new_template: str = ""
    #: The play page (extending games/play_base.html, with a ``{% partialdef play %}``).
    play_template: str = ""
    #: The board a move is picked on (board-pick bar, board, action menu), included by the play
    #: page inside its move form and rendered by a puzzle (games/analysis/puzzle_board.py).
    move_board_template: str = ""

    @abc.abstractmethod
    def menu(self, timeline: Timeline, ply: int, ctx: dict[str, Any], legal: list[dict[str, Any]],
             live: bool) -> object:
        """The menu of ``legal`` moves (F2 JSON) at ``ply``; may add to the page's ``ctx``.
        Required: every live entry implements it."""

    def table_fields(self, need: Needs) -> list[str]:
        """The names of the table form's fields for ``need`` (posted back with the move).
        Default: none (a game without hidden information never asks)."""
        return []

    def table_form(self, timeline: Timeline, need: Needs) -> dict[str, object]:
        """What the table form offers for ``need`` (``pending`` in the play template, beside
        ``move``, ``ply``, ``need`` and ``values``). Default: nothing more."""
        return {}

    def read_table(self, data: Mapping[str, str], need: Needs) -> tuple[TableAnswers, list[str]]:
        """The table form's ``data`` as the answers for `GameType.with_table`, and the problems
        a person must fix (``Message`` values). Default: no answers, no problems."""
        return {}, []

    def forced_table(self, timeline: Timeline, need: Needs) -> dict[str, str] | None:
        """The table form's values when the rules leave no choice (what can still turn up is
        all one kind), so the move is stored without asking; None: ask. Default: always ask."""
        return None


class BoardDataEditor:
    """A game's board-data page (docs/board-data.md): a form laid out like the boards whose
    numbers the rules leave open. The generic view (games/boarddata_views.py) saves what
    `to_data` makes, runs the game's checks (`GameType.board_data_problems`) and puts each
    problem next to the field `to_data` named for its path."""

    #: The partial drawing the form's fields as the boards (``form`` in its context).
    template: str = ""
    form: type[forms.Form] = forms.Form
    #: The data's top-level keys, each with the board's name for people: "the plugin also
    #: supplies …" notes, and which part of the page a key fills.
    parts: Mapping[str, StrOrPromise] = {}

    def initial(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The form's initial values from stored data (the current version)."""
        return {}

    def to_data(self, cleaned: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
        """The board data the filled form gives, and for each path in it the field holding it
        (problems are shown next to that field; a path not listed goes to its nearest parent)."""
        return {}, {}


@dataclass(frozen=True)
class GameUI:
    """A game's web adapter: what the generic pages (calculator, replay, live entry, game
    detail) need of it. Its parts are asked for by name; a game without a calculator or live
    entry has ``calculator = None`` or ``live = None``."""

    #: The game id this adapter is for (a game some plugin registers through imhotep_games).
    game: str
    #: The folder holding this game's templates (searched by games.ui.loader), e.g.
    #: ``Path(__file__).parent / "templates"`` with the files under ``ui/<game>/``.
    templates: Path | None = None
    #: Short name for links ("Duel", "Base game"). Words for people here and below are
    #: ``gettext_lazy`` strings (the adapter is built once).
    label: StrOrPromise = ""

    calculator: Calculator | None = None
    board: BoardView = field(default_factory=BoardView)
    live: LiveEntry | None = None
    #: The page where a club admin enters the numbers printed only on the boards (None: the
    #: game has no such numbers).
    board_data: BoardDataEditor | None = None

    # -- game detail --------------------------------------------------------------------
    #: Why equal totals still had a winner, for people ("the player who did not start wins").
    tie_break: StrOrPromise = ""
    board_format: StrOrPromise = _("board")
    record_format: StrOrPromise = _("game record")

    #: The board's words for this game's ids, in the reader's language (``gettext_lazy``):
    #: breakdown keys, colours, sites, cards, action tokens. ``{{ key|label }}`` looks here.
    terms: Mapping[str, StrOrPromise] = field(default_factory=dict)
