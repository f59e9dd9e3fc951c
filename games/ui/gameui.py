"""What a game's web adapter holds (``GameUI``): every page's game-particular part.

The generic views (calculator, replay, live entry, game detail) call these; a field left
empty means the game has no such page (no calculator, no live entry) or takes the generic
default (moves shown as their JSON, the state JSON as the board).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from games.translation import say

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: ``drawn(message)``: a lazy string that says ``message`` (a ``Message``, or any text) in the
#: language active when it is drawn. For values a template prints without ``|say`` (a form
#: field's label or choices, a word inside ``{% blocktranslate %}``) and that are built once
#: and shared between readers.
drawn = lazy(say, str)


@dataclass(frozen=True)
class Story:
    """A move told for people, when a game has no describer of its own."""

    text: str  # a ``Message`` when the game tells it (said in the reader's language when drawn)


@dataclass(frozen=True)
class Choice:
    """One legal move offered on a live-entry page: its F2 JSON and a label for people (a
    ``Message``: menus are cached with the game's replay and shared between readers)."""

    move: dict
    label: str

    @property
    def json(self) -> str:
        return json.dumps(self.move, separators=(",", ":"))


def _identity(data: Mapping) -> Mapping:
    return data


@dataclass(frozen=True)
class GameUI:
    #: The game id this adapter is for (a game some plugin registers through imhotep_games).
    game: str
    #: The folder holding this game's templates (searched by games.ui.loader), e.g.
    #: ``Path(__file__).parent / "templates"`` with the files under ``ui/<game>/``.
    templates: Path | None = None
    #: The seats' colours when a record names none (F2: "default black, white").
    colours: tuple[str, ...] = ("black", "white")

    # -- calculator (/score/<game>) ---------------------------------------------------
    #: Short name for the calculator links ("Duel", "Base game"); the home page's card. Words
    #: for people here and below are ``gettext_lazy`` strings (the adapter is built once).
    label: StrOrPromise = ""
    card_title: StrOrPromise = ""
    card_text: StrOrPromise = ""
    calculator_template: str = ""
    calculator_form: type | None = None
    #: The GET query as the form's data, with the defaults of an empty form filled in.
    calculator_data: Callable[[Any], Mapping] = _identity
    #: form -> the calculation (scoring.calculation.Calculation) the template shows.
    calculate: Callable[[Any], Any] | None = None

    # -- replay and live entry --------------------------------------------------------
    #: The board partial included by the replay page (games/replay.html).
    board_template: str = "games/_state_json.html"
    #: A CSS class of the replay body (a wider board, say).
    board_class: str = ""
    #: The line shown before the first move.
    setup_text: StrOrPromise = _("Setup.")
    #: (timeline, ply, story, colours) -> the board partial's context.
    replay_context: Callable[..., dict] | None = None
    #: timeline -> one story per move (``.text``; boards may read more).
    describe: Callable[[Any], list] | None = None
    #: (timeline, ply, move JSON) -> the story of that move played at that position (a hint
    #: or an alternative, not necessarily the move that was played).
    describe_move: Callable[[Any, int, dict], Any] | None = None
    #: timeline -> totals[ply][player], when the game has them cheaper than scoring every ply.
    totals: Callable[[Any], list[list[int]] | None] | None = None

    # -- live entry (/games/new?game=<game>, /games/<id>/play) ---------------------------
    new_form: type | None = None
    new_template: str = ""
    play_template: str = ""
    #: (timeline, ply, ctx, legal moves as JSON, live) -> the menu; may add to ctx.
    live_context: Callable[..., Any] | None = None
    #: What the table turned up for a move (`GameType.table_needs`: tokens drawn, cards
    #: revealed), asked for in one form before the move is stored: need -> the form's field
    #: names; (timeline, need) -> what the form offers (``pending`` in the play template);
    #: (POST, need) -> (the answers for `GameType.with_table`, problems).
    table_fields: Callable[[Any], list[str]] | None = None
    table_form: Callable[[Any, Any], dict] | None = None
    read_table: Callable[[Mapping, Any], tuple[Mapping, list[str]]] | None = None

    #: (names to pick from, rng, i) -> the i-th demo game's record (manage.py load_demo).
    demo_record: Callable[[Any, Any, int], dict] | None = None

    # -- game detail --------------------------------------------------------------------
    #: Why equal totals still had a winner, for people ("the player who did not start wins").
    tie_break: StrOrPromise = ""
    board_format: StrOrPromise = _("board")
    record_format: StrOrPromise = _("game record")

    #: The board's words for this game's ids, in the reader's language (``gettext_lazy``):
    #: breakdown keys, colours, sites, cards, action tokens. ``{{ key|label }}`` looks here.
    terms: Mapping[str, Any] = field(default_factory=dict)

    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def has_calculator(self) -> bool:
        return self.calculator_form is not None and self.calculate is not None

    @property
    def has_live_entry(self) -> bool:
        return self.new_form is not None and self.live_context is not None
