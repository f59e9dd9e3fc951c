"""The board taps of base-game moves (games/ui/classic/board_pick.py, issue 39): each names the
places a move acts on, and two legal moves never share the same taps (the page could not tell
them apart)."""

import random

import pytest

from games.ui.classic.board_pick import pick_kind, pick_steps
from rules_engine.classic.playout import random_record
from rules_engine.registry import default_registry


def test_c4_3_a_sail_to_the_market_is_the_ship_the_site_then_the_cards_in_taking_order():
    move = {"type": "sail", "ship": 3, "site": "market", "take": ["sail", "chisel"]}
    assert pick_kind(move) == "sail"
    assert pick_steps(move) == [["ship:3"], ["site:market"], ["card:sail"], ["card:chisel"]]


def test_c7_a_lever_is_the_ship_the_site_then_the_slots_in_unloading_order():
    move = {"type": "play", "card": "lever", "ship": 2, "site": "market", "order": [3, 2],
            "take": ["decoration-burial-chamber", "entrance"]}
    assert pick_kind(move) == "card-lever"
    assert pick_steps(move) == [["ship:2"], ["site:market"], ["slot:2:3"], ["slot:2:2"],
                                ["card:decoration-burial-chamber"], ["card:entrance"]]


def test_c7_the_chisels_two_slots_are_one_step_in_either_order():
    move = {"type": "play", "card": "chisel", "places": [{"ship": 2, "slot": 2}, {"ship": 2, "slot": 4}]}
    assert pick_steps(move) == [["slot:2:2", "slot:2:4"]]


def test_c6_1_a_pair_kept_from_face_down_cards_stays_in_the_list():
    move = {"type": "sail", "ship": 1, "site": "market", "take": [{"pair": "statue"}]}
    assert pick_steps(move) is None


def test_placing_and_getting_stones_are_not_board_picks():
    assert pick_kind({"type": "place", "ship": 1, "slot": 1}) is None
    assert pick_steps({"type": "get-stones"}) is None


@pytest.mark.parametrize("seed", range(3))
def test_no_two_legal_moves_share_their_board_taps(seed):
    record = random_record(random.Random(seed), players=4)
    game = default_registry().game(record["game"])
    replay = default_registry().replay(record)
    for state in replay.states[:-1]:
        seen: dict[tuple, dict] = {}
        for move in (game.move_to_json(m) for m in game.legal_moves(state)):
            steps = pick_steps(move)
            if steps is None:
                continue
            taps = (pick_kind(move), tuple(tuple(sorted(group)) for group in steps))
            assert taps not in seen, (move, seen.get(taps))
            seen[taps] = move
