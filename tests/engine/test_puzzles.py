"""Puzzles from the club's games (issue #41, rules_engine/analysis/puzzles.py): selection on
hand-made positions, each a ranking of the legal moves with their chances and intervals."""

from rules_engine.analysis.evaluate import _wilson
from rules_engine.analysis.luck import MoveChance
from rules_engine.analysis.puzzles import is_puzzle


def move(win: float, playouts: int, name: str = "m") -> MoveChance:
    low, high = _wilson(win, playouts)
    return MoveChance({"type": name}, win, low, high, playouts)


def test_a_clear_best_move_missed_in_an_open_position_is_a_puzzle():
    ranked = [move(0.75, 100, "best"), move(0.40, 100), move(0.30, 100)]
    assert is_puzzle(0.5, ranked, chosen=2)


def test_an_already_decided_position_is_no_puzzle():
    ranked = [move(0.95, 100, "best"), move(0.60, 100)]
    assert not is_puzzle(0.85, ranked, chosen=1)


def test_overlapping_intervals_make_no_puzzle():
    ranked = [move(0.75, 8, "best"), move(0.50, 8)]  # a gap of 0.25 that 8 playouts cannot tell
    assert ranked[0].low <= ranked[1].high
    assert not is_puzzle(0.5, ranked, chosen=1)


def test_a_gap_under_two_tenths_is_no_puzzle():
    ranked = [move(0.70, 1000, "best"), move(0.55, 1000)]
    assert not is_puzzle(0.5, ranked, chosen=1)


def test_the_best_move_played_is_no_puzzle():
    ranked = [move(0.75, 100, "best"), move(0.40, 100)]
    assert not is_puzzle(0.5, ranked, chosen=0)
