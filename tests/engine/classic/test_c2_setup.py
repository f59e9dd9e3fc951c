"""C2 setup from an F4 record header (formats.md F4), and header errors."""

import pytest

from rules_engine.classic.game import setup
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
    with pytest.raises(RecordError, match=r"needs market draw 3, but setup\.market_draws lists only 3 cards"):
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
    assert "⚠" in err.value.reason


def test_c6_1_market_b_needs_no_board_data():
    assert setup(record(4, sides={"market": "B"})).sides["market"] == "B"
