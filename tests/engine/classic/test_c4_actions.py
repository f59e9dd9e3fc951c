"""C4 actions: get stones, place a stone, sail a ship; one action per turn."""

import pytest

from rules_engine.classic.game import apply_move, legal_moves
from rules_engine.classic.moveparse import parse_move
from rules_engine.classic.moves import GetStones
from rules_engine.errors import IllegalMoveError

from .classic_helpers import mv, play, start


def test_c4_1_get_stones_takes_up_to_three():
    s = play(start(4), "get")
    assert s.sled[0] == 5 and s.quarry[0] == 25  # 2 + 3
    s = play(s, "get")  # seat 2: 3 on the sled, room for 2
    assert s.sled[1] == 5 and s.quarry[1] == 25


def test_c4_1_get_stones_with_a_full_sled_is_illegal():
    s = play(start(4), "get", "get", "get")  # seat 4 has 5 already
    assert s.sled[3] == 5
    assert GetStones() not in legal_moves(s)
    with pytest.raises(IllegalMoveError, match="grey cannot get stones: the sled is full") as err:
        apply_move(s, mv("get"))
    assert err.value.rule == "C4.1"


def test_c4_2_place_moves_a_stone_from_the_sled_to_an_empty_slot():
    s = play(start(4), "place 1 2")
    assert s.sled[0] == 1 and s._slots[1] == 0 and s.to_move == 1


@pytest.mark.parametrize(
    "move, needle",
    [
        ("place 1 1", "ship 1 slot 1 already holds a black stone"),
        ("place 4 2", "ship 4 has 1 slot, no slot 2"),
    ],
)
def test_c4_2_place_errors_name_ship_and_slot(move, needle):
    s = play(start(4), "place 1 1")
    with pytest.raises(IllegalMoveError, match=needle):
        apply_move(s, mv(move))


def test_c4_2_place_needs_a_stone_on_the_sled():
    s = play(
        start(4),
        "place 1 1",
        "place 2 1",
        "place 3 1",
        "place 4 1",
        "place 1 2",
        "place 2 2",
        "place 3 2",
        "sail 4 obelisks",
    )
    assert s.sled[0] == 0
    with pytest.raises(IllegalMoveError, match="black has no stone on the sled"):
        apply_move(s, mv("place 1 3"))


def test_c4_3_a_ship_needs_its_minimum_load_to_sail():
    s = play(start(4), "place 1 1", "place 1 2")  # ship 1 capacity 4 needs 3
    with pytest.raises(IllegalMoveError, match=r"ship 1 \(capacity 4\) holds 2 stones; it needs at least 3"):
        apply_move(s, mv("sail 1 pyramids"))


def test_c4_3_one_ship_per_site_per_round():
    s = play(start(4), "place 4 1", "place 3 1", "sail 4 burial-chamber")
    with pytest.raises(IllegalMoveError, match="the burial chamber already has ship 4 docked this round") as err:
        apply_move(s, mv("sail 3 burial-chamber"))
    assert err.value.rule == "C4.3"


def test_c4_3_a_sailed_ship_takes_no_more_stones_and_cannot_sail_again():
    s = play(start(4), "place 4 1", "sail 4 obelisks")
    with pytest.raises(IllegalMoveError, match="ship 4 has already sailed this round"):
        apply_move(s, mv("place 4 1"))
    with pytest.raises(IllegalMoveError, match="ship 4 has already sailed"):
        apply_move(s, mv("sail 4 temple"))


def test_c4_3_a_ship_may_sail_without_any_of_the_movers_stones():
    s = play(start(4), "place 4 1", "sail 4 obelisks")  # white sails black's stone
    assert s._obel == (1, 0, 0, 0)


def test_c4_3_unloading_goes_bow_to_stern_skipping_empty_slots():
    s = play(start(4), "place 1 4", "place 1 2", "place 1 1", "sail 1 pyramids")
    # order: slot 1 brown, slot 2 white, slot 4 black -> values 2, 1, 3 (C5.2)
    assert s.track == (3, 1, 2, 0)


def test_c4_4_playing_a_blue_card_one_does_not_hold_is_illegal():
    s = start(4)
    with pytest.raises(IllegalMoveError, match="black holds no hammer card") as err:
        apply_move(s, mv("hammer 1 1"))
    assert err.value.rule == "C4.4"


@pytest.mark.parametrize(
    "data, needle",
    [
        ({"type": "fly"}, "unknown move type"),
        ({"type": "place", "ship": 5, "slot": 1}, "ship must be a whole number 1–4"),
        ({"type": "place", "ship": 1}, "needs field 'slot'"),
        ({"type": "sail", "ship": 1, "site": "harbour"}, "unknown site"),
        ({"type": "sail", "ship": 1, "site": "market", "take": ["scarab"]}, "unknown market card"),
        ({"type": "play", "card": "statue"}, "card must be one of the blue cards"),
        ({"type": "play", "card": "chisel", "places": [{"ship": 1, "slot": 1}, {"ship": 1, "slot": 1}]}, "twice"),
        ({"type": "get-stones", "ship": 1}, "unknown field"),
    ],
)
def test_f4_malformed_moves_are_rejected_with_a_reason(data, needle):
    with pytest.raises(IllegalMoveError, match=needle):
        parse_move(data)


def test_f4_move_json_round_trips():
    for text in (
        "get",
        "place 1 2",
        "sail 2 market take=statue,pair:lever",
        "lever 1 temple 2,1,3",
        "hammer 1 2",
        "sailcard 1 2 obelisks",
        "chisel 2.1 1.1",
        "pass",
    ):
        m = mv(text)
        assert parse_move(m.to_json()) == m


def test_c7_chisel_places_in_either_order_are_the_same_move():
    assert mv("chisel 2.1 1.1") == mv("chisel 1.1 2.1")
