"""The move-in-words describer, checked against what the engine actually did (D4.2)."""

import random
import re
from collections import Counter

import pytest

from games.ui.duel.describe import describe_move, told_token
from rules_engine.duel.labels import NAMES as TOKEN_NAMES
from rules_engine.messages import Message
from rules_engine.registry import default_registry

NAMES = ["Ana", "Ben"]
# Each token as a story names it, longest first (so "tomb 12" is never read as "tomb 1").
_TOKEN_IDS = {str(told_token(token)): token for token in TOKEN_NAMES}
_TOKEN_WORDS = "|".join(re.escape(w) for w in sorted(_TOKEN_IDS, key=len, reverse=True))


def _replay(seed: int):
    record = default_registry().game("duel").random_record(random.Random(seed))
    record["players"] = NAMES
    replay = default_registry().replay(record)
    return replay, [m if isinstance(m, dict) else m.to_json() for m in replay.moves]


def _held(player) -> Counter:
    """Every token a player holds, as ids (D5)."""
    held = Counter({"obelisk": player.obelisk, "pyramid-light": player.pyramid_light,
                    "pyramid-dark": player.pyramid_dark})
    held.update(f"temple-{v}" for v in player.temple)
    held.update(f"tomb-{n}" for n in player.tomb)
    held.update(player.action_tokens)
    return +held


def test_d4_1_place_names_the_player_and_cell():
    replay, moves = _replay(1)
    k = next(i for i, m in enumerate(moves) if m["type"] == "place")
    story = describe_move(replay.states[k], moves[k], NAMES)
    assert story.text == f"{NAMES[replay.states[k].to_move]} places a meeple on {moves[k]['cell']}"
    assert story.placed == {moves[k]["cell"]}


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_d4_2_unload_words_match_the_tokens_each_player_received(seed):
    """For every plain unload, the tokens the sentence gives each player are exactly those
    the engine added to that player's monuments (nearest meeple takes slot 3, D4.2.1)."""
    replay, moves = _replay(seed)
    checked = 0
    for k, move in enumerate(moves):
        if move["type"] != "unload":
            continue
        before, after = replay.states[k], replay.states[k + 1]
        text = describe_move(before, move, NAMES).text
        for i, name in enumerate(NAMES):
            said = Counter(_TOKEN_IDS[w] for w in re.findall(rf"({_TOKEN_WORDS}) to {name}\b", text))
            got = _held(after.players[i]) - _held(before.players[i])
            assert said == got, (k, text)
        checked += 1
    assert checked > 0


def test_d4_2_3_token_left_on_the_boat_goes_to_the_box():
    replay, moves = _replay(3)
    for k, move in enumerate(moves):
        if move["type"] == "unload":
            before = replay.states[k]
            line = [c for c in _line(move["boat"]) if before.harbor[c] is not None]
            if len(line) == 2:
                text = describe_move(before, move, NAMES).text
                slot1 = before.boats[move["boat"]][0]
                assert text.endswith(f"{told_token(slot1)} to the box")
                return
    pytest.fail("no two-meeple unload in this game")


def _line(boat):
    kind, _, w = boat.partition("-")
    return [f"c{w}", f"b{w}", f"a{w}"] if kind == "row" else [f"{w}3", f"{w}2", f"{w}1"]


def test_d4_2_example_sentence_from_the_issue():
    """Ana unloads row 3 with meeples on c3 (Ana) and b3 (Ben): slot 3 to Ana, slot 2 to Ben,
    slot 1 to the box."""

    class Position:
        to_move = 0
        harbor = dict.fromkeys(("a1", "b1", "c1", "a2", "b2", "c2", "a3")) | {"c3": 0, "b3": 1}
        boats = {"row-1": ("obelisk",) * 3, "row-2": ("obelisk",) * 3,
                 "row-3": ("pyramid-dark", "temple-1", "tomb-12"),
                 "col-a": ("obelisk",) * 3, "col-b": ("obelisk",) * 3, "col-c": ("obelisk",) * 3}

    story = describe_move(Position(), {"type": "unload", "boat": "row-3"}, NAMES)
    assert story.text == "Ana unloads row 3: tomb 12 to Ana, temple 1 to Ben, dark pyramid to the box"
    assert story.boats == {"row-3"} and story.emptied == {"c3", "b3"}


def test_the_story_is_a_message_said_in_the_readers_language():
    """Stories are cached and shared between readers (docs/i18n.md): a Message whose parts
    (the player's move, the boat, each token) are messages too, never engine ids."""

    class Position:
        to_move = 0
        harbor = dict.fromkeys(("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3")) | {"c3": 0}
        boats = {"row-3": ("pyramid-dark", "temple-1", "tomb-12")}

    text = describe_move(Position(), {"type": "unload", "boat": "row-3"}, NAMES).text
    assert isinstance(text, Message) and text.template == "{who} unloads {unload}"
    unload = text.params["unload"]
    assert unload.template == "{boat}: {tokens}" and unload.params["boat"].template == "row {row}"
    first, *rest = unload.params["tokens"]
    assert first.template == "{token} to {player}" and first.params["token"] == "tomb 12"
    assert [part.template for part in rest] == ["{token} to the box", "{token} to the box"]


@pytest.mark.parametrize(("move", "english"), [
    ({"type": "take-token", "boat": "row-1", "slot": 2},
     "Ana plays take 1 token: obelisk from row 1 slot 2, the reserve's top token fills the slot"),
    ({"type": "place-meeples", "cells": ["a1", "b2"]}, "Ana plays place 2–3 meeples: meeples on a1, b2"),
    ({"type": "place-unload", "cell": "a1", "boats": ["col-a"]},
     "Ana plays place 1 meeple and unload 1–2×: a meeple on a1, then unloads column a: obelisk to Ana, "
     "obelisk to the box, obelisk to the box"),
    ({"type": "swap-unload", "boat": "row-1", "slots": [1, 3], "unload": "row-1"},
     "Ana plays swap 2 tokens and unload: swaps slots 1 and 3 of row 1, then unloads row 1: obelisk to the box, "
     "obelisk to the box, obelisk to the box"),
])
def test_d4_3_action_tokens_are_named_as_printed(move, english):
    class Position:
        to_move = 0
        harbor = dict.fromkeys(("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"))
        boats = dict.fromkeys(("row-1", "row-2", "row-3", "col-a", "col-b", "col-c"), ("obelisk",) * 3)

    assert describe_move(Position(), move, NAMES).text == english


def test_d4_4_pass_is_said_as_a_pass():
    class Position:
        to_move = 1
        harbor: dict = {}
        boats: dict = {}

    assert describe_move(Position(), {"type": "pass"}, NAMES).text.startswith("Ben passes")


def test_an_action_token_is_called_one_inside_a_story():
    """D1: an action token's printed words ("take 1 token") would read as an order."""
    assert told_token("take-token") == "action token “take 1 token”"
    assert told_token("tomb-7") == "tomb 7"
