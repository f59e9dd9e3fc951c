"""Puzzles from the club's own games (issues #41, #54): a decision where one move clearly beat
every other, the game was still open, and the player chose otherwise.

The luck analysis (`rules_engine.analysis.luck`) ranks every decision's legal moves
cheaply (a dozen playouts a move, the leading two topped up): `candidates` are the decisions
that look like puzzles there. Taking the top of many noisy estimates overrates the best move, so
each candidate is then re-checked (`verified`), in two steps:

- flat Monte-Carlo over every legal move (`recheck`), in rounds that double each contending
  move's playouts, until the best move's lower bound exceeds every other move's upper bound by
  `MIN_GAP` (kept), or some move's lower bound comes within `MIN_GAP` of the best's upper bound
  (the margin cannot hold), or `RECHECK_PLAYOUTS` would be passed (undecided: not kept);
- then the tree search at `RECHECK_PLAYOUTS` playouts (`tree_check`), which answers the
  opponents' replies as random playouts do not: it must rank the same move first, its lower
  bound above the runner-up's upper bound by `MIN_GAP`.

The puzzle's best move is the re-check's and the chances it shows are the tree search's.
bench/puzzles.py re-searches the kept puzzles at 4 times the budget.

The bounds are Wilson intervals at a Bonferroni-corrected 95 % over the legal moves, on the
playouts' effective number: a batch of `RECHECK_BATCH` playouts shares one deal of what the
move turns up (one compiled-playout call, `evaluate.playout_outcomes`), so the spread of the
batches' means widens the interval when their results are correlated. The re-check is seeded
from the position (`position_rng`): the same position, the same verdict.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from rules_engine.analysis.evaluate import Z95, applied_to_a_deal, playout_outcomes
from rules_engine.analysis.luck import LuckSkill, MoveChance, Term
from rules_engine.analysis.mcts import RANKED_VISITS, search_result

if TYPE_CHECKING:
    from rules_engine.analysis.evaluate import M, S
    from rules_engine.gametype import GameType

MIN_GAP = 0.2  # the best move's chance beats the second best's by at least this much
OPEN = (0.2, 0.8)  # the mover's chance before the move: a decided position is no puzzle
#: The re-check's playouts for one candidate, at most (bench/puzzles.py re-searches the kept
#: puzzles at 4 times this and counts how many keep their best move and margin).
RECHECK_PLAYOUTS = 20_000
RECHECK_BATCH = 8  # playouts per deal of the move (one compiled-playout call)
FIRST_ROUND = 32  # each legal move's playouts before the first look
CONFIDENCE = 0.95  # for all the legal moves' intervals together (Bonferroni)
DEALS_TRIED = 8  # batches in a row a move may fail to apply to a deal before it is left out


def is_puzzle(win: float, ranked: Sequence[MoveChance], chosen: int | None) -> bool:
    """Whether a decision looks like a puzzle: ``win`` the mover's chance before it, ``ranked`` the
    legal moves best first, ``chosen`` the place of the move played in ``ranked``. The best move
    beats the second by `MIN_GAP` with 95 % intervals that do not overlap, ``win`` is within
    `OPEN`, and the player did not play the best move."""
    if len(ranked) < 2 or chosen is None or chosen == 0:
        return False
    best, second = ranked[0], ranked[1]
    return (OPEN[0] <= win <= OPEN[1] and best.win - second.win >= MIN_GAP and best.low > second.high)


def candidates(analysis: LuckSkill) -> list[Term]:
    """The decisions of an analysed game that look like puzzles (`is_puzzle`), in the order
    they were played: each still to be re-checked (`verified`)."""
    return [t for t in analysis.terms
            if t.kind == "decision" and is_puzzle(analysis.chances[t.move][t.seat], t.ranked, t.chosen)]


@dataclass(frozen=True)
class Recheck:
    """A re-check's verdict: the legal moves it played, best first, each with its chance for the
    mover and bounds; the playouts spent; ``kept`` when the best move's lower bound exceeds every
    other move's upper bound by `MIN_GAP`."""

    moves: tuple[MoveChance, ...]
    playouts: int
    kept: bool

    @property
    def best(self) -> MoveChance:
        return self.moves[0]

    @property
    def second(self) -> MoveChance:
        return self.moves[1]

    def chance_of(self, move: Mapping[str, Any]) -> float | None:
        return next((m.win for m in self.moves if m.move == move), None)


@dataclass(frozen=True)
class Puzzle:
    """A verified puzzle: the decision before move ``move`` (0-based) of the seat ``seat``, its
    chance before the move (``win``, the luck analysis's), and the re-check's best move with its
    chance, the second's, the played move's, and the playouts the re-check spent."""

    move: int
    seat: int
    win: float
    best: dict[str, Any]
    best_win: float
    second_win: float
    played_win: float | None
    playouts: int


class _Tally:
    """One legal move's playouts for the mover: their sum and count, and the sum of squared
    batch means (for the batches' spread)."""

    __slots__ = ("batches", "failed", "move", "square_sum", "total", "won")

    def __init__(self, move: Any) -> None:
        self.move = move
        self.won, self.total, self.batches, self.square_sum, self.failed = 0.0, 0, 0, 0.0, 0

    def play(self, game_type: GameType[S, M], state: S, record: Mapping[str, Any], mover: int,
             rng: random.Random) -> int:
        """One batch; the playouts played (0 when no deal tried admitted the move)."""
        after = applied_to_a_deal(game_type, state, self.move, rng)
        if after is None:
            self.failed += 1
            return 0
        self.failed = 0
        share = sum((1 / len(o.winners)) if mover in o.winners else 0.0
                    for o in playout_outcomes(game_type, after, record, rng, RECHECK_BATCH))
        self.won, self.total, self.batches = self.won + share, self.total + RECHECK_BATCH, self.batches + 1
        self.square_sum += (share / RECHECK_BATCH) ** 2
        return RECHECK_BATCH

    @property
    def usable(self) -> bool:
        return self.failed < DEALS_TRIED

    def chance(self, game_type: GameType[S, M], z: float) -> MoveChance:
        p = self.won / self.total
        return MoveChance(game_type.move_to_json(self.move), p, *bounds(p, self.total, self.batches,
                                                                        self.square_sum, z), self.total)


def bounds(p: float, n: int, batches: int, square_sum: float, z: float) -> tuple[float, float]:
    """A Wilson interval at ``z`` for a share ``p`` of ``n`` playouts played in ``batches`` equal
    batches (``square_sum``: the sum of their means squared), on the effective number of
    playouts: ``n`` divided by the design effect, the batch means' variance over what
    independent playouts would give (never below 1)."""
    spread = p * (1 - p)
    effect = 1.0
    if batches > 1 and spread > 0:
        between = max(0.0, (square_sum - batches * p * p) / (batches - 1))
        effect = max(1.0, between * (n / batches) / spread)
    return wilson(p, n / effect, z)


def wilson(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``p`` of ``n`` trials at ``z``."""
    if n <= 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def position_rng(game_type: GameType[S, M], state: S, record: Mapping[str, Any], salt: str = "") -> random.Random:
    """A generator seeded from the position (the players' view of it, and the player to move),
    so that a re-check of the same position gives the same verdict; ``salt`` gives another,
    independent, stream (the benchmark's re-search)."""
    view = json.dumps([game_type.id, game_type.state_to_json(state, record), game_type.to_move(state), salt],
                      sort_keys=True, default=str)
    return random.Random(int.from_bytes(hashlib.sha256(view.encode()).digest()[:8], "big"))


def recheck(game_type: GameType[S, M], state: S, record: Mapping[str, Any], *, rng: random.Random,
            budget: int = RECHECK_PLAYOUTS, margin: float = MIN_GAP) -> Recheck:
    """Re-check the decision at ``state`` (module docstring): rounds of flat Monte-Carlo over its
    legal moves, each round doubling the playouts of the moves still in contention (the best,
    and every move whose upper bound plus ``margin`` is not yet below the best's lower bound),
    until a verdict or ``budget`` playouts."""
    mover = game_type.to_move(state)
    if mover is None:
        raise ValueError("a position to re-check has a player to move")
    tallies = [_Tally(m) for m in game_type.legal_moves(state)]
    z = NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / (2 * max(1, len(tallies))))
    spent, target, contending = 0, FIRST_ROUND, list(tallies)
    while True:
        for tally in contending:
            while tally.total < target and tally.usable:
                spent += tally.play(game_type, state, record, mover, rng)
        played = [t for t in tallies if t.total]
        chance = {id(t): t.chance(game_type, z) for t in played}
        ranked = sorted(chance.values(), key=lambda c: -c.win)
        if len(ranked) < 2:
            return Recheck(tuple(ranked), spent, False)
        leader = max(played, key=lambda t: chance[id(t)].win)
        best = chance[id(leader)]
        others = [t for t in played if t is not leader]
        if any(chance[id(t)].low + margin > best.high for t in others):
            return Recheck(tuple(ranked), spent, False)  # a move too close: the margin cannot hold
        contending = [leader, *(t for t in others if chance[id(t)].high + margin > best.low)]
        if len(contending) == 1:
            return Recheck(tuple(ranked), spent, True)
        target *= 2
        needed = sum(max(0, target - t.total) for t in contending)
        if spent + needed > budget:
            return Recheck(tuple(ranked), spent, False)  # undecided within the budget


def tree_check(game_type: GameType[S, M], state: S, record: Mapping[str, Any], *, rng: random.Random,
               budget: int = RECHECK_PLAYOUTS, margin: float = MIN_GAP) -> Recheck:
    """The second half of the re-check: the tree search (rules_engine/analysis/mcts.py) at
    ``budget`` playouts, which answers the opponents' replies better than random playouts do.
    Its moves tried at least `RANKED_VISITS` times, best first, with the search's 95 % Wilson
    intervals; kept when the best one's lower bound exceeds the runner-up's upper bound by
    ``margin``. The tree spends most playouts on its best moves, so the runner-up's interval is
    the wider one: a margin it keeps is not an accident of few visits."""
    result = search_result(game_type, state, record, playouts=budget, rng=rng, early_stop=False)
    moves = tuple(MoveChance(game_type.move_to_json(m.move), m.win, m.low, m.high, m.playouts)
                  for m in result.moves if m.playouts >= RANKED_VISITS)
    return Recheck(moves, result.playouts, len(moves) >= 2 and moves[0].low >= moves[1].high + margin)


def verified(game_type: GameType[S, M], record: Mapping[str, Any], analysis: LuckSkill, *,
             states: Sequence[S] | None = None, budget: int = RECHECK_PLAYOUTS) -> list[Puzzle]:
    """The candidates of an analysed game (`candidates`) that the re-check keeps: the flat
    re-check (`recheck`) and then the tree search (`tree_check`) both keep it, with the same best
    move, which is not the move played. The chances are the tree search's (the played move's, the
    flat re-check's when the tree hardly tried it)."""
    if states is None:
        states = list(game_type.replay(record).states)  # type: ignore[arg-type]
    out = []
    for term in candidates(analysis):
        played = term.ranked[term.chosen].move if term.chosen is not None else None
        found = confirmed(game_type, record, states[term.move], term.move, played,
                          analysis.chances[term.move][term.seat], budget=budget)
        if found is not None:
            out.append(found)
    return out


def confirmed(game_type: GameType[S, M], record: Mapping[str, Any], state: S, move: int,
              played: Mapping[str, Any] | None, win: float, *, budget: int = RECHECK_PLAYOUTS) -> Puzzle | None:
    """The puzzle at ``state`` (the position before move ``move``, where ``played`` was played and
    the mover's chance was ``win``) if the re-check keeps it (`verified`), else None."""
    flat = recheck(game_type, state, record, rng=position_rng(game_type, state, record), budget=budget)
    if not flat.kept or flat.best.move == played:
        return None
    tree = tree_check(game_type, state, record, rng=position_rng(game_type, state, record, "tree"), budget=budget)
    if not tree.kept or tree.best.move != flat.best.move:
        return None
    played_win = None if played is None else tree.chance_of(played)
    if played_win is None and played is not None:
        played_win = flat.chance_of(played)
    seat = game_type.to_move(state)
    assert seat is not None  # recheck refused a position without a player to move
    return Puzzle(move, seat, win, tree.best.move, tree.best.win, tree.second.win, played_win,
                  flat.playouts + tree.playouts)


def flat_chances(game_type: GameType[S, M], state: S, record: Mapping[str, Any], *, playouts: int,
                 rng: random.Random) -> tuple[MoveChance, ...]:
    """Every legal move's chance for the mover over an even share of ``playouts`` (at least one
    batch each), best first, with plain 95 % bounds: the benchmark's deeper re-search
    (bench/puzzles.py), no early verdict."""
    mover = game_type.to_move(state)
    if mover is None:
        raise ValueError("a position to search has a player to move")
    tallies = [_Tally(m) for m in game_type.legal_moves(state)]
    each = max(RECHECK_BATCH, playouts // max(1, len(tallies)))
    for tally in tallies:
        while tally.total < each and tally.usable:
            tally.play(game_type, state, record, mover, rng)
    return tuple(sorted((t.chance(game_type, Z95) for t in tallies if t.total), key=lambda c: -c.win))
