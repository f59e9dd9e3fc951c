"""C7 market cards: blue cards as the turn's action (C4.4), Market B's pair (C6.1)."""

import pytest

from rules_engine.classic.game import apply_move, legal_moves
from rules_engine.classic.moves import PlayChisel, PlayHammer, PlayLever, PlaySail
from rules_engine.errors import IllegalMoveError

from .classic_helpers import deck_order, mv, play, start


def holding(card: str):
    """4 players; black takes ``card`` from the market on white's first turn (ship 4 to the
    market), then everyone places once more: black to move, holding the card."""
    s = start(4, draws=deck_order(card, "statue", "statue", "statue"))
    return play(s, "place 4 1", f"sail 4 market take={card}", "place 1 1", "place 1 2")


def test_c7_lever_sails_unloading_in_the_chosen_order():
    s = play(holding("lever"), "place 1 3", "place 2 1", "place 3 1", "place 2 2")
    # ship 1: brown, grey, black; unload 3, 2, 1: black 2, grey 1, brown 3 (C5.2 values)
    s = play(s, "lever 1 pyramids 3,2,1")
    assert s.track == (2, 0, 3, 1)
    assert s._blue[0] == () and s.discard_count == 1


def test_c7_lever_order_must_list_exactly_the_occupied_slots():
    s = play(holding("lever"), "place 1 3", "place 2 1", "place 3 1", "place 2 2")
    with pytest.raises(IllegalMoveError, match=r"the unload order \[3, 1\] must list exactly the occupied slots"):
        apply_move(s, mv("lever 1 pyramids 3,1"))


def test_c7_lever_needs_the_minimum_load():
    s = holding("lever")  # ship 1 holds 2 stones, needs 3
    assert not any(isinstance(m, PlayLever) and m.ship == 1 for m in legal_moves(s))
    with pytest.raises(IllegalMoveError, match="it needs at least 3 to sail"):
        apply_move(s, mv("lever 1 temple 1,2"))


def test_c7_legal_moves_list_every_lever_order():
    s = play(holding("lever"), "place 1 3", "place 2 1", "place 3 1", "place 2 2")
    orders = {m.order for m in legal_moves(s) if isinstance(m, PlayLever) and m.ship == 1 and m.site == "temple"}
    assert len(orders) == 6 and (3, 1, 2) in orders


def test_c7_hammer_gets_stones_then_places_one():
    s = holding("hammer")
    assert s.sled[0] == 1
    s = play(s, "hammer 2 1")
    assert s.sled[0] == 1 + 3 - 1 and s._slots[4] == 0 and s._blue[0] == ()


def test_c7_hammer_with_a_full_sled_only_places():
    s = play(
        holding("hammer"), "get", "place 2 1", "place 2 2", "place 3 1", "get", "place 3 2", "place 1 3", "place 1 4"
    )
    assert s.sled[0] == 5 and s.to_move == 0
    s = play(s, "hammer 2 3")
    assert s.sled[0] == 4 and s._slots[4 + 2] == 0


def test_c7_sail_card_places_then_sails_that_ship():
    s = play(holding("sail"), "get", "get", "get", "get")
    s = play(s, "sailcard 1 3 obelisks")
    assert s._obel == (1, 0, 1, 1) and s._sailed[0] == 4
    assert s.to_move == 1


def test_c7_sail_card_ship_must_then_hold_its_minimum_load():
    s = play(holding("sail"), "get", "get", "get", "get")
    assert PlaySail(2, 1, "temple") not in legal_moves(s)  # capacity 3 needs 2
    with pytest.raises(IllegalMoveError, match=r"ship 2 \(capacity 3\) holds 1 stone; it needs at least 2"):
        apply_move(s, mv("sailcard 2 1 temple"))


def test_c7_chisel_places_two_stones():
    s = play(holding("chisel"), "get", "get", "get", "get")
    s = play(s, "chisel 1.3 2.1")
    assert s._slots[2] == 0 and s._slots[4] == 0 and s.sled[0] == 4 - 2


def test_c7_chisel_needs_two_stones_on_the_sled():
    s = holding("chisel")
    assert s.sled[0] == 1
    assert not any(isinstance(m, PlayChisel) for m in legal_moves(s))
    with pytest.raises(IllegalMoveError, match="black has 1 stone on the sled; the chisel places 2"):
        apply_move(s, mv("chisel 1.3 2.1"))
    s = play(s, "get", "get", "get", "place 2 1")
    assert any(isinstance(m, PlayChisel) for m in legal_moves(s))


def test_c7_chisel_lists_each_pair_of_empty_slots_once():
    s = play(holding("chisel"), "get", "get", "get", "get")
    chisels = [m for m in legal_moves(s) if isinstance(m, PlayChisel)]
    free = 2 + 3 + 2 + 0  # ship 4 has sailed
    assert len(chisels) == len(set(chisels)) == free * (free - 1) // 2


def test_c4_4_a_blue_card_is_the_whole_turn_and_is_discarded():
    s = play(holding("hammer"), "hammer 2 1")
    assert s.to_move == 1 and s.discard_count == 1
    assert not any(isinstance(m, PlayHammer) for m in legal_moves(play(s, "get", "get", "get")))


def test_c6_1_market_b_the_pair_keeps_one_card_and_discards_the_other():
    s = start(4, sides={"market": "B"}, draws=deck_order("statue", "statue", "statue", "lever", "entrance"))
    s = play(s, "place 4 1", "sail 4 market take=pair:lever")
    assert s._blue[0] == ("lever",) and s._pair == () and s.discard_count == 1
    assert list(s._market) == ["statue"] * 3


def test_c6_1_market_b_legal_moves_offer_face_up_cards_and_each_pair_card():
    s = start(4, sides={"market": "B"}, draws=deck_order("statue", "statue", "hammer", "lever", "entrance"))
    s = play(s, "place 4 1")
    takes = {m.take for m in legal_moves(s) if getattr(m, "site", None) == "market"}
    assert takes == {("statue",), ("hammer",), (("pair", "lever"),), (("pair", "entrance"),)}


def test_c5_1_a_market_sail_must_name_one_card_per_stone():
    s = play(start(4, draws=deck_order("statue", "statue", "hammer", "chisel")), "place 2 1", "place 2 2")
    with pytest.raises(IllegalMoveError, match="the move's take list has no entry 1") as err:
        apply_move(s, mv("sail 2 market take=statue"))
    assert err.value.rule == "C5.1"
    with pytest.raises(IllegalMoveError, match="take list has 3 entries, but only 2 such choices arose"):
        apply_move(s, mv("sail 2 market take=statue,statue,statue"))
    with pytest.raises(IllegalMoveError, match=r"take\[0\] is lever, but the choices are statue"):
        apply_move(s, mv("sail 2 market take=lever,statue"))
