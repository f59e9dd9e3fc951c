"""What decided a game (issue #41): each chance event's luck and each decision's effect, per
player, from a replayed record and Monte-Carlo win chances (`estimate`), seeded.

The decomposition telescopes, so that for every seat luck + skill = result - starting chance:

- ``W[k]``: each seat's estimated chance to win at the position before move k (``W[n]`` at the
  last position: the real result once the game is over).
- ``A[k]``: each seat's chance to win right after the chosen move k, averaged over everything
  the move could have turned up (the Duel's refills and reserve tokens, D4.2, D4.3; the base
  game's round cards and market cards, C2, C7): the move applied to fresh deals of what is
  unseen at k (`GameType.determinized`), each played on (`evaluate.applied_to_a_deal`).
  A move that turned up nothing (every deal shows the position the record shows) has
  ``A[k] = W[k + 1]``: no luck in it.
- the decision term of move k is ``A[k] - W[k]``, the chance term (luck) ``W[k + 1] - A[k]``.

A player's skill is the sum of the decision terms from their own point of view (their own
moves and, negatively, the others' good moves: `LuckSkill.own` keeps their own moves apart); their
luck is the sum of the chance terms. Besides the term, each decision has its cost: the
mover's best move's chance minus the chosen move's (flat Monte-Carlo over the legal moves,
the leading two topped up so that a puzzle can tell them apart, `rules_engine.analysis.puzzles`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from rules_engine.analysis.evaluate import _wilson, applied_to_a_deal, dealt, estimate, playout

if TYPE_CHECKING:
    from rules_engine.analysis.evaluate import M, S
    from rules_engine.gametype import GameType

#: What a stored luck analysis holds (games/analysis keys it by it): bump it when the figures change.
LUCK_VERSION = 1
DEALS_SEEN = 6  # deals of the position before a move compared with the record's to tell a chance event


@dataclass(frozen=True)
class MoveChance:
    """One legal move at a decision: the mover's chance to win after it, with its 95 % interval."""

    move: dict[str, Any]  # the move's JSON
    win: float
    low: float
    high: float
    playouts: int


@dataclass(frozen=True)
class Term:
    """One step of the game's win chances: a decision (``kind`` "decision": move ``move`` chosen by
    ``seat``) or the chance event that move ``move`` turned up (``kind`` "chance"). ``move`` is the
    0-based index in the record; the move list numbers it ``move + 1``. ``change``: each seat's
    change of chance to win. A decision's ``cost``: the mover's best move's chance minus the chosen
    one's (None at a forced move or when not ranked); ``ranked``: the legal moves best first.
    A chance event's ``turned_up``: what left the unseen pieces (tokens, market cards), by kind."""

    move: int
    kind: str
    seat: int
    change: tuple[float, ...]
    cost: float | None = None
    chosen: int | None = None  # the chosen move's place in ``ranked``
    ranked: tuple[MoveChance, ...] = ()
    turned_up: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class LuckSkill:
    """A game's win chances split into decisions and chance events (`luck_and_skill`)."""

    start: tuple[float, ...]  # each seat's chance to win before the first move
    result: tuple[float, ...]  # each seat's chance at the last position (the real result if over)
    chances: tuple[tuple[float, ...], ...]  # W[k] for every position
    terms: tuple[Term, ...] = field(default=())

    def luck(self, seat: int) -> float:
        return sum(t.change[seat] for t in self.terms if t.kind == "chance")

    def skill(self, seat: int) -> float:
        """Every decision's effect on ``seat``'s chance: their own moves and the others'."""
        return sum(t.change[seat] for t in self.terms if t.kind == "decision")

    def own(self, seat: int) -> float:
        """The effect of ``seat``'s own decisions on their chance."""
        return sum(t.change[seat] for t in self.terms if t.kind == "decision" and t.seat == seat)


def _shares(winners: Sequence[list[int]], seats: int) -> tuple[float, ...]:
    totals = [0.0] * seats
    for won in winners:
        for p in won:
            totals[p] += 1 / len(won)
    return tuple(t / max(1, len(winners)) for t in totals)


def bare_move(game_type: GameType[S, M], state: S, recorded: Any) -> tuple[list[M], int | None]:
    """The legal moves at ``state`` and the place among them of the ``recorded`` move: the legal
    move that agrees with it on every field it has (a transcribed move also names what the table
    turned up, F2 ``refill``/``reveal``; the legal move lets a deal turn up something else)."""
    moves = game_type.legal_moves(state)
    played = game_type.move_to_json(recorded)
    best, size = None, -1
    for i, move in enumerate(moves):
        js = game_type.move_to_json(move)
        if all(played.get(k) == v for k, v in js.items()) and len(js) > size:
            best, size = i, len(js)
    return moves, best


def turned_up(game_type: GameType[S, M], before: S, after: S) -> tuple[tuple[str, int], ...]:
    """What left the unseen pieces between two positions (`GameType.unseen`), by kind."""
    gone = Counter(game_type.unseen(before)) - Counter(game_type.unseen(after))
    return tuple(sorted(gone.items()))


def is_chance(game_type: GameType[S, M], before: S, move: M, after: S, record: Mapping[str, object],
              rng: random.Random) -> bool:
    """Whether ``move`` turned up something at random: some deal of what is unseen before it
    shows another position after it than the record does (the players' view, `state_to_json`)."""
    seen = game_type.state_to_json(dealt(game_type, after, rng), record)
    for _ in range(DEALS_SEEN):
        other = applied_to_a_deal(game_type, before, move, rng)
        if other is not None and game_type.state_to_json(other, record) != seen:
            return True
    return False


def mean_after(game_type: GameType[S, M], before: S, move: M, record: Mapping[str, object], seats: int, *,
               playouts: int, rng: random.Random) -> tuple[float, ...] | None:
    """Each seat's chance to win after ``move``, over deals of what it could turn up (A[k])."""
    won = []
    for _ in range(playouts):
        after = applied_to_a_deal(game_type, before, move, rng)
        if after is not None:
            won.append(playout(game_type, after, record, rng))
    return _shares(won, seats) if won else None


def rank_all(game_type: GameType[S, M], state: S, moves: Sequence[M], record: Mapping[str, object], *,
             playouts: int, deep: int, rng: random.Random, also: int | None = None) -> list[tuple[int, MoveChance]]:
    """Every legal move's chance for the mover (``playouts`` each), the leading two (and ``also``,
    the chosen one) topped up to ``deep``; as (index in ``moves``, value), best first."""
    mover = game_type.to_move(state)
    wins, counts = [0.0] * len(moves), [0] * len(moves)

    def play(i: int, n: int) -> None:
        for _ in range(n):
            after = applied_to_a_deal(game_type, state, moves[i], rng)
            if after is None:
                continue
            won = playout(game_type, after, record, rng)
            wins[i] += (mover in won) / len(won)
            counts[i] += 1

    for i in range(len(moves)):
        play(i, playouts)
    order = sorted((i for i in range(len(moves)) if counts[i]), key=lambda i: -wins[i] / counts[i])
    for i in {*order[:2], *(() if also is None else (also,))}:
        play(i, max(0, deep - counts[i]))
    out = []
    for i in range(len(moves)):
        if counts[i]:
            share = wins[i] / counts[i]
            low, high = _wilson(share, counts[i])
            out.append((i, MoveChance(game_type.move_to_json(moves[i]), share, low, high, counts[i])))
    out.sort(key=lambda pair: -pair[1].win)
    return out


def luck_and_skill(game_type: GameType[S, M], record: Mapping[str, Any], *, playouts: int = 200,
                   move_playouts: int = 12, deep_playouts: int = 60, seed: int = 0,
                   states: Sequence[S] | None = None, chances: Sequence[Sequence[float]] | None = None,
                   progress: Any = None) -> LuckSkill:
    """Split the game's win chances into decisions and chance events (module docstring).

    Cost, in playouts: ``playouts`` per position (none when ``chances``, the positions' win
    chances, are given), ``playouts`` more per move that turned something up, and per decision
    ``move_playouts`` per legal move plus up to ``deep_playouts`` for the leading two and the
    chosen one (``move_playouts=0``: decisions are not ranked, no cost). Seeded by ``seed``:
    the same record, the same figures. ``progress(done, total)`` is called after each move."""
    if states is None:
        replay = game_type.replay(record)
        states = list(replay.states)  # type: ignore[arg-type]
        raw_moves = list(replay.moves)
    else:
        raw_moves = list(record.get("moves") or [])
    seats = len(record.get("players") or ()) or 2
    w: list[tuple[float, ...]] = []
    for ply, state in enumerate(states):
        if chances is not None:
            w.append(tuple(chances[ply]))
        else:
            w.append(estimate(game_type, state, record, playouts=playouts, rng=random.Random(seed * 7919 + ply)).wins)
    terms: list[Term] = []
    for k, raw in enumerate(raw_moves):
        before, after = states[k], states[k + 1]
        rng = random.Random(seed * 104729 + k)
        mover = game_type.to_move(before)
        assert mover is not None
        moves, chosen = bare_move(game_type, before, raw)
        move: M = moves[chosen] if chosen is not None else cast("M", raw)
        mean = None
        if is_chance(game_type, before, move, after, record, rng):
            mean = mean_after(game_type, before, move, record, seats, playouts=playouts, rng=rng)
        a = w[k + 1] if mean is None else mean
        ranked: list[tuple[int, MoveChance]] = []
        if move_playouts and len(moves) > 1:
            ranked = rank_all(game_type, before, moves, record, playouts=move_playouts, deep=deep_playouts,
                              rng=rng, also=chosen)
        place = next((r for r, (i, _) in enumerate(ranked) if i == chosen), None)
        cost = None if place is None else max(0.0, ranked[0][1].win - ranked[place][1].win)
        if len(moves) == 1:
            cost = 0.0
        terms.append(Term(k, "decision", mover, tuple(a[p] - w[k][p] for p in range(seats)), cost, place,
                          tuple(v for _, v in ranked)))
        if mean is not None:
            terms.append(Term(k, "chance", mover, tuple(w[k + 1][p] - a[p] for p in range(seats)),
                              turned_up=turned_up(game_type, before, after)))
        if progress is not None:
            progress(k + 1, len(raw_moves))
    return LuckSkill(w[0], w[-1], tuple(w), tuple(terms))
