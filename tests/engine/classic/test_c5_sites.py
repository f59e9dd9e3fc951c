"""C5 sites, side A, through real moves (including the C10 checks that concern play)."""

from rules_engine.classic.components import PYRAMIDS_A_VALUES
from rules_engine.classic.game import apply_move, legal_moves
from rules_engine.classic.moves import Place, Sail

from .classic_helpers import CARDS_2, deck_order, play, start

TEMPLE_ROUND_1 = (
    "place 1 1",
    "place 1 2",
    "place 1 3",
    "place 1 4",
    "sail 1 temple",
    "place 3 1",
    "get",
    "sail 3 burial-chamber",
    "place 4 1",
    "get",
    "sail 4 obelisks",
    "place 2 1",
    "place 2 2",
    "sail 2 market take=statue,statue",
)
TEMPLE_ROUND_2 = (
    "place 3 1",
    "place 4 1",
    "get",
    "sail 4 temple",
    "sail 3 burial-chamber",
    "place 1 1",
    "place 1 2",
    "get",
    "sail 1 obelisks",
    "place 2 1",
    "place 2 2",
    "sail 2 market take=statue,statue",
)


def temple_game():
    return start(2, cards=[[4, 3, 2, 1], [3, 3, 2, 2], *CARDS_2[2:]], draws=deck_order(*["statue"] * 8))


def test_c10_c5_2_pyramids_a_values_in_delivery_order():
    # black, brown, black, white from ship 1, then grey by an entrance card -> 5 / 1 / 2 / 4
    s = start(4, draws=deck_order("entrance", "statue", "statue", "statue"))
    s = play(s, "place 1 1", "place 1 4", "place 1 2", "place 4 1", "place 1 3", "get", "sail 1 pyramids")
    assert s.track == (5, 2, 1, 0)
    s = play(s, "sail 4 market take=entrance")
    assert s.track == (5, 2, 1, 4)
    assert [s.colours[p] for p in s._pyr] == ["black", "brown", "black", "white", "grey"]


def test_c5_2_pyramids_a_stones_after_the_14th_score_one():
    # Ships go to the pyramids, burial chamber, obelisks and market only, so the track holds
    # exactly the pyramid values (red cards put stones there too, by the same table).
    s = start(2, cards=[[4, 4, 3, 3]] * 6)
    while not s.over:
        moves = legal_moves(s)
        sails = [m for m in moves if isinstance(m, Sail) and m.site != "temple"]
        pyramids = [m for m in sails if m.site == "pyramids"]
        places = [m for m in moves if isinstance(m, Place)]
        s = apply_move(s, (pyramids or places or sails or moves)[0])
    values = (*PYRAMIDS_A_VALUES, *[1] * (len(s._pyr) - 14))
    assert len(s._pyr) > 14
    assert sum(s.track) == sum(values[: len(s._pyr)])


def test_c10_c5_3_temple_a_scores_visible_stones_at_each_round_end():
    s = play(temple_game(), *TEMPLE_ROUND_1[:-1])
    assert s.track == (0, 0)  # nothing until the round ends
    s = play(s, TEMPLE_ROUND_1[-1])
    assert s.track == (2, 2)  # black, white, black, white
    s = play(s, *TEMPLE_ROUND_2)
    # a fifth (white) stone covers space 1: black 1, white 3
    assert s.track == (2 + 1, 2 + 3)
    assert [s.colours[p] for p in s._temple] == ["black", "white", "black", "white", "white"]


def test_c5_4_burial_chamber_fills_columns_top_to_bottom():
    s = play(temple_game(), *TEMPLE_ROUND_1, *TEMPLE_ROUND_2)
    from rules_engine.classic.finalboard import burial_columns

    assert burial_columns(s) == [["white", "black", None]]


def test_c5_5_obelisks_a_stack_each_players_stones():
    s = play(temple_game(), *TEMPLE_ROUND_1, *TEMPLE_ROUND_2)
    assert s._obel == (2, 1)


def test_c5_1_market_a_each_stone_takes_a_card_in_unload_order_and_goes_home():
    s = start(4, draws=deck_order("lever", "statue", "hammer", "decoration-temple"))
    s = play(s, "place 2 1", "place 2 2", "place 2 3", "sail 2 market take=hammer,lever,decoration-temple")
    assert s._blue[0] == ("hammer",) and s._blue[1] == ("lever",)
    assert s._green[2] == ("temple",)
    assert list(s._market) == ["statue"]
    assert s.quarry[:3] == (29, 28, 27) and s.sled[:3] == (1, 2, 3)  # each stone went home


def test_c9_reached_counts_building_sites_not_the_market():
    s = play(temple_game(), *TEMPLE_ROUND_1)
    from rules_engine.classic.finalboard import reached

    assert reached(s, 0) == ["temple", "obelisks"]
    assert reached(s, 1) == ["temple", "burial-chamber"]


def test_c7_red_cards_act_at_once_and_count_as_reached():
    s = start(4, draws=deck_order("sarcophagus", "paved-path", "entrance", "statue"))
    s = play(s, "place 2 1", "place 2 2", "place 2 3", "sail 2 market take=sarcophagus,paved-path,entrance")
    assert [s.colours[p] for p in s._burial] == ["black"]
    assert s._obel == (0, 1, 0, 0)
    assert s.track[2] == 2  # brown's entrance stone is the first on the pyramids
    assert s.discard_count == 3 and not any(s._blue)
    from rules_engine.classic.finalboard import reached

    assert reached(s, 0) == ["burial-chamber"] and reached(s, 1) == ["obelisks"]
    # each took a stone from the quarry for the red card, and got the unloaded stone back
    assert s.quarry[:3] == (28, 27, 26)
