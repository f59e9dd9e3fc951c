"""Duel final scoring (duel.md D7), with one explained line per monument and extra so a
person can check every point.

`score` is called on every keystroke of the calculator and after every ply of a replay, so
it does no validation (a `DuelBoard` is validated when it is built) and uses plain tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_engine.duel.board import DuelBoard, PlayerBoard, parse_board

BREAKDOWN_KEYS = ("obelisk", "temple", "pyramid", "tomb", "action_tokens", "meeples")

# D7.1
OBELISK_A_MAJORITY_BONUS = 6
OBELISK_B_FIRST, OBELISK_B_SECOND, OBELISK_B_TEN_OR_MORE = 12, 6, 18
# D7.2 B: points for a set of 0/1/2/3/4 distinct temple values
TEMPLE_B_SET = (0, 1, 4, 9, 16)
# D7.3, indexed by number of tokens 0..6
PYRAMID_A = (0, 1, 3, 6, 10, 15, 21)
PYRAMID_B = (-6, 0, 4, 10, 18, 30, 45)
# D7.4 A, indexed by group size 0..5 (5 or more → 25)
TOMB_A_GROUP = (0, 1, 4, 9, 16, 25)
TOMB_B_GROUP = 4


@dataclass(frozen=True, slots=True)
class ScoreLine:
    monument: str  # one of BREAKDOWN_KEYS
    side: str | None  # "A"/"B" for monuments, None for the extras
    rule: str  # the rules section, e.g. "D7.4"
    text: str  # e.g. "Tomb A: 1-2-3 → 9, 5 → 1, 7 → 1"
    points: int

    def to_json(self) -> dict:
        return {"monument": self.monument, "side": self.side, "rule": self.rule,
                "text": self.text, "points": self.points}


@dataclass(frozen=True, slots=True)
class PlayerScore:
    name: str | None
    total: int
    breakdown: dict[str, int]  # keys BREAKDOWN_KEYS, in that order
    lines: tuple[ScoreLine, ...]

    def to_json(self) -> dict:
        return {"name": self.name, "total": self.total, "breakdown": dict(self.breakdown),
                "lines": [line.to_json() for line in self.lines]}


@dataclass(frozen=True, slots=True)
class DuelScore:
    players: tuple[PlayerScore, PlayerScore]
    winner: int  # index into players
    tie_broken: bool  # totals were equal and D7.6 (the player who did not start) decided

    def to_json(self) -> dict:
        """The F1 score result (formats.md), plus each player's explained ``lines``."""
        return {"game": "duel", "winner": self.winner, "tie_broken": self.tie_broken,
                "players": [p.to_json() for p in self.players]}


def score(board: DuelBoard) -> DuelScore:
    """Final scores of a (valid) Duel board by D7, and the winner by D7.6."""
    sides = board.sides
    p0, p1 = board.players
    scores = (_score_player(p0, p1, 1, sides), _score_player(p1, p0, 0, sides))
    winner, tie_broken = decide_winner((scores[0].total, scores[1].total), board.starting_player)
    return DuelScore(scores, winner, tie_broken)


def decide_winner(totals: Sequence[int], starting_player: int) -> tuple[int, bool]:
    """D7.6: (index of the winner, whether the tie-break decided). Higher total wins; on a tie
    the player who did not start wins."""
    t0, t1 = totals
    if t0 != t1:
        return (0 if t0 > t1 else 1), False
    return 1 - starting_player, True


def score_json(data: object) -> dict:
    """F1 board dict in, F1 score result dict out; raises BoardError for a bad board."""
    return score(parse_board(data)).to_json()


def _score_player(me: PlayerBoard, other: PlayerBoard, other_index: int,
                  sides: dict[str, str]) -> PlayerScore:
    lines = (
        _obelisk(me, other, other_index, sides["obelisk"]),
        _temple(me, sides["temple"]),
        _pyramid(me, sides["pyramid"]),
        _tomb(me, sides["tomb"]),
        ScoreLine("action_tokens", None, "D7.5",
                  f"Action tokens: {me.action_tokens} unused → {me.action_tokens}", me.action_tokens),
        ScoreLine("meeples", None, "D7.5",
                  f"Meeples: {me.meeples_on_harbor} on the harbor → {me.meeples_on_harbor}",
                  me.meeples_on_harbor),
    )
    breakdown = {line.monument: line.points for line in lines}
    return PlayerScore(me.name, sum(breakdown.values()), breakdown, lines)


def _tokens(n: int) -> str:
    return "1 token" if n == 1 else f"{n} tokens"


def _obelisk(me: PlayerBoard, other: PlayerBoard, other_index: int, side: str) -> ScoreLine:
    mine, theirs = me.obelisk, other.obelisk
    who = other.name or f"player {other_index + 1}"
    if side == "A":
        # D7.1 A: 1 per token, +6 for strictly more than the other player.
        if mine > theirs:
            return ScoreLine("obelisk", "A", "D7.1",
                             f"Obelisk A: {_tokens(mine)} → {mine} + {OBELISK_A_MAJORITY_BONUS} "
                             f"for more than {who} ({theirs})", mine + OBELISK_A_MAJORITY_BONUS)
        why = f"{who} has more" if theirs > mine else f"tied with {who}"
        return ScoreLine("obelisk", "A", "D7.1", f"Obelisk A: {_tokens(mine)} → {mine} ({why}: no bonus)",
                         mine)
    # D7.1 B (docs/rulings.md "D7.1 B obelisk"): 10+ → 18; else at least 5: first → 12,
    # second → 6. With 12 tokens in the game a player with 10+ is necessarily the only one to
    # reach 5, and when only one player reached 5 that player was first whatever the flag says.
    if mine >= 10:
        return ScoreLine("obelisk", "B", "D7.1",
                         f"Obelisk B: {_tokens(mine)}, 10 or more → {OBELISK_B_TEN_OR_MORE} (12 + 6)",
                         OBELISK_B_TEN_OR_MORE)
    if mine < 5:
        return ScoreLine("obelisk", "B", "D7.1", f"Obelisk B: {_tokens(mine)}, fewer than 5 → 0", 0)
    if theirs < 5 or me.obelisk_first_to_five:
        return ScoreLine("obelisk", "B", "D7.1",
                         f"Obelisk B: {_tokens(mine)}, first to 5 → {OBELISK_B_FIRST}", OBELISK_B_FIRST)
    return ScoreLine("obelisk", "B", "D7.1",
                     f"Obelisk B: {_tokens(mine)}, 5 or more but {who} was first to 5 → {OBELISK_B_SECOND}",
                     OBELISK_B_SECOND)


def _temple(me: PlayerBoard, side: str) -> ScoreLine:
    values = me.temple
    if not values:
        return ScoreLine("temple", side, "D7.2", f"Temple {side}: no tokens → 0", 0)
    if side == "A":
        # D7.2 A: 1 point per circle symbol.
        total = sum(values)
        shown = " + ".join(map(str, sorted(values)))
        return ScoreLine("temple", "A", "D7.2", f"Temple A: {shown} symbols → {total}", total)
    # D7.2 B: greedy sets of distinct values; set k holds every value held at least k times.
    counts = [0, 0, 0, 0, 0]
    for v in values:
        counts[v] += 1
    parts = []
    total = 0
    for k in range(1, max(counts) + 1):
        in_set = [str(v) for v in (1, 2, 3, 4) if counts[v] >= k]
        points = TEMPLE_B_SET[len(in_set)]
        total += points
        parts.append(f"set {'-'.join(in_set)} → {points}")
    return ScoreLine("temple", "B", "D7.2", f"Temple B: {', '.join(parts)}", total)


def _pyramid(me: PlayerBoard, side: str) -> ScoreLine:
    light, dark = me.pyramid_light, me.pyramid_dark
    if side == "A":
        # D7.3 A: each colour scores on its own.
        a, b = PYRAMID_A[light], PYRAMID_A[dark]
        return ScoreLine("pyramid", "A", "D7.3", f"Pyramid A: light {light} → {a}, dark {dark} → {b}", a + b)
    # D7.3 B: only the smaller pyramid (either one if equal) scores.
    if light == dark:
        points = PYRAMID_B[light]
        return ScoreLine("pyramid", "B", "D7.3",
                         f"Pyramid B: light and dark equal, one pyramid of {light} counts → {points}", points)
    colour, n = ("light", light) if light < dark else ("dark", dark)
    points = PYRAMID_B[n]
    return ScoreLine("pyramid", "B", "D7.3", f"Pyramid B: smaller pyramid {colour} {n} → {points}", points)


def _tomb_groups(numbers: tuple[int, ...]) -> list[list[int]]:
    """D7.4: runs of consecutive numbers; 12 and 1 are not consecutive (no wrap-around)."""
    groups: list[list[int]] = []
    previous = -1
    for n in sorted(numbers):
        if n == previous + 1:
            groups[-1].append(n)
        else:
            groups.append([n])
        previous = n
    return groups


def _tomb(me: PlayerBoard, side: str) -> ScoreLine:
    if not me.tomb:
        return ScoreLine("tomb", side, "D7.4", f"Tomb {side}: no tokens → 0", 0)
    groups = _tomb_groups(me.tomb)
    shown = ["-".join(map(str, g)) for g in groups]
    if side == "A":
        # D7.4 A: 1/4/9/16/25 for a group of 1/2/3/4/5-or-more.
        points = [TOMB_A_GROUP[min(len(g), 5)] for g in groups]
        text = ", ".join(f"{s} → {p}" for s, p in zip(shown, points, strict=True))
        return ScoreLine("tomb", "A", "D7.4", f"Tomb A: {text}", sum(points))
    # D7.4 B: 4 per group whatever its size.
    n = len(groups)
    total = TOMB_B_GROUP * n
    what = "1 group" if n == 1 else f"{n} groups"
    return ScoreLine("tomb", "B", "D7.4", f"Tomb B: {what} ({', '.join(shown)}) × {TOMB_B_GROUP} → {total}",
                     total)
