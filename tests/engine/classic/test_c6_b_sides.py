"""C6 B sides in play (Pyramids B, Temple B, Obelisks B), driven by board data.

The real B-side numbers are unknown (classic.md C6 ⚠), so these tests use FICTIONAL, an
obviously made-up data set: it exists only to exercise the mechanics and is NOT the game's
data (never ship it)."""

import random

import pytest

from rules_engine.classic.game import apply_move, legal_moves, setup
from rules_engine.classic.invariants import check_invariants
from rules_engine.classic.moves import Sail
from rules_engine.classic.playout import random_header, random_record
from rules_engine.classic.record import replay
from rules_engine.classic.sitecheck import from_mapping
from rules_engine.errors import IllegalMoveError

from .classic_helpers import deck_order, mv, record
from .test_c5_sites import TEMPLE_ROUND_1

FICTIONAL_RAW = {  # made-up numbers for tests only (classic.md C6 ⚠: the real ones are unknown)
    "pyramids_b": {
        "pyramids": [
            [
                {"level": 1, "value": 1, "bonus": "card"},
                {"level": 1, "value": 2, "bonus": None},
                {"level": 2, "value": 4, "bonus": None},
            ],
            [{"level": 1, "value": 1, "bonus": "stones"}, {"level": 1, "value": 1, "bonus": "place"}],
            [{"level": 1, "value": 2, "bonus": None}],
        ],
        "overflow": 1,
    },
    "temple_b": {
        "spaces": {
            2: ["point-or-stones", "two-points", "card", "two-points"],
            3: ["point-or-stones", "two-points", "card", "two-points", "point-or-stones"],
            4: ["point-or-stones", "two-points", "card", "two-points", "point-or-stones"],
        }
    },
    "burial_chamber_b": {"points": {2: [5, 1], 3: [6, 3, 1], 4: [8, 4, 2, 1]}},
    "obelisks_b": {"towers": [5, 9, 2]},
}
FICTIONAL = from_mapping(FICTIONAL_RAW)
ALL_B = dict.fromkeys(("market", "pyramids", "temple", "burial-chamber", "obelisks"), "B")


def run(state, *texts):
    for t in texts:
        state = apply_move(state, mv(t))
        check_invariants(state)
    return state


def pyramids_game():
    rec = record(4, sides={"pyramids": "B"}, draws=deck_order("statue", "statue", "statue", "statue", "lever"))
    return setup(rec, FICTIONAL)


def test_c6_2_pyramids_b_each_owner_chooses_the_pyramid_and_gets_its_bonus():
    s = run(pyramids_game(), "place 1 1", "place 1 2", "place 1 3", "sail 1 pyramids pyramids=1,1,2")
    # black: pyramid 1 space 1 (1 + the top market card), white: space 2 (2),
    # brown: pyramid 2 space 1 (1 + stones: brown's sled 3 -> 5)
    assert s.track == (1, 2, 1, 0)
    assert s._blue[0] == ("lever",) and s.draws_used == 5
    assert s.sled[2] == 5
    assert [list(p) for p in s._pyrb] == [[0, 1], [2], []]


def four_on_the_pyramids():
    rec = record(4, sides={"pyramids": "B"}, draws=deck_order("entrance", "statue", "statue", "statue", "lever"))
    return run(setup(rec, FICTIONAL), "place 1 1", "place 1 2", "place 1 3", "place 1 4")


def test_c6_2_pyramids_b_place_bonus_puts_a_stone_on_a_ship():
    s = run(four_on_the_pyramids(), "sail 1 pyramids pyramids=2,2,1,1 bonus=3.1")
    # black: pyramid 2 space 1 (1 + 3 stones), white: pyramid 2 space 2 (1 + places a stone on
    # ship 3), brown: pyramid 1 space 1 (1 + the top card), grey: pyramid 1 space 2 (2)
    assert s.track == (1, 1, 1, 2)
    assert s.sled[0] == 1 + 3 and s._slots[2 * 4] == 1 and s.sled[1] == 1
    assert s._blue[2] == ("lever",)


def test_c6_2_pyramids_b_a_red_card_stone_chooses_too_and_the_second_level_scores_four():
    s = run(
        four_on_the_pyramids(),
        "sail 1 pyramids pyramids=2,2,1,1 bonus=3.1",
        "place 4 1",
        "sail 4 market take=entrance pyramids=1",
    )
    assert s.track == (1, 1 + 4, 1, 2)


def test_c6_2_pyramids_b_only_open_pyramids_may_be_chosen():
    s = run(pyramids_game(), "place 1 1", "place 1 2", "place 1 3")
    with pytest.raises(IllegalMoveError, match=r"pyramids\[2\] is 3, but the choices are 1, 2") as err:
        apply_move(s, mv("sail 1 pyramids pyramids=3,1,3"))
    assert err.value.rule == "C6.2"
    with pytest.raises(IllegalMoveError, match="the move's pyramids list has no entry 2"):
        apply_move(s, mv("sail 1 pyramids pyramids=1,1"))


def test_c6_2_pyramids_b_a_place_bonus_choice_is_required():
    with pytest.raises(IllegalMoveError, match="bonus_places list has no entry 0"):
        apply_move(four_on_the_pyramids(), mv("sail 1 pyramids pyramids=2,2,1,1"))
    declined = run(four_on_the_pyramids(), "sail 1 pyramids pyramids=2,2,1,1 bonus=-")
    assert declined.sled[1] == 2


def test_c6_2_pyramids_b_legal_moves_list_every_choice():
    s = run(pyramids_game(), "place 1 1", "place 1 2", "place 1 3")
    sails = [m for m in legal_moves(s) if isinstance(m, Sail) and m.site == "pyramids"]
    # three stones, each choosing one of the open pyramids
    assert len(sails) == len(set(sails)) >= 3 * 3 * 2
    assert Sail(1, "pyramids", pyramids=(1, 1, 2)) in sails


def temple_b_game(draws):
    cards = [[4, 3, 2, 1], [3, 3, 2, 2], [3, 3, 2, 2], [4, 2, 2, 1], [4, 3, 3, 1], [4, 3, 2, 2]]
    return setup(record(2, cards=cards, sides={"temple": "B"}, draws=draws), FICTIONAL)


def test_c6_3_temple_b_bonuses_at_round_end():
    s = temple_b_game(deck_order(*["statue"] * 4, "hammer"))
    s = run(s, *TEMPLE_ROUND_1[:-1])
    sled = s.sled[0]
    s = run(s, TEMPLE_ROUND_1[-1] + " temple=stones")
    # tops black, white, black, white on point-or-stones, two-points, card, two-points
    assert s.track == (0, 4)
    assert s.sled[0] == sled + 2 and s._blue[0] == ("hammer",)


def test_c6_3_temple_b_point_choice_and_a_missing_choice():
    s = run(temple_b_game(deck_order(*["statue"] * 4, "hammer")), *TEMPLE_ROUND_1[:-1])
    assert run(s, TEMPLE_ROUND_1[-1] + " temple=point").track == (1, 4)
    with pytest.raises(IllegalMoveError, match="the move's temple list has no entry 0") as err:
        apply_move(s, mv(TEMPLE_ROUND_1[-1]))
    assert err.value.rule == "C6.3"


def test_c6_5_obelisks_b_a_third_loose_stone_builds_the_highest_free_tower():
    s = setup(record(2, cards=[[4, 3, 2, 1]] * 6, sides={"obelisks": "B"}), FICTIONAL)
    s = run(s, "place 1 1", "place 1 4", "place 1 2", "place 2 1", "get", "place 2 2", "place 1 3", "sail 1 obelisks")
    assert s._towers == (0,) and s._obel == (0, 1)
    assert s.track == (9, 0)


# ---- random games on the B sides (the general legal-move search)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c6_random_b_side_games_keep_the_invariants_and_replay_identically(players):
    for seed in range(3):
        rec = random_record(random.Random(seed), players, sides=ALL_B, data=FICTIONAL)
        rep = replay(rec, FICTIONAL)
        assert rep.finished
        for s in rep.states:
            check_invariants(s)
        assert replay(rec, FICTIONAL).states == rep.states


def test_c6_b_side_playout_draws_what_rng_choice_of_legal_moves_draws():
    rec = random_record(random.Random(11), 3, sides=ALL_B, data=FICTIONAL)
    rng = random.Random(11)
    random_header(rng, 3, ALL_B)
    rng.getrandbits(64)
    state = setup(rec, FICTIONAL)
    for expected in rec["moves"]:
        moves = legal_moves(state)
        move = moves[0] if len(moves) == 1 and moves[0].kind == "pass" else rng.choice(moves)
        assert move.to_json() == expected
        state = apply_move(state, move)
    assert state.over


def test_c6_b_side_legal_moves_are_exactly_what_apply_move_accepts():
    # Candidates: every legal move, and each with one choice list changed or cut short.
    rec = random_record(random.Random(4), 4, sides=ALL_B, data=FICTIONAL)
    for state in replay(rec, FICTIONAL).states[:-1:7]:
        legal = set(legal_moves(state))
        for move in legal:
            apply_move(state, move)
            data = move.to_json()
            for key in ("pyramids", "temple", "bonus_places", "take"):
                if key in data:
                    for variant in (data[key][:-1], [*data[key], data[key][-1]]):
                        with pytest.raises(IllegalMoveError):
                            apply_move(state, {**data, key: variant})


def test_c7_discards_are_reshuffled_into_a_new_deck():
    # Market B and card bonuses turn up more than the 34 cards over a game.
    reshuffled = 0
    for seed in range(6):
        rec = random_record(random.Random(seed), 4, sides=ALL_B, data=FICTIONAL)
        if len(rec["setup"]["market_draws"]) > 34:
            reshuffled += 1
            for s in replay(rec, FICTIONAL).states:
                check_invariants(s)
    assert reshuffled
