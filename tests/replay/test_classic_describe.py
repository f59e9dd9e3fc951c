"""Base-game moves in words (classic_describe), one test per move kind (F4, C4, C7)."""

import re
from collections import Counter

import pytest

from games.ui.classic.describe import card_name, describe_move
from rules_engine.classic.components import CARDS
from rules_engine.registry import default_registry
from tests.kit import random_record
from tests.replay.classic_fixtures import STATE, state

# In STATE Ben (white) is to move; ship 1 holds black, -, white, brown (bow first).


def test_c4_1_get_stones_counts_what_fits_on_the_sled():
    s = state(to_move=0)  # Ana: sled 3 of 5 → 2 stones fit
    assert describe_move(s, {"type": "get-stones"}).text == "Ana gets 2 stones from the quarry (C4.1)"


def test_c4_2_place_names_ship_and_slot_and_highlights_it():
    story = describe_move(STATE, {"type": "place", "ship": 3, "slot": 2})
    assert story.text == "Ben places a stone on ship 3, slot 2"
    assert story.placed == {(3, 2)} and story.mover == 1


def test_c4_3_sail_to_a_site_lists_the_owners_bow_to_stern():
    story = describe_move(STATE, {"type": "sail", "ship": 1, "site": "temple"})
    assert story.text == "Ben sails ship 1 (3 stones) to the temple: Ana, Ben, Cy"
    assert story.sailed == {1} and story.sites == {"temple"}


def test_c5_1_sail_to_the_market_says_who_takes_which_card():
    move = {"type": "sail", "ship": 1, "site": "market", "take": ["statue", "lever", "paved-path"]}
    assert describe_move(STATE, move).text == (
        "Ben sails ship 1 (3 stones) to the market: Ana takes statue, Ben takes lever, Cy takes paved path"
    )


def test_c6_1_market_b_pair_is_described():
    move = {"type": "sail", "ship": 4, "site": "market", "take": [{"pair": "statue"}]}
    text = describe_move(STATE, move).text
    assert text == "Ben sails ship 4 (1 stone) to the market: Cy takes the pair, keeps statue"


def test_c7_lever_unloads_in_the_chosen_order():
    move = {
        "type": "play",
        "card": "lever",
        "ship": 1,
        "site": "market",
        "order": [4, 3, 1],
        "take": ["statue", "lever", "paved-path"],
    }
    text = describe_move(STATE, move).text
    assert text == (
        "Ben plays lever: sails ship 1 (3 stones) to the market: Cy takes statue, Ben takes lever, "
        "Ana takes paved path (unloading slots 4, 3, 1)"
    )


def test_c7_hammer_gets_stones_then_places():
    s = state(to_move=2)  # Cy: sled 0, quarry 18 → 3 stones
    story = describe_move(s, {"type": "play", "card": "hammer", "ship": 3, "slot": 1})
    assert story.text == "Cy plays hammer: gets 3 stones, then places a stone on ship 3, slot 1"
    assert story.placed == {(3, 1)}


def test_c7_sail_card_places_then_sails_with_the_new_stone():
    move = {"type": "play", "card": "sail", "ship": 1, "slot": 2, "site": "obelisks"}
    story = describe_move(STATE, move)
    assert story.text == (
        "Ben plays sail: places a stone on ship 1, slot 2, then sails "
        "ship 1 (4 stones) to the obelisks: Ana, Ben, Ben, Cy"
    )
    assert story.placed == {(1, 2)} and story.sailed == {1}


def test_c7_chisel_places_two_stones():
    move = {"type": "play", "card": "chisel", "places": [{"ship": 1, "slot": 2}, {"ship": 3, "slot": 1}]}
    story = describe_move(STATE, move)
    assert story.text == "Ben plays chisel: places stones on ship 1, slot 2 and ship 3, slot 1"
    assert story.placed == {(1, 2), (3, 1)}


def test_c3_pass():
    assert describe_move(STATE, {"type": "pass"}).text == "Ben passes (no legal action, C3 ruling)"


def test_b_side_choices_are_shown_as_given():
    move = {"type": "sail", "ship": 4, "site": "pyramids", "pyramid": [2]}
    assert describe_move(STATE, move).text.endswith("to the pyramids: Cy (pyramid: [2])")


def test_after_state_adds_points_scored_and_the_round_end():
    after = state(round=3)
    after["players"][0]["track"] += 3
    after["players"][2]["track"] += 1
    text = describe_move(STATE, {"type": "sail", "ship": 1, "site": "pyramids"}, after=after).text
    assert text.endswith("; scores Ana +3, Cy +1; round 2 ends (C3.4)")


def test_c8_game_over_is_said():
    text = describe_move(STATE, {"type": "sail", "ship": 1, "site": "temple"}, after=state(over=True)).text
    assert text.endswith("; the game is over (C8)")


def test_card_names_for_people():
    assert [card_name(c) for c in ("decoration-burial-chamber", "paved-path", "statue")] == [
        "burial chamber decoration",
        "paved path",
        "statue",
    ]


def _held(player) -> Counter:
    cards = player["cards"]
    return (
        Counter(cards["blue"])
        + Counter(f"decoration-{g}" if not g.startswith("decoration-") else g for g in cards["green"])
        + Counter({"statue": cards["purple"]})
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c4_3_words_on_real_games_name_who_took_which_kept_card(players):
    """Every move of a random game is described; at the market, the kept cards (not red,
    C7) each sentence gives a player are exactly those the engine added to their hand."""
    record = random_record(80 + players, players=players, game="classic", sides={})  # Market A: one card a stone
    gt = default_registry().game("classic")
    replay = default_registry().replay(record)
    states = [gt.state_to_json(s, record) for s in replay.states]
    ids = {card_name(c): c for c in CARDS}
    checked = 0
    for k, move in enumerate(gt.move_to_json(m) for m in replay.moves):
        before, after = states[k], states[k + 1]
        text = describe_move(before, move, record["players"], after=after).text
        assert text.startswith(record["players"][before["to_move"]]) and "?" not in text, (k, text)
        if move.get("site") != "market" or move["type"] != "sail":
            continue
        for i, name in enumerate(record["players"]):
            said = Counter(ids[c] for c in re.findall(rf"{name} takes ([a-z ]+?)(?:,|$|;)", text))
            said = Counter({c: n for c, n in said.items() if CARDS[c][0] != "red"})
            assert said == _held(after["players"][i]) - _held(before["players"][i]), (k, text)
        checked += 1
    assert checked > 0
