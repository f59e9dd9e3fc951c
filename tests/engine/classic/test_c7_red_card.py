"""C7 ruling of 2026-11-28: a red card is discarded after its effect, so a reshuffle its own
effect causes (its stone on a Pyramids B card space as the deck runs out, C6.2) does not hold it.

The position comes from tests/data/classic/c7_red_card_reshuffle.json, played on the invented
board data tests/data/board_data_c7_red_card.json (TEST DATA: every Pyramids B first-row space
and every Temple B space draws the top card, so the deck runs out often)."""

import json
from pathlib import Path

import pytest

from rules_engine.classic.game import apply_move, legal_moves
from rules_engine.classic.record import replay
from rules_engine.classic.redcard import can_differ, difference
from rules_engine.classic.sitecheck import from_mapping
from rules_engine.classic.state import CARD_INDEX

DATA_DIR = Path(__file__).parents[2] / "data"
DATA = from_mapping(json.loads((DATA_DIR / "board_data_c7_red_card.json").read_text())["data"])
RECORD = json.loads((DATA_DIR / "classic" / "c7_red_card_reshuffle.json").read_text())["record"]
EVENT = 41  # the move whose temple bonus turns up an entrance; its stone draws as the deck runs out
ENTRANCE = CARD_INDEX["entrance"]


@pytest.fixture(scope="module")
def states():
    return replay(RECORD, DATA).states


def test_c7_the_red_card_stone_draws_on_an_empty_deck_at_the_event(states):
    before, after = states[EVENT], states[EVENT + 1]
    # the move drew more cards than the deck held, so the discards were shuffled into a new deck
    assert after.draws_used - before.draws_used > before.deck_count
    assert RECORD["moves"][EVENT]["pyramids"] == [2]  # the entrance's stone, on pyramid 2's card space


def test_c7_the_reshuffled_deck_does_not_hold_the_red_card(states):
    after = states[EVENT + 1]
    assert after.deck_left["entrance"] == 0
    assert after._discard[ENTRANCE] == 1  # discarded after its effect, so after the reshuffle


def test_c7_the_record_refused_before_the_ruling_now_replays():
    rep = replay(RECORD, DATA, states=False)
    assert rep.finished and rep.plies == len(RECORD["moves"])
    change = difference(RECORD, DATA)
    assert change is not None and change.ply == EVENT and change.refused is None
    # before the ruling the entrance stayed in the reshuffled deck, and the draw that emptied it
    # at the table (a chisel) was refused one reshuffle later
    move, reason = change.refused_before
    assert move == 55
    assert "no chisel is left in the deck at that point (the deck holds 1 entrance)" in str(reason)


def test_c7_ruling_changes_nothing_without_pyramids_b():
    assert not can_differ({**RECORD, "sides": {**RECORD["sides"], "pyramids": "A"}})


def test_c7_ruling_leaves_a_record_without_the_event_as_it_was():
    short = {**RECORD, "moves": RECORD["moves"][:EVENT]}
    assert difference(short, DATA) is None


def test_c7_live_entry_applies_the_move_as_the_replay_does(states):
    """Live entry (`apply_move`) and its legal-move search run the same actions as the replay."""
    move = RECORD["moves"][EVENT]
    offered = [m.to_json() for m in legal_moves(states[EVENT])]
    assert move in offered
    after = apply_move(states[EVENT], move)
    assert after == states[EVENT + 1] and after.deck_left["entrance"] == 0
