"""Market draws beyond F4 ``setup.market_draws`` in a seeded game (docs/rulings.md F4
``setup.seed``): B sides draw more than the 34 cards (Market B, card bonuses, then the
reshuffled discards, C7), and live entry stores only the 34 it shuffled. A whole-number seed
deals each further draw from the cards in the deck at that moment, so `legal_moves` never
offers a move `apply_move` refuses for lack of draws."""

import random
from collections import Counter

import pytest

from rules_engine.classic.components import DECK
from rules_engine.classic.deck import dealt_index
from rules_engine.classic.game import apply_move, legal_moves, new_record, setup
from rules_engine.classic.invariants import check_invariants
from rules_engine.classic.record import replay
from rules_engine.errors import RecordError

from .classic_helpers import deck_order, record
from .test_c6_b_sides import ALL_B, FICTIONAL

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def play_to_the_end(rec: dict, rng: random.Random):
    """Every ply a move chosen from `legal_moves` and applied; the record with its moves and
    the last state."""
    state = setup(rec, FICTIONAL)
    moves = []
    while not state.over:
        move = rng.choice(legal_moves(state))
        state = apply_move(state, move)  # never refused: that is the point
        moves.append(move.to_json())
    return {**rec, "moves": moves}, state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c7_a_seeded_b_side_game_offers_only_moves_it_accepts_beyond_the_34_cards(players):
    beyond = 0
    for seed in range(3):
        rec, last = play_to_the_end(new_record(NAMES[:players], seed, sides=ALL_B), random.Random(seed))
        assert len(rec["setup"]["market_draws"]) == 34
        beyond += last.draws_used > 34
        again = replay(rec, FICTIONAL)  # the stored record replays to the same end
        assert again.finished and again.state == last
        for s in again.states:
            check_invariants(s)  # the 34 cards across deck, discards, market and hands
    assert beyond  # the data and seeds do reach the reshuffle, so the test means something


def test_c7_a_seeded_game_plays_on_from_the_seed_where_its_list_ends():
    rec = record(4, draws=deck_order()[:4])  # Market A: round 2 needs draws 4-7
    rec["setup"]["seed"] = 11
    rec, last = play_to_the_end(rec, random.Random(11))
    assert last.draws_used == 24 and last.market_draws[:4] == tuple(deck_order()[:4])
    assert Counter(last.market_draws) <= DECK
    assert replay(rec, FICTIONAL).state == last  # the searches before each move changed nothing


def test_c7_dealt_cards_are_cards_in_the_deck_at_that_moment():
    rec = new_record(NAMES, 3, sides=ALL_B)
    rec["setup"]["market_draws"] = rec["setup"]["market_draws"][:10]  # deal from the 11th on
    _, last = play_to_the_end(rec, random.Random(3))
    first_deck = Counter(last.market_draws[:34])
    assert first_deck == DECK  # until the reshuffle, each card once: the 34 of the box
    assert len(last.market_draws) > 34


@pytest.mark.parametrize("seed", [None, "7", 7.0, True])
def test_f4_without_a_whole_number_seed_a_draw_beyond_the_list_is_refused(seed):
    rec = record(4, draws=deck_order()[:3])
    rec["setup"]["seed"] = seed
    with pytest.raises(RecordError, match=r"needs market card 4, but setup\.market_draws lists only 3 cards"):
        setup(rec)


def test_f4_dealt_index_is_a_pure_function_of_seed_draw_and_deck_size():
    assert dealt_index(5, 40, 12) == dealt_index(5, 40, 12)
    assert {dealt_index(5, k, 12) for k in range(200)} == set(range(12))


# The C7 table's order (classic.md), written out here rather than read from the engine.
C7_TABLE = ["entrance"] * 2 + ["sarcophagus"] * 2 + ["paved-path"] * 2 + [
    f"decoration-{site}" for site in ("pyramids", "temple", "burial-chamber", "obelisks") for _ in range(2)
] + ["statue"] * 10 + ["lever"] * 2 + ["hammer"] * 2 + ["sail"] * 3 + ["chisel"] * 3


@pytest.mark.parametrize("seed", [0, 1, 7, 42, 2026])
def test_f4_seeded_draws_count_the_deck_in_the_c7_table_order(seed):
    """docs/rulings.md F4 ``setup.seed``: draw ``k`` is the card at position
    ``Random(f"classic-market:{seed}:{k}").randrange(n)`` of the deck laid out in C7's order."""
    rec = record(4, sides={"market": "B"}, draws=[])  # round 1's five cards all dealt from the seed
    rec["setup"]["seed"] = seed
    deck, expected = list(C7_TABLE), []
    for k in range(5):
        expected.append(deck.pop(random.Random(f"classic-market:{seed}:{k}").randrange(len(deck))))
    assert list(setup(rec).market_draws) == expected
