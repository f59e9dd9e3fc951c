"""Determinized Monte-Carlo tree search (information-set style) for hints and the analysis (#40).

Each iteration deals what is unseen at the position at random (`dealt`: the Duel's face-down
tokens, the base game's cards to come; a game transcribed at the table knows no draw), then walks
one tree shared by all deals: at each node only the moves legal in this deal are candidates,
picked by UCT, ``mean + UCB_C * sqrt(ln(availability) / visits)``, where a move's availability
counts the visits of its node in which the move was legal (so a move that only some deals allow
is not starved, nor favoured, by the deals that forbid it). A move not yet tried at a node (one
picked at random) is added to the tree, the game is played on from there by the playout policy (`playout_outcomes`
of evaluate.py, which uses a game's batch or compiled playout when it has one), and every node on
the path is credited with the reward of the player who moved into it: 1 for a win, 1/k for a win
shared by k players, 0 otherwise (so the same tree serves 2, 3 and 4 players).

Leaf batching: the new node is played on by a small batch of ``w`` playouts in one call (a
compiled playout pays its conversion and dispatch once a call, not once a playout), and every
node on the path is credited with their summed rewards and ``w`` visits; a game already over at
the new node counts its one result ``w`` times, so every iteration weighs ``w``. ``w`` is
`LEAF_BATCH`, less for a small budget (``playouts // MIN_TREE_ITERATIONS``, at least 1) so that
the tree still grows by at least `MIN_TREE_ITERATIONS` nodes, and never more than the budget
left. UCT's exploration counts iterations (``tries``, and the availability), its mean is the
playouts' mean; the ranking, the intervals and the budget count playouts. A batch's playouts
share one deal down to the new node, so its ``w`` results are not quite independent: the
intervals are a little narrower than the evidence, which is why the early stop also waits for
`MIN_TREE_ITERATIONS` iterations (docs/decisions.md, issue 40's leaf batching).

A move is only ever applied to a deal, never to the position as recorded. The root's children are
ranked by their mean reward (those tried fewer than `RANKED_VISITS` times last), each with a 95 %
Wilson interval (as `estimate`'s); with ``early_stop`` the search ends as soon as the best
child's interval lies wholly above the second's (checked every `CHECK_EVERY` iterations from
`MIN_PLAYOUTS` playouts and `MIN_TREE_ITERATIONS` iterations on). ``playouts`` counts playouts
(a batch of ``w`` counts ``w``), so it budgets the search as it budgets `rank_moves`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rules_engine.analysis.evaluate import UCB_C, MoveValue, _to_move, _wilson, dealt, playout_outcomes
from rules_engine.analysis_hooks import Outcome
from rules_engine.errors import IllegalMoveError

if TYPE_CHECKING:
    from rules_engine.gametype import EngineState, GameType

S = TypeVar("S", bound="EngineState")
M = TypeVar("M")

#: Playouts before the early stop is first checked, and between two checks.
MIN_PLAYOUTS = 100
CHECK_EVERY = 20
#: Playouts played at once at each new leaf, at most (one `playout_outcomes` call).
LEAF_BATCH = 8
#: The tree grows by at least this many nodes in a full budget (the batch shrinks for small
#: budgets), and the early stop waits for this many iterations.
MIN_TREE_ITERATIONS = 25
#: A root move with fewer playouts, or tried in fewer than `RANKED_TRIES` iterations, ranks after
#: every move with more (flat Monte-Carlo's least per move): with many moves and a small budget, a
#: move played once and won once is not the best move at 100 %. UCT plays a promising move
#: again, so the best ones have their visits.
RANKED_VISITS = 8
RANKED_TRIES = 2


class _Node:
    """One move's node: who made it, the rewards credited to that player and the playouts
    behind them (``visits``), the iterations that passed through it (``tries``) and how often
    its move was legal when its parent was tried (``available``)."""

    __slots__ = ("available", "children", "move", "mover", "reward", "tries", "visits")

    def __init__(self, move: object, mover: int) -> None:
        self.move, self.mover = move, mover
        self.reward, self.visits, self.tries, self.available = 0.0, 0, 0, 0
        self.children: dict[Hashable, _Node] = {}


@dataclass(frozen=True)
class RankedMove(Generic[M]):
    """A root move: the mover's mean reward after it (their chance to win), its 95 % interval
    and the playouts behind it."""

    move: M
    win: float
    low: float
    high: float
    playouts: int

    def value(self) -> MoveValue:
        return MoveValue(self.move, self.win, self.playouts)


@dataclass(frozen=True)
class SearchResult(Generic[M]):
    """The root's moves ranked by mean, best first; the playouts spent in all and whether the
    early stop ended the search before its budget."""

    moves: list[RankedMove[M]]
    playouts: int
    stopped_early: bool

    def separated(self) -> bool:
        return _separated(self.moves)


def _key(move: Any) -> Hashable:
    """The tree's key of a move: the move itself when hashable (both built-in games' frozen
    dataclasses), else its canonical text (a plugin's dict moves)."""
    try:
        hash(move)
    except TypeError:
        return repr(sorted(move.items())) if isinstance(move, Mapping) else repr(move)
    return move  # type: ignore[no-any-return]


def _share(outcome: Outcome, seat: int) -> float:
    won = outcome.winners
    return 1 / len(won) if seat in won else 0.0


def _ranked(root: _Node) -> list[RankedMove[Any]]:
    out = []
    for child in root.children.values():
        if child.visits:
            mean = child.reward / child.visits
            low, high = _wilson(mean, child.visits)
            few = child.visits < RANKED_VISITS or child.tries < RANKED_TRIES
            out.append((few, RankedMove(child.move, mean, low, high, child.visits)))
    # Stable: ties keep the order the moves were first tried.
    out.sort(key=lambda fm: (fm[0], -fm[1].win))
    return [m for _, m in out]


def _separated(ranked: list[RankedMove[Any]]) -> bool:
    """Whether the best move's 95 % interval lies wholly above the second's (one move: yes)."""
    if len(ranked) < 2:
        return bool(ranked)
    return ranked[0].low > ranked[1].high


def _select(node: _Node, candidates: list[tuple[Hashable, M]]) -> tuple[_Node, M] | None:
    """The candidate (each already a child) with the highest UCT value, or None when empty."""
    best, best_value = None, -1.0
    for key, move in candidates:
        child = node.children[key]
        value = child.reward / child.visits + UCB_C * math.sqrt(math.log(child.available) / child.tries)
        if value > best_value:
            best, best_value = (child, move), value
    return best


class _Search(Generic[S, M]):
    def __init__(self, game_type: GameType[S, M], state: S, record: Mapping[str, object], rng: random.Random) -> None:
        self.game_type, self.state, self.record, self.rng = game_type, state, record, rng
        self.root = _Node(None, _to_move(game_type, state))

    def iterate(self, batch: int) -> None:
        """One iteration: deal, descend, expand one node, play out ``batch`` games, back up."""
        gt, rng = self.game_type, self.rng
        deal = dealt(gt, self.state, rng)
        node, path = self.root, [self.root]
        outcomes: list[Outcome] | None = None
        while outcomes is None:
            if gt.is_over(deal):
                outcomes = [gt.final_outcome(deal, self.record)] * batch
                break
            mover = _to_move(gt, deal)
            tried, untried = [], []
            for move in gt.legal_moves(deal):
                key = _key(move)
                if key in node.children:
                    node.children[key].available += 1
                    tried.append((key, move))
                else:
                    untried.append((key, move))
            while untried:  # expand: a move not yet in the tree, picked at random
                key, move = untried.pop(rng.randrange(len(untried)))
                try:
                    after = gt.apply(deal, move)
                except IllegalMoveError:  # listed, but this deal does not admit it
                    continue
                child = node.children[key] = _Node(move, mover)
                child.available = 1
                path.append(child)
                outcomes = ([gt.final_outcome(after, self.record)] * batch if gt.is_over(after)
                            else playout_outcomes(gt, after, self.record, rng, batch))
                break
            if outcomes is not None:
                break
            node, deal = self._descend(node, tried, deal)
            path.append(node)
        for visited in path:
            visited.tries += 1
            visited.visits += batch
            visited.reward += sum(_share(outcome, visited.mover) for outcome in outcomes)

    def _descend(self, node: _Node, tried: list[tuple[Hashable, M]], deal: S) -> tuple[_Node, S]:
        while True:
            picked = _select(node, tried)
            if picked is None:
                raise RuntimeError("no legal move of this deal could be applied to it")
            child, move = picked
            try:
                return child, self.game_type.apply(deal, move)
            except IllegalMoveError:  # not available in this deal after all
                child.available -= 1
                tried = [(k, m) for k, m in tried if node.children[k] is not child]


def search_result(game_type: GameType[S, M], state: S, record: Mapping[str, object], *, playouts: int,
                  rng: random.Random, early_stop: bool = True) -> SearchResult[M]:
    """Search ``state`` for at most ``playouts`` playouts (played in leaf batches); the root's
    moves ranked, with intervals, and the playouts spent (fewer with ``early_stop`` once the
    best move's interval separates from the second's)."""
    run = _Search(game_type, state, record, rng)
    budget = max(1, playouts)
    batch = leaf_batch(budget)
    done = checked = iterations = 0
    while done < budget:
        step = min(batch, budget - done)
        run.iterate(step)
        done, iterations = done + step, iterations + 1
        if (early_stop and done < budget and done >= MIN_PLAYOUTS and iterations >= MIN_TREE_ITERATIONS
                and done - checked >= CHECK_EVERY):
            checked = done
            ranked = _ranked(run.root)
            if _separated(ranked):
                return SearchResult(ranked, done, True)
    return SearchResult(_ranked(run.root), budget, False)


def leaf_batch(playouts: int) -> int:
    """The playouts played at each new leaf for a budget of ``playouts``: `LEAF_BATCH`, fewer
    where the budget would otherwise grow the tree by fewer than `MIN_TREE_ITERATIONS` nodes."""
    return max(1, min(LEAF_BATCH, playouts // MIN_TREE_ITERATIONS))


def search(game_type: GameType[S, M], state: S, record: Mapping[str, object], *, playouts: int,
           rng: random.Random, top: int = 3, early_stop: bool = True) -> list[MoveValue]:
    """The legal moves ranked by the mover's chance to win after each, by determinized MCTS
    (`search_result`), best first, the first ``top``; each with its playouts (visits)."""
    return [m.value() for m in search_result(game_type, state, record, playouts=playouts, rng=rng,
                                             early_stop=early_stop).moves[:top]]
