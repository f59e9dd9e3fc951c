"""Analysis of games recorded at a physical table (F2 transcription form, F4 setup.transcribed):
the engine knows no draw before the table turns it up, so every playout and every move tried
deals what is still unseen at its position (rules_engine/analysis `dealt`), and a game dealt by
the server tells no playout its real draws either (duel.md D3, classic.md C2, C3)."""

import random
from collections import Counter

import pytest

from rules_engine.analysis import estimate, rank_moves, rank_moves_ucb
from rules_engine.analysis.evaluate import dealt
from rules_engine.classic.components import ROUND_CARDS
from rules_engine.classic.transcription import trimmed_setup
from rules_engine.duel.record import to_transcription
from rules_engine.registry import default_registry
from tests.kit import random_record

DUEL = default_registry().game("duel")
CLASSIC = default_registry().game("classic")


def table_duel(seed: int) -> dict:
    return to_transcription(random_record(seed))


def table_classic(seed: int, players: int = 3, moves: int | None = None) -> dict:
    record = random_record(seed, players, game="classic")
    if moves is not None:
        record = {**record, "moves": record["moves"][:moves]}
    return {**record, "setup": {**trimmed_setup(record), "transcribed": True}}


def test_f2_a_transcribed_duel_is_ranked_at_every_position():
    record = table_duel(7)
    for ply, state in enumerate(DUEL.replay(record).states):
        if not DUEL.is_over(state):
            ranked = rank_moves(DUEL, state, record, playouts=8, rng=random.Random(ply), top=99)
            assert len(ranked) == len(DUEL.legal_moves(state)), ply


def test_f4_a_transcribed_base_game_is_ranked_where_a_round_ends():
    """Sailing the last ship turns up the next round card and market cards the record lacks."""
    record = table_classic(7)
    states = CLASSIC.replay(record).states
    ends = [k for k in range(len(states) - 1) if states[k + 1].round > states[k].round]
    assert ends
    for ply in ends[:2]:
        ranked = rank_moves(CLASSIC, states[ply], record, playouts=8, rng=random.Random(ply), top=99)
        assert len(ranked) == len(CLASSIC.legal_moves(states[ply]))


@pytest.mark.parametrize("rank", [rank_moves, rank_moves_ucb])
def test_a_hint_on_a_transcribed_duel_ranks_best_first(rank):
    record = table_duel(9)
    state = DUEL.replay(record).states[12]
    wins = [v.win for v in rank(DUEL, state, record, playouts=60, rng=random.Random(1))]
    assert wins == sorted(wins, reverse=True)


def test_d3_a_transcribed_duel_deals_the_box_less_every_token_seen():
    record = table_duel(7)
    state = DUEL.replay(record).states[30]
    unseen = Counter(state.unseen)
    for seed in range(5):
        deal = dealt(DUEL, state, random.Random(seed))
        assert Counter(deal.supply) + Counter(t for t in deal.reserve or () if t) == unseen


def test_c2_the_round_cards_to_come_are_drawn_from_those_not_seen():
    record = random_record(8, 3, game="classic")  # dealt by the server: it knows all six
    state = CLASSIC.replay(record).states[20]
    seen = list(state.round_cards[: state.round])
    futures = set()
    for seed in range(12):
        deal = dealt(CLASSIC, state, random.Random(seed))
        assert list(deal.round_cards[: state.round]) == seen
        assert not Counter(deal.round_cards) - Counter(ROUND_CARDS[3])
        futures.add(deal.round_cards[state.round:])
    assert len(futures) > 1  # not the server's own deal every time


def test_c3_no_market_card_beyond_the_position_is_known_to_a_playout():
    record = random_record(8, 3, game="classic")
    state = CLASSIC.replay(record).states[40]
    deal = dealt(CLASSIC, state, random.Random(1))
    assert deal.market_draws == state.market_draws[: state.draws_used]


def test_the_same_transcribed_record_gives_the_same_estimate():
    record = table_classic(11, players=4, moves=30)
    state = CLASSIC.replay(record).states[-1]
    first, second = (estimate(CLASSIC, state, record, playouts=20, rng=random.Random(3)) for _ in range(2))
    assert first == second
