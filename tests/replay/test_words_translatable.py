"""Move stories and live-entry menus are cached with a game's replay and shared between
readers, so they are ``Message`` values (docs/i18n.md) said in each reader's language when a
page is drawn; the board's words replace engine ids; lazily said words follow the language
active when drawn."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

import imhotep_lib.translation
from games.ui.classic.describe import describe_move as classic_describe
from games.ui.classic.menu import legal_menu as classic_menu
from games.ui.classic.table import read_turned_up
from games.ui.duel.live_menu import legal_menu, read_draws
from games.ui.duel.presenters import harbor_rows, token_view
from games.ui.registry import ui_registry
from rules_engine.duel.transcription import Draw, TokensNeeded
from rules_engine.messages import Message
from tests.replay.classic_fixtures import STATE


@pytest.fixture
def german(monkeypatch):
    """A stand-in catalogue: every sentence said in German is marked, so a test sees what was
    translated (and that nested words are translated too)."""
    gettext, ngettext = imhotep_lib.translation.gettext, imhotep_lib.translation.ngettext

    def marked(_text: str) -> bool:
        return translation.get_language() == "de"

    monkeypatch.setattr(imhotep_lib.translation, "gettext", lambda text: f"<{text}>" if marked(text) else gettext(text))
    monkeypatch.setattr(imhotep_lib.translation, "ngettext",
                        lambda one, many, n: f"<{one if n == 1 else many}>" if marked(one) else ngettext(one, many, n))
    with translation.override("de"):
        yield


def test_duel_menu_labels_are_messages_with_board_words():
    menu = legal_menu([
        {"type": "place", "cell": "b2"},
        {"type": "unload", "boat": "col-a"},
        {"type": "take-token", "boat": "row-2", "slot": 1},
        {"type": "place-unload", "cell": "a1", "boats": ["row-1", "col-a"]},
        {"type": "pass"},
    ])
    labels = [menu.cells["b2"].label, menu.boats["col-a"].label, *(c.label for cs in menu.actions.values() for c in cs),
              menu.pass_move.label]
    assert all(isinstance(label, Message) for label in labels)
    assert labels == ["place on b2", "unload column a", "take row 2 slot 1",
                      "meeple on a1, then unload row 1 then column a", "pass (no legal action, D4.4)"]
    assert menu.boats["col-a"].label.params["boat"].template == "column {column}"


def test_duel_draw_problems_are_messages(german):
    need = TokensNeeded((Draw("refill", 3, "row-2"),))
    _answers, problems = read_draws({"refill": "#5 Ob"}, need)
    assert problems == ["the 3 tokens drawn onto row 2: give 3 tokens, got 2"]
    assert imhotep_lib.translation.say(problems[0]) == "<<the 3 tokens drawn onto <row 2>>: give 3 tokens, got 2>"


def test_duel_tokens_show_the_d1_labels_and_the_boards_words():
    assert [(v.label, str(v.name)) for v in map(token_view, ("tomb-12", "pyramid-light", "swap-unload"))] == [
        ("#12", "tomb 12"), ("PL", "light pyramid"), ("SwU", "swap 2 tokens and unload")]


def test_a_boats_label_is_said_when_drawn(german):
    class Position:
        harbor: dict = {}
        boats = dict.fromkeys(("row-1", "row-2", "row-3", "col-a", "col-b", "col-c"))

    boat = harbor_rows(Position(), None, ("black", "white"))[0][3]
    assert str(boat["label"]) == "<row 1>"
    with translation.override("en"):
        assert str(boat["label"]) == "row 1"


def test_classic_story_says_its_parts_in_the_readers_language(german):
    move = {"type": "sail", "ship": 1, "site": "market", "take": ["statue", "lever", "paved-path"]}
    story = classic_describe(STATE, move)
    assert isinstance(story.text, Message) and story.text.template == "{who} sails {sailing}"
    assert imhotep_lib.translation.say(story.text) == (
        "<Ben sails <<ship 1 (<3 stones>) to the <market>>: "
        "<Ana takes <statue>><, ><Ben takes <lever>><, ><Cy takes <paved path>>>>"
    )


def test_classic_menu_labels_and_table_problems_are_messages():
    menu = classic_menu([{"type": "get-stones"}, {"type": "sail", "ship": 1, "site": "burial-chamber"}], STATE)
    assert isinstance(menu.get_stones.label, Message)
    assert menu.sail[0].label == "ship 1 → burial chamber" and isinstance(menu.sail[0].label, Message)

    class Need:
        round_card = True
        market = 1

    _cards, problems = read_turned_up({}, Need())
    assert all(isinstance(p, Message) for p in problems)
    assert problems == ["pick the round card that was turned up", "pick market card 1 of 1, in the order turned up"]


@pytest.mark.parametrize(("term", "english"), [
    ("take-token", "take 1 token"), ("swap-unload", "swap 2 tokens and unload"), ("black", "black"),
    ("grey", "grey"), ("lever", "lever"), ("burial-chamber", "Burial chamber"), ("action_tokens", "Action tokens"),
    ("pharaohs_wrath", "Pharaoh's wrath"),
])
def test_the_games_terms_give_the_boards_words(term, english):
    assert str(ui_registry().terms[term]) == english
    drawn = Template("{% load history %}{{ key|label }}").render(Context({"key": term}))
    assert drawn == english.replace("'", "&#x27;")
