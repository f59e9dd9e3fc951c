"""A base game recorded at the table (F4 ``setup.transcribed``, docs/rulings.md): round cards
and market cards are written down as they turn up, and the game replays to the same states as
the same game dealt in advance."""

import random

import pytest

from rules_engine.classic.playout import random_record
from rules_engine.classic.transcription import needs, round_cards_left, transcribed
from rules_engine.errors import RecordError
from rules_engine.registry import default_registry

GT = default_registry().game("classic")


def public(state) -> dict:
    """What the table shows (the round cards still face down are not on it)."""
    shown = GT.state_to_json(state)
    shown.pop("rounds", None)
    return shown


def enter_at_the_table(dealt: dict) -> tuple[dict, int]:
    """Record ``dealt`` move by move as a live page would: when a move needs cards turned up,
    take them from the dealt lists (what the table showed) and add them with the move."""
    record = transcribed({**dealt, "moves": []})
    cards, draws = dealt["setup"]["round_cards"], dealt["setup"]["market_draws"]
    asked = 0
    for move in dealt["moves"]:
        state = GT.replay(record).states[-1]
        need = needs(state, move)
        while need is not None:
            asked += 1
            setup = record["setup"]
            if need.round_card:
                setup["round_cards"] = cards[: len(setup["round_cards"]) + 1]
            setup["market_draws"] = draws[: len(setup["market_draws"]) + need.market]
            state = GT.replay(record).states[-1]
            need = needs(state, move)
        record["moves"].append(move)
    return record, asked


@pytest.mark.parametrize(("players", "seed", "market"), [(2, 1, "A"), (3, 2, "A"), (4, 3, "B"), (2, 4, "B")])
def test_f4_a_transcribed_game_replays_to_the_same_states_as_the_dealt_one(players, seed, market):
    dealt = random_record(random.Random(seed), players=players, sides={"market": market})
    record, asked = enter_at_the_table(dealt)
    assert asked >= 5  # every round after the first asked for its card
    assert [public(s) for s in GT.replay(record).states] == [public(s) for s in GT.replay(dealt).states]
    assert GT.replay(record).score().to_json() == GT.replay(dealt).score().to_json()


def test_f4_a_move_starting_a_round_asks_for_the_round_card_and_its_market():
    dealt = random_record(random.Random(7), players=2)
    record = transcribed({**dealt, "moves": []})
    for k, move in enumerate(dealt["moves"]):
        state = GT.replay({**record, "moves": dealt["moves"][:k]}).states[-1]
        need = needs(state, move)
        if need is not None:
            assert (need.round_card, need.market) == (True, 4)
            return
    pytest.fail("no move started round 2")


def test_f4_replaying_past_the_cards_turned_up_names_what_is_missing():
    dealt = random_record(random.Random(7), players=2)
    with pytest.raises(RecordError, match="round 2 needs its round card and 4 more market cards turned up"):
        GT.replay(transcribed(dealt))


def test_c2_round_cards_left_are_the_player_counts_seven_less_those_seen():
    left = round_cards_left(2, [[3, 3, 2, 2], [4, 3, 3, 1]])
    assert (3, 3, 2, 2) not in left and (4, 3, 3, 1) not in left and len(left) == 5


def test_f4_a_transcribed_setup_needs_round_ones_card_and_market():
    record = {"game": "classic", "players": ["Ana", "Ben"],
              "setup": {"round_cards": [], "market_draws": [], "transcribed": True}, "moves": []}
    with pytest.raises(RecordError, match="round_cards"):
        GT.replay(record)
