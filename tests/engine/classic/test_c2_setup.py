"""C2 setup from an F4 record header (formats.md F4), and header errors."""

import random

import pytest

from rules_engine.classic.components import DECK, ROUND_CARDS
from rules_engine.classic.game import new_record, setup, shuffled_setup
from rules_engine.classic.playout import random_header
from rules_engine.classic.record import replay
from rules_engine.errors import RecordError

from .classic_helpers import deck_order, record, start


def test_c2_3_seats_start_with_2_3_4_5_stones_on_the_sled():
    s = start(4)
    assert s.sled == (2, 3, 4, 5)
    assert s.quarry == (28, 27, 26, 25)
    assert s.to_move == 0 and s.round == 1 and s.track == (0, 0, 0, 0)


def test_c2_colours_default_to_seat_order_and_may_be_chosen():
    assert start(3).colours == ("black", "white", "brown")
    assert start(2, colours=["grey", "white"]).colours == ("grey", "white")


def test_c3_2_market_a_reveals_the_first_four_draws():
    s = start(4, draws=deck_order("lever", "statue", "entrance", "statue"))
    assert list(s._market) == ["lever", "statue", "entrance", "statue"]
    assert s.deck_count == 30 and s.draws_used == 4


def test_c6_1_market_b_reveals_three_face_up_and_a_pair():
    s = start(4, sides={"market": "B"}, draws=deck_order("lever", "statue", "entrance", "hammer", "sail"))
    assert list(s._market) == ["lever", "statue", "entrance"]
    assert list(s._pair) == ["hammer", "sail"]


@pytest.mark.parametrize(
    "change, needle",
    [
        ({"game": "duel"}, 'game must be "classic"'),
        ({"players": ["Ana"]}, "players must list the 2-4 player names"),
        ({"players": ["Ana", ""]}, "players[1] must be a non-empty name"),
        ({"colours": ["black", "black", "white", "grey"]}, "colours must be distinct"),
        ({"colours": ["black", "pink", "white", "grey"]}, "colours[1] must be one of"),
        ({"sides": {"market": "C"}}, 'sides.market must be "A" or "B"'),
        ({"sides": {"harbour": "A"}}, "unknown site 'harbour'"),
        ({"variants": "pharaohs-wrath"}, "variants must be a list"),
        ({"extra": 1}, "unknown field 'extra'"),
    ],
)
def test_f4_header_errors_name_the_field(change, needle):
    rec = {**record(4), **change}
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move is None
    assert needle in err.value.reason


def test_c1_a_round_card_the_ship_tokens_cannot_supply_is_refused():
    cards = [[4, 4, 4, 1]] + [[4, 3, 2, 1]] * 5
    with pytest.raises(RecordError) as err:
        setup(record(4, cards=cards))
    assert "setup.round_cards[0] [4, 4, 4, 1] cannot be made from the 8 ship tokens" in err.value.reason


def test_c2_1_six_round_cards_are_needed():
    with pytest.raises(RecordError, match="must list the 6 round cards"):
        setup(record(4, cards=[[4, 3, 2, 1]] * 5))


def test_f4_an_unknown_market_card_names_its_index():
    draws = deck_order()
    draws[2] = "scarab"
    with pytest.raises(RecordError, match=r"setup.market_draws\[2\]: unknown market card 'scarab'"):
        setup(record(4, draws=draws))


def test_f4_a_draw_of_a_card_not_left_in_the_deck_names_the_draw():
    # only 2 levers exist (C7)
    with pytest.raises(RecordError) as err:
        setup(record(4, draws=["lever", "lever", "lever", "statue"]))
    assert "setup.market_draws[2] is lever, but no lever is left in the deck" in err.value.reason


def test_f4_too_few_draws_for_the_first_market_is_a_setup_error():
    with pytest.raises(RecordError, match=r"needs market card 4, but setup\.market_draws lists only 3 cards"):
        setup(record(4, draws=["statue", "statue", "lever"]))


@pytest.mark.parametrize(
    "site, needle",
    [
        ("pyramids", "pyramids side B cannot be played or scored yet"),
        ("temple", "temple side B cannot be played or scored yet"),
        ("obelisks", "obelisks side B cannot be played or scored yet"),
        ("burial-chamber", "burial chamber side B cannot be played or scored yet"),
    ],
)
def test_c6_a_b_side_without_board_data_is_refused_naming_the_side(site, needle):
    with pytest.raises(RecordError) as err:
        setup(record(4, sides={site: "B"}))
    assert f"sides.{site}" in err.value.reason and needle in err.value.reason
    assert "a club admin can enter this board data" in err.value.reason
    assert "classic.md" not in str(err.value.reason)  # the player reads no rule file's name


def test_c6_1_market_b_needs_no_board_data():
    assert setup(record(4, sides={"market": "B"})).sides["market"] == "B"


def test_c9_an_unknown_variant_is_refused_by_the_engine():
    # Called directly (not through the registry), only the game's own variant is known.
    with pytest.raises(RecordError) as err:
        setup(record(4, variants=["pharaohs-wrath", "sandstorm"]))
    assert err.value.move is None and err.value.rule == "C9"
    assert "variants[1]: unknown variant 'sandstorm' for classic; known: pharaohs-wrath" in err.value.reason


def test_c9_pharaohs_wrath_is_accepted_by_the_engine():
    assert replay(record(4, variants=["pharaohs-wrath"])).header.variants == ("pharaohs-wrath",)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c2_shuffled_setup_deals_six_round_cards_and_the_34_market_cards(players):
    dealt = shuffled_setup(random.Random(7), players)
    assert len(dealt["round_cards"]) == 6 and len(set(map(tuple, dealt["round_cards"]))) == 6
    assert all(tuple(c) in ROUND_CARDS[players] for c in dealt["round_cards"])
    assert sorted(dealt["market_draws"]) == sorted(DECK.elements())


def test_c2_shuffled_setup_is_the_same_for_a_seed():
    assert shuffled_setup(random.Random(7), 4) == shuffled_setup(random.Random(7), 4)
    assert shuffled_setup(random.Random(7), 4) != shuffled_setup(random.Random(8), 4)


def test_c2_new_record_stores_the_seeds_deal_and_the_seed():
    rec = new_record(["Ana", "Ben", "Cy"], 42)
    assert rec["setup"] == {**shuffled_setup(random.Random(42), 3), "seed": 42}
    assert rec["colours"] == ["black", "white", "brown"] and rec["moves"] == []
    assert replay(rec).state.draws_used == 4  # C3.2: round 1's market is turned up


def test_c2_random_playouts_deal_as_live_entry_does():
    header = random_header(random.Random(5), 3)
    dealt = shuffled_setup(random.Random(5), 3)
    assert [list(c) for c in header.round_cards] == dealt["round_cards"]
    assert list(header.market_draws) == dealt["market_draws"]
