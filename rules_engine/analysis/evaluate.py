"""Monte-Carlo evaluation: playouts from a position, seeded, with Wilson confidence intervals."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from rules_engine.analysis_hooks import Outcome
from rules_engine.errors import IllegalMoveError

if TYPE_CHECKING:
    from rules_engine.gametype import EngineState, GameType

# Any game's position and move: the functions below work for every game type alike.
S = TypeVar("S", bound="EngineState")
M = TypeVar("M")

Z95 = 1.96
MAX_PLIES = 2000  # a playout longer than any real game is a bug in a plugin, not an endless loop
#: What a stored analysis holds (games/analysis keys its results by it besides the engine
#: version): 2 added each player's expected final score margin; 3 picks the review's best moves
#: (and hints) by determinized tree search (mcts.py) instead of flat playouts per move, so stored
#: reviews are redone with the stronger search (the chances to win per position are unchanged).
#: Bump it when the figures an analysis keeps change, so stored ones are recomputed.
ANALYSIS_VERSION = 3


@dataclass(frozen=True)
class Estimate:
    """Each player's share of wins over ``playouts`` (a shared win counts as a share), with a
    95 % confidence interval per player; and each player's mean final total over the same
    playouts (None when the game does not give totals, `GameType.final_scores`)."""

    wins: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    playouts: int
    scores: tuple[float, ...] | None = None

    @property
    def margins(self) -> tuple[float, ...] | None:
        """Each player's expected final score margin: their mean final total minus the highest
        mean final total among the other players (`margins`)."""
        return None if self.scores is None else margins(self.scores)


def margins(means: Sequence[float]) -> tuple[float, ...]:
    """Each seat's mean final total minus the best of the other seats' means (docs/replay.md
    "Score margin"). Two players: my mean minus the opponent's, which is also the mean over the
    playouts of my total minus theirs; the two margins are each other's negative. With three or
    four, the leader's margin is its lead over the runner-up, everyone else's (negative) is how
    far they trail the leader."""
    out = []
    for seat, mine in enumerate(means):
        best_other = max(other for j, other in enumerate(means) if j != seat)
        out.append(mine - best_other)
    return tuple(out)


@dataclass(frozen=True)
class MoveValue:
    move: object
    win: float  # the mover's estimated chance to win after this move
    playouts: int


def winners(game_type: GameType[S, M], state: S, record: Mapping[str, object]) -> list[int]:
    """The winners (seat indices) of a finished position, by the game's own scoring."""
    return game_type.final_winners(state, record)


def _players(record: Mapping[str, Any]) -> int:
    return len(record.get("players") or ()) or 2


def _to_move(game_type: GameType[S, M], state: S) -> int:
    mover = game_type.to_move(state)
    if mover is None:
        raise ValueError("a position to rank moves at has a player to move")
    return mover


def dealt(game_type: GameType[S, M], state: S, rng: random.Random) -> S:
    """``state`` with what the players cannot see there dealt at random from what is still
    unseen (`GameType.determinized`; the state itself for a game with no hidden information).
    A move is applied to such a deal, never to the position as recorded: a game transcribed at
    the table does not know its next draws, and one dealt by the server must not tell them."""
    return game_type.determinized(state, rng)


DEALS_PER_MOVE = 4  # deals tried before a move is left out of one playout


def applied_to_a_deal(game_type: GameType[S, M], state: S, move: M, rng: random.Random) -> S | None:
    """``move`` applied to a deal of ``state`` (`dealt`), or None when none of a few deals
    admits it: a move whose choices answer cards it turns up (the base game's Temple B or
    Pyramids B card bonus: which pyramid the drawn red card's stone goes to) fits only the
    deals that turn up such a card."""
    for _ in range(DEALS_PER_MOVE):
        try:
            return game_type.apply(dealt(game_type, state, rng), move)
        except IllegalMoveError:
            continue
    return None


def playout(game_type: GameType[S, M], state: S, record: Mapping[str, object], rng: random.Random) -> list[int]:
    """One game played on from ``state`` by the playout policy; its winners."""
    return playout_outcome(game_type, state, record, rng).winners


def playout_outcome(game_type: GameType[S, M], state: S, record: Mapping[str, object],
                    rng: random.Random) -> Outcome:
    """One game played on from ``state`` by the playout policy; its winners and final totals
    (`GameType.final_outcome`)."""
    return playout_outcomes(game_type, state, record, rng, 1)[0]


def playout_outcomes(game_type: GameType[S, M], state: S, record: Mapping[str, object], rng: random.Random,
                     count: int) -> list[Outcome]:
    """``count`` games played on from ``state`` by the playout policy: the game's batch
    (`GameType.fast_outcomes`, a compiled playout) when it has one, else one by one."""
    batch = game_type.fast_outcomes(state, record, rng, count)
    if batch is not None:
        return list(batch)
    return [_one_outcome(game_type, state, record, rng) for _ in range(count)]


def _one_outcome(game_type: GameType[S, M], state: S, record: Mapping[str, object], rng: random.Random) -> Outcome:
    final = game_type.fast_playout(state, rng)
    if final is not None:  # the engine's own loop, which re-deals hidden information itself
        return game_type.final_outcome(final, record)
    state = dealt(game_type, state, rng)
    for _ in range(MAX_PLIES):
        if game_type.is_over(state):
            return game_type.final_outcome(state, record)
        moves = game_type.legal_moves(state)
        weights = game_type.playout_weights(moves) if len(moves) > 1 else None
        move = moves[rng.randrange(len(moves))] if weights is None else rng.choices(moves, weights)[0]
        state = game_type.apply(state, move)
    raise RuntimeError(f"a playout ran past {MAX_PLIES} plies")


def _wilson(share: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    centre = (share + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(share * (1 - share) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def estimate(game_type: GameType[S, M], state: S, record: Mapping[str, object], *, playouts: int = 200,
             rng: random.Random) -> Estimate:
    """Each player's chance to win from ``state``, over ``playouts`` seeded playouts, and their
    mean final totals over the same playouts (when the game gives them)."""
    n = _players(record)
    totals = [0.0] * n
    points: list[float] | None = [0.0] * n
    for outcome in playout_outcomes(game_type, state, record, rng, playouts):
        won = outcome.winners
        for p in won:
            totals[p] += 1 / len(won)
        if outcome.scores is None:
            points = None  # a game that does not say its totals has no margins
        elif points is not None:
            for p, total in enumerate(outcome.scores):
                points[p] += total
    shares = tuple(t / playouts for t in totals)
    intervals = [_wilson(s, playouts) for s in shares]
    means = None if points is None or not playouts else tuple(t / playouts for t in points)
    return Estimate(shares, tuple(lo for lo, _ in intervals), tuple(hi for _, hi in intervals), playouts, means)


def rank_moves(game_type: GameType[S, M], state: S, record: Mapping[str, object], *, playouts: int = 400,
               rng: random.Random, top: int = 3) -> list[MoveValue]:
    """The legal moves ranked by the mover's chance to win after each (flat Monte-Carlo: the
    playouts are shared out evenly, at least 8 a move), best first, the first ``top``. Each
    playout applies the move to its own deal of what is unseen (`dealt`)."""
    mover = _to_move(game_type, state)
    moves = game_type.legal_moves(state)
    each = max(8, playouts // max(1, len(moves)))
    ranked = []
    for move in moves:
        share, played = 0.0, 0
        for _ in range(each):
            after = applied_to_a_deal(game_type, state, move, rng)
            if after is None:
                continue
            won = playout(game_type, after, record, rng)
            share += (mover in won) / len(won)
            played += 1
        if played:
            ranked.append(MoveValue(move, share / played, played))
    ranked.sort(key=lambda v: -v.win)
    return ranked[:top]


UCB_C = 0.7  # exploration constant; about 1/sqrt(2), the usual choice for rewards in [0, 1]


def rank_moves_ucb(game_type: GameType[S, M], state: S, record: Mapping[str, object], *, playouts: int = 400,
                   rng: random.Random, top: int = 3) -> list[MoveValue]:
    """As `rank_moves`, but the playouts go to the moves by UCB1 (UCT at the root): 4 each
    first, then each to the move with the highest mean plus ``UCB_C * sqrt(ln N / n)``.
    `bench/analysis.py --hints` compares the two at the same number of playouts."""
    mover = _to_move(game_type, state)
    moves = game_type.legal_moves(state)
    wins, counts = [0.0] * len(moves), [0] * len(moves)

    def play(i: int) -> None:
        after = applied_to_a_deal(game_type, state, moves[i], rng)
        if after is not None:  # else counted as a playout not won: no deal tried admits the move
            won = playout(game_type, after, record, rng)
            wins[i] += (mover in won) / len(won)
        counts[i] += 1

    for i in range(len(moves)):
        for _ in range(4):
            play(i)
    for n in range(4 * len(moves), max(playouts, 4 * len(moves))):
        log_n = math.log(n)
        play(max(range(len(moves)), key=lambda i: wins[i] / counts[i] + UCB_C * math.sqrt(log_n / counts[i])))
    ranked = [MoveValue(m, wins[i] / counts[i], counts[i]) for i, m in enumerate(moves)]
    ranked.sort(key=lambda v: -v.win)
    return ranked[:top]
