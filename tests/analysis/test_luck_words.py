"""The words of "What decided this game" (games/analysis/luck_words.py): what a chance event
turned up, read from the state JSON before and after it (docs/state-json.md), and its figure."""

from games.analysis.luck_words import chance_words, pct


def test_d4_2_a_refill_names_the_move_as_the_move_list_numbers_it():
    words = chance_words({"move": 13, "turned_up": {"obelisk": 2, "tomb-1": 1}},
                         {"supply_count": 12, "reserve_count": 3}, {"supply_count": 9, "reserve_count": 3})
    assert words == "the tokens drawn to refill a boat at move 14"


def test_d4_3_a_reserve_token_is_named_as_such():
    words = chance_words({"move": 20, "turned_up": {"temple-2": 1}},
                         {"supply_count": 0, "reserve_count": 3}, {"supply_count": 0, "reserve_count": 2})
    assert words == "the token turned up from the reserve at move 21"


def test_c2_c7_a_round_card_and_its_market_cards_are_named_by_the_new_round():
    words = chance_words({"move": 40, "turned_up": {"pyramid-b": 1}}, {"round": 3, "deck_count": 20},
                         {"round": 4, "deck_count": 16})
    assert words == "the round card and market cards of round 4"


def test_a_figure_is_signed_whole_percent_points():
    assert [pct(0.184), pct(-0.05), pct(0.001)] == ["+18", "\u22125", "0"]
