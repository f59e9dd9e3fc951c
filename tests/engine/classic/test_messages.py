"""The base game speaks in translatable messages (docs/i18n.md): refusals of moves, records and
boards and the score lines are `Message` values whose templates put together give exactly the
English; board words (sites, cards, colours) are messages too; and playing legal moves builds
no message at all (engine speed)."""

from __future__ import annotations

import random

import pytest

import rules_engine.messages as messages
from rules_engine.classic.finalboard import final_board
from rules_engine.classic.game import apply_move, legal_moves, parse_header
from rules_engine.classic.playout import random_record
from rules_engine.classic.record import replay
from rules_engine.classic.scoring import score_board
from rules_engine.classic.sitecheck import from_mapping
from rules_engine.classic.sitedata import EMPTY, missing_message
from rules_engine.classic.words import CARD_NAMES, COLOUR_NAMES, MOVE_NAMES, SITE_NAMES
from rules_engine.errors import BoardError, IllegalMoveError, RecordError
from rules_engine.messages import Message
from tests.engine.classic.board_helpers import FICTIONAL_DATA

from .classic_helpers import mv, play, record, start

DATA = from_mapping(FICTIONAL_DATA)
SIDES = ("market", "pyramids", "temple", "burial-chamber", "obelisks")
# Moves tried in every position of a game: most of them are refused, for many reasons.
TRIED = (
    {"type": "get-stones"},
    {"type": "place", "ship": 1, "slot": 1},
    {"type": "place", "ship": 4, "slot": 4},
    {"type": "sail", "ship": 1, "site": "burial-chamber"},
    {"type": "sail", "ship": 2, "site": "market"},
    {"type": "sail", "ship": 3, "site": "market", "take": ["statue", "lever", "hammer", "sail"]},
    {"type": "play", "card": "lever", "ship": 1, "site": "temple", "order": [2, 1]},
    {"type": "play", "card": "hammer", "ship": 1, "slot": 2},
    {"type": "play", "card": "sail", "ship": 2, "slot": 1, "site": "pyramids"},
    {"type": "play", "card": "chisel", "places": [{"ship": 1, "slot": 1}, {"ship": 2, "slot": 1}]},
    {"type": "pass"},
    {"type": "pass", "temple": ["point"]},
)


def pseudo(text: object) -> str:
    """``text`` "translated" by marking every template ‹…›, filled in as the web app fills a
    catalogue's entry (nested messages and lists too): fails when a template and its
    parameters do not fit together."""
    if isinstance(text, tuple):
        return ", ".join(pseudo(item) for item in text)
    if not isinstance(text, Message):
        return str(text)
    template = text.plural if text.plural is not None and text.params["n"] != 1 else text.template
    params = {key: pseudo(value) if isinstance(value, Message | tuple) else value for key, value in text.params.items()}
    return "‹" + (template.format(**params) if params else template) + "›"


def said_in_english(text: object) -> bool:
    return isinstance(text, Message) and pseudo(text).replace("‹", "").replace("›", "") == str(text)


def games(count: int):
    for seed in range(count):
        rng = random.Random(seed)
        sides = {site: rng.choice("AB") for site in SIDES}
        rec = random_record(rng, players=2 + seed % 3, sides=sides, data=DATA)
        if seed % 2:
            rec["variants"] = ["pharaohs-wrath"]
        yield rec, replay(rec, DATA)


@pytest.mark.parametrize("seed", range(3))
def test_every_refusal_of_a_move_is_a_message_that_says_the_english(seed):
    _rec, played = list(games(seed + 1))[seed]
    refused = 0
    for state in played.states[:: max(1, len(played.states) // 25)]:
        for move in TRIED:
            try:
                apply_move(state, move)
            except IllegalMoveError as exc:
                refused += 1
                assert said_in_english(exc.reason), exc.reason
    assert refused > 50


def test_score_lines_are_messages_that_say_the_english():
    for rec, played in games(12):
        for state in (played.states[len(played.states) // 2], played.states[-1]):
            for player in score_board(final_board(state, rec), DATA).to_json()["players"]:
                for line in player["lines"]:
                    assert said_in_english(line["text"]), line


def test_a_refusal_names_the_site_in_the_boards_words():
    s = play(start(4), "place 4 1", "place 3 1", "sail 4 burial-chamber")
    with pytest.raises(IllegalMoveError) as err:
        apply_move(s, mv("sail 3 burial-chamber"))
    reason = err.value.reason
    assert reason.template == "{what}: {reason}" and reason.params["what"] is MOVE_NAMES["sail"]
    assert reason.params["reason"].params["site"] is SITE_NAMES["burial-chamber"]
    assert str(reason).startswith("sail: the burial chamber already has ship 4 docked")


def test_a_refusal_names_the_move_and_the_colour_in_words():
    s = play(start(4), "get", "get", "get")
    with pytest.raises(IllegalMoveError) as err:
        apply_move(s, mv("get"))
    assert str(err.value.reason) == "get stones: grey cannot get stones: the sled is full (5 stones) (C4.1)"
    assert err.value.reason.params["reason"].params["colour"] is COLOUR_NAMES["grey"]


def test_a_blue_card_refusal_names_the_card_in_words():
    with pytest.raises(IllegalMoveError) as err:
        apply_move(start(4), mv("hammer 1 1"))
    assert err.value.reason.params["reason"].params["card"] is CARD_NAMES["hammer"]


def test_board_words_are_messages():
    for names in (SITE_NAMES, CARD_NAMES, COLOUR_NAMES, MOVE_NAMES):
        assert all(isinstance(name, Message) for name in names.values())
    assert SITE_NAMES["burial-chamber"] == "burial chamber"
    assert CARD_NAMES["decoration-burial-chamber"] == "burial chamber decoration"


def test_record_and_board_refusals_are_messages():
    bad = record(4)
    bad["colours"] = ["black", "black", "white", "grey"]
    with pytest.raises(RecordError) as err:
        parse_header(bad)
    assert said_in_english(err.value.reason)
    board = final_board(start(4), record(4))
    board["players"][1]["colour"] = "black"
    with pytest.raises(BoardError) as err:
        score_board(board)
    problems = dict(err.value.errors)
    assert problems["players[1].colour"] == "black is already another player's colour"
    assert problems["players[1].colour"].params["colour"] is COLOUR_NAMES["black"]


def test_a_missing_b_side_is_said_in_words():
    text = missing_message("burial-chamber", None, EMPTY)
    assert said_in_english(text) and text.startswith("burial chamber side B cannot be played")
    assert text.params["site"] is SITE_NAMES["burial-chamber"]


def test_playing_legal_moves_builds_no_message(monkeypatch):
    built = []
    made = messages._made  # every Message is made here (msg, plural, pmsg and Message itself)

    def counted(template, *args):
        built.append(template)
        return made(template, *args)

    monkeypatch.setattr(messages, "_made", counted)
    rng = random.Random(5)
    rec = random_record(rng, players=3)
    played = replay(rec)
    for state in played.states[:40]:
        for move in legal_moves(state)[:10]:
            apply_move(state, move)
    replay(random_record(random.Random(6), players=4, sides=dict.fromkeys(SIDES, "B"), data=DATA), DATA)
    assert built == []
    with pytest.raises(IllegalMoveError):  # a refusal does build its message
        apply_move(played.states[0], {"type": "pass"})
    assert built
