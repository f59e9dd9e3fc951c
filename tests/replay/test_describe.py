"""The move-in-words describer, checked against what the engine actually did (D4.2)."""

import random
import re
from collections import Counter

import pytest

from games.ui.duel.describe import describe_move
from rules_engine.registry import default_registry

NAMES = ["Ana", "Ben"]


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
            said = Counter(re.findall(rf"([a-z0-9-]+) to {name}\b", text))
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
                assert text.endswith(f"{slot1} to the box")
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
    assert story.text == "Ana unloads row 3: tomb-12 to Ana, temple-1 to Ben, pyramid-dark to the box"
    assert story.boats == {"row-3"} and story.emptied == {"c3", "b3"}


def test_d4_4_pass_is_said_as_a_pass():
    class Position:
        to_move = 1
        harbor: dict = {}
        boats: dict = {}

    assert describe_move(Position(), {"type": "pass"}, NAMES).text.startswith("Ben passes")
