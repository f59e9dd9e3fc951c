"""Puzzles re-checked at depth before they are kept (issue #54, rules_engine/analysis/puzzles.py):
the luck analysis's cheap ranking only names candidates; the re-check plays every legal move of
the real position until the best move's lower bound beats every other's upper bound by 0.2, or
the margin cannot hold, and the tree search then agrees by the same margin. Each screen below is
a hand-written ranking such as the cheap one can give (its top inflated); the positions and the
re-check are the real engine's."""

from rules_engine.analysis.evaluate import _wilson
from rules_engine.analysis.luck import LuckSkill, MoveChance, Term
from rules_engine.analysis.puzzles import MIN_GAP, position_rng, recheck, tree_check, verified
from rules_engine.registry import default_registry
from tests.kit import random_record

DUEL = default_registry().game("duel")
C1, B3 = {"type": "place", "cell": "c1"}, {"type": "place", "cell": "b3"}  # near-equal at ply 13 of game 0
C2, A1 = {"type": "place", "cell": "c2"}, {"type": "place", "cell": "a1"}  # c2 clearly best at ply 53 of game 1


def position(seed: int, ply: int):
    record = random_record(seed)
    states = list(DUEL.replay(record).states)
    return record, states, states[ply]


def screened(states, ply: int, seat: int, best: dict, played: dict, best_win=0.9, played_win=0.4) -> LuckSkill:
    """A luck analysis whose cheap ranking at ``ply`` made ``best`` look 0.5 better than ``played``."""
    ranked = tuple(MoveChance(m, w, *_wilson(w, 60), 60) for m, w in ((best, best_win), (played, played_win)))
    term = Term(ply, "decision", seat, (0.0, 0.0), best_win - played_win, 1, ranked)
    chances = tuple((0.5, 0.5) for _ in states)
    return LuckSkill(chances[0], chances[-1], chances, (term,))


def test_a_candidate_whose_margin_vanishes_at_the_recheck_is_not_kept():
    record, states, state = position(0, 13)
    check = recheck(DUEL, state, record, rng=position_rng(DUEL, state, record))
    assert not check.kept
    assert check.best.win - check.second.win < MIN_GAP / 2  # two moves near-equal
    assert verified(DUEL, record, screened(states, 13, DUEL.to_move(state), C1, B3), states=states) == []


def test_a_clear_puzzle_is_kept_with_the_rechecks_chances():
    record, states, state = position(1, 53)
    found = verified(DUEL, record, screened(states, 53, DUEL.to_move(state), C2, A1, best_win=0.97), states=states)
    flat = recheck(DUEL, state, record, rng=position_rng(DUEL, state, record))
    tree = tree_check(DUEL, state, record, rng=position_rng(DUEL, state, record, "tree"))
    assert flat.kept and flat.best.low >= flat.second.high + MIN_GAP
    assert tree.kept and tree.best.move == flat.best.move == C2
    [puzzle] = found
    assert (puzzle.move, puzzle.best, puzzle.win) == (53, C2, 0.5)
    assert (puzzle.best_win, puzzle.second_win) == (tree.best.win, tree.second.win)
    assert puzzle.best_win < 0.95  # not the screen's inflated 0.97
    assert puzzle.playouts == flat.playouts + tree.playouts


def test_a_candidate_whose_rechecked_best_move_was_played_is_no_puzzle():
    record, states, state = position(1, 53)
    analysis = screened(states, 53, DUEL.to_move(state), A1, C2)  # the screen preferred a1; c2 was played
    assert verified(DUEL, record, analysis, states=states) == []


def test_a_candidate_the_budget_cannot_decide_is_not_kept():
    record, _, state = position(1, 53)
    assert not recheck(DUEL, state, record, rng=position_rng(DUEL, state, record), budget=200).kept


def test_the_recheck_is_seeded_from_the_position():
    record, states, state = position(1, 53)
    analysis = screened(states, 53, DUEL.to_move(state), C2, A1)
    assert verified(DUEL, record, analysis, states=states) == verified(DUEL, record, analysis, states=states)
    assert position_rng(DUEL, state, record).random() != position_rng(DUEL, states[52], record).random()
