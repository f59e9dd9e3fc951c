"""`GameType.table_draw` (issue #40, the bot in a game recorded at a table): what a move turns up,
drawn at random from what can still turn up, in the answers `with_table` takes. A game played
from a table's setup to its end with every draw made this way replays without a refusal (the
engine checks every token and card named: F2 for the Duel, F4 for the base game)."""

import random

import pytest

from rules_engine.classic.playout import random_record as classic_record
from rules_engine.classic.transcription import transcribed
from rules_engine.duel.playout import random_record as duel_record
from rules_engine.duel.record import to_transcription
from rules_engine.registry import default_registry


def _at_the_table(game_id: str, seed: int) -> dict:
    """A record set up from a table (the Duel's boats form, the base game's transcribed setup), no moves yet."""
    rng = random.Random(seed)
    dealt = duel_record(rng) if game_id == "duel" else classic_record(rng, 3)
    record = to_transcription(dealt) if game_id == "duel" else transcribed(dealt)
    return {**record, "moves": []}


def _played_out(game_id: str, seed: int) -> tuple[dict, int]:
    """The table's game played to its end by random moves, every draw made by `table_draw`; the
    record and how many moves turned something up."""
    game_type = default_registry().game(game_id)
    record, rng, draws = _at_the_table(game_id, seed), random.Random(seed), 0
    while True:
        state = game_type.replay(record).states[-1]
        if game_type.is_over(state):
            return record, draws
        moves = game_type.legal_moves(state)
        move = game_type.move_to_json(moves[rng.randrange(len(moves))])
        needs = game_type.table_needs(state, move)
        record = {**record, "moves": [*record["moves"], move]}
        if needs is not None:
            answers = game_type.table_draw(state, record, needs, rng)
            assert answers is not None, f"ply {len(record['moves'])}: nothing drawn for {needs}"
            record = game_type.with_table(record, answers)
            draws += 1


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("game_id", ["duel", "classic"])
def test_f2_f4_a_table_game_played_out_with_every_draw_at_random_replays(game_id, seed):
    record, draws = _played_out(game_id, seed)
    assert draws > 0
    assert default_registry().game(game_id).is_over(default_registry().game(game_id).replay(record).states[-1])


@pytest.mark.parametrize("game_id", ["duel", "classic"])
def test_the_same_generator_draws_the_same(game_id):
    assert _played_out(game_id, 1) == _played_out(game_id, 1)


def test_d3_a_duel_refill_draws_three_of_the_tokens_still_face_down():
    game_type = default_registry().game("duel")
    record = _at_the_table("duel", 0)
    state = game_type.setup(record)
    unload = {"type": "unload", "boat": "row-1"}
    answers = game_type.table_draw(state, record, game_type.table_needs(state, unload), random.Random(5))
    assert len(answers["refill"]) == 3
    left = dict(state.unseen)
    for token in answers["refill"]:
        assert left.get(token, 0) > 0
        left[token] -= 1



def _before_a_round_ends() -> tuple[object, dict]:
    """A base game at the table with a move that starts the next round (its market not turned up
    yet), and that move."""
    game_type = default_registry().game("classic")
    record, rng = _at_the_table("classic", 3), random.Random(3)
    while True:
        state = game_type.replay(record).states[-1]
        for legal in game_type.legal_moves(state):
            move = game_type.move_to_json(legal)
            need = game_type.table_needs(state, move)
            if need is not None and need.market >= 2:
                return state, move
        moves = game_type.legal_moves(state)
        record = {**record, "moves": [*record["moves"], game_type.move_to_json(moves[rng.randrange(len(moves))])]}


def _with_one_card_in_the_deck(state):
    """``state`` with all but one of the deck's cards moved to the discards (as late in a game)."""
    w = state.thaw()
    keep = next(i for i, n in enumerate(w.deck) if n)
    deck, discard = [0] * len(w.deck), list(w.discard)
    deck[keep] = 1
    for i, n in enumerate(w.deck):
        discard[i] += n - deck[i]
    w.deck, w.discard, w.ndeck, w.ndiscard = deck, discard, 1, sum(discard)
    return w.freeze(), keep


def test_c7_a_market_drawn_for_the_bot_reshuffles_the_discards_when_the_deck_runs_out():
    from rules_engine.classic.game import apply_move
    from rules_engine.classic.state import CARD_IDS

    game_type = default_registry().game("classic")
    before, move = _before_a_round_ends()
    state, last = _with_one_card_in_the_deck(before)
    need = game_type.table_needs(state, move)
    answers = game_type.table_draw(state, {}, need, random.Random(7))
    assert answers is not None and len(answers["market_draws"]) == need.market
    assert answers["market_draws"][0] == CARD_IDS[last]  # the deck's last card first, then the reshuffled discards
    w = state.thaw()  # the table's answers, listed: the engine turns them up and refuses none (C7, F4)
    w.cards = (*w.cards, *(tuple(c) for c in answers["round_cards"]))
    w.draws = (*w.draws, *answers["market_draws"])
    after = apply_move(w.freeze(), move)
    assert after.draws_used == len(w.draws)
