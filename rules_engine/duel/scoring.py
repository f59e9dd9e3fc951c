"""Duel final scoring (duel.md D7), with one explained line per monument and extra so a
person can check every point.

`score` is called on every keystroke of the calculator and after every ply of a replay, so
it does no validation (a `DuelBoard` is validated when it is built) and uses plain tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rules_engine.duel.board import DuelBoard, PlayerBoard, parse_board
from rules_engine.duel.monument_points import (
    OBELISK_A_MAJORITY_BONUS,
    OBELISK_B_FIRST,
    OBELISK_B_SECOND,
    OBELISK_B_TEN,
    OBELISK_B_TEN_OR_MORE,
    OBELISK_B_THRESHOLD,
    PYRAMID_A,
    PYRAMID_B,
    TEMPLE_B_SET,
    TOMB_A_GROUP,
    TOMB_B_GROUP,
)
from rules_engine.messages import Message, msg, plural
from rules_engine.scores import Json, PlayerScore, ScoreLine, ScoreResult

BREAKDOWN_KEYS = ("obelisk", "temple", "pyramid", "tomb", "action_tokens", "meeples")



@dataclass(frozen=True, slots=True)
class DuelScore(ScoreResult):
    """A Duel's score: one winner (D7.6); its JSON is F1's (``winner``, ``tie_broken``)."""

    @property
    def winner(self) -> int:
        """The winner's seat (index into players)."""
        return self.winners[0]

    def to_json(self) -> dict[str, Json]:
        """The F1 score result (formats.md), plus each player's explained ``lines``."""
        out: dict[str, Json] = {"game": self.game, "winner": self.winner, "tie_broken": self.tie_broken,
                                "players": [p.to_json() for p in self.players]}
        if self.variants:
            out["variants"] = list(self.variants)
        return out


def score(board: DuelBoard) -> DuelScore:
    """Final scores of a (valid) Duel board by D7, and the winner by D7.6."""
    sides = board.sides
    p0, p1 = board.players
    scores = (_score_player(p0, p1, 1, sides), _score_player(p1, p0, 0, sides))
    winner, tie_broken = decide_winner((scores[0].total, scores[1].total), board.starting_player)
    return DuelScore("duel", scores, (winner,), tie_broken)


def decide_winner(totals: Sequence[int], starting_player: int) -> tuple[int, bool]:
    """D7.6: (index of the winner, whether the tie-break decided). Higher total wins; on a tie
    the player who did not start wins."""
    t0, t1 = totals
    if t0 != t1:
        return (0 if t0 > t1 else 1), False
    return 1 - starting_player, True


def totals(board: DuelBoard) -> tuple[int, int]:
    """Each player's D7 total of ``board`` without the explanation lines, for the thousands of
    playouts an analysis scores (the same rules as `score`; tests hold the two equal)."""
    p0, p1 = board.players
    sides = board.sides
    return _total(p0, p1, sides), _total(p1, p0, sides)


def winner(board: DuelBoard) -> int:
    """`score(board).winner` from the `totals` alone (D7.6)."""
    return decide_winner(totals(board), board.starting_player)[0]


def _total(me: PlayerBoard, other: PlayerBoard, sides: dict[str, str]) -> int:
    """One player's D7 total, as `_score_player` adds it up."""
    total = me.action_tokens + me.meeples_on_harbor  # D7.5
    mine, theirs = me.obelisk, other.obelisk  # D7.1
    if sides["obelisk"] == "A":
        total += mine + (OBELISK_A_MAJORITY_BONUS if mine > theirs else 0)
    elif mine >= OBELISK_B_TEN:
        total += OBELISK_B_TEN_OR_MORE
    elif mine >= OBELISK_B_THRESHOLD:
        total += OBELISK_B_FIRST if theirs < OBELISK_B_THRESHOLD or me.obelisk_first_to_five else OBELISK_B_SECOND
    values = me.temple  # D7.2
    if sides["temple"] == "A":
        total += sum(values)
    elif values:
        counts = [0, 0, 0, 0, 0]
        for v in values:
            counts[v] += 1
        for k in range(1, max(counts) + 1):
            total += TEMPLE_B_SET[sum(1 for v in (1, 2, 3, 4) if counts[v] >= k)]
    light, dark = me.pyramid_light, me.pyramid_dark  # D7.3
    total += PYRAMID_A[light] + PYRAMID_A[dark] if sides["pyramid"] == "A" else PYRAMID_B[min(light, dark)]
    if me.tomb:  # D7.4
        groups = _tomb_groups(me.tomb)
        if sides["tomb"] == "A":
            total += sum(TOMB_A_GROUP[min(len(g), 5)] for g in groups)
        else:
            total += TOMB_B_GROUP * len(groups)
    return total


def score_json(data: object) -> dict[str, Json]:
    """F1 board dict in, F1 score result dict out; raises BoardError for a bad board."""
    return score(parse_board(data)).to_json()


def _score_player(me: PlayerBoard, other: PlayerBoard, other_index: int,
                  sides: dict[str, str]) -> PlayerScore:
    lines = (
        _obelisk(me.obelisk, other.obelisk, me.obelisk_first_to_five, other.name, other_index, sides["obelisk"]),
        _temple(me.temple, sides["temple"]),
        _pyramid(me.pyramid_light, me.pyramid_dark, sides["pyramid"]),
        _tomb(me.tomb, sides["tomb"]),
        *_extras(me.action_tokens, me.meeples_on_harbor),
    )
    breakdown = {line.monument: line.points for line in lines}
    return PlayerScore(me.name, sum(breakdown.values()), breakdown, lines)


# Each line is a function of a few plain values (ints, texts, tuples of ints), and the lines of
# one board repeat in the next (a replay's command line scores a record per line): kept per
# process (lines and their messages are immutable). ``typed``: True is no 1 here.
_lines = lru_cache(maxsize=4096, typed=True)


@_lines
def _extras(n: int, m: int) -> tuple[ScoreLine, ScoreLine]:
    return (
        # Translators: a score line (D7.5): {n} unused action tokens, worth {points}.
        ScoreLine("action_tokens", None, "D7.5", msg("Action tokens: {n} unused → {points}", n=n, points=n), n),
        # Translators: a score line (D7.5): {n} of the player's meeples on the harbor, worth {points}.
        ScoreLine("meeples", None, "D7.5", msg("Meeples: {n} on the harbor → {points}", n=m, points=m), m),
    )


def _tokens(n: int) -> Message:
    # Translators: a number of tokens inside a score line, e.g. "Obelisk A: 3 tokens → 3".
    return plural("{n} token", "{n} tokens", n=n)


@_lines
def _obelisk(mine: int, theirs: int, first_to_five: bool, other_name: str | None, other_index: int,
             side: str) -> ScoreLine:
    # Translators: a player without a name, by seat: "player 2".
    who = other_name or msg("player {seat}", seat=other_index + 1)
    if side == "A":
        # D7.1 A: 1 per token, +6 for strictly more than the other player.
        if mine > theirs:
            points = mine + OBELISK_A_MAJORITY_BONUS
            # Translators: a score line (D7.1 A): {tokens} e.g. "3 tokens"; {other} the other player, who has {theirs}.
            text = msg("Obelisk A: {tokens} → {count} + {bonus} for more than {other} ({theirs})",
                       tokens=_tokens(mine), count=mine, bonus=OBELISK_A_MAJORITY_BONUS, other=who, theirs=theirs)
            return ScoreLine("obelisk", "A", "D7.1", text, points)
        if theirs > mine:
            # Translators: a score line (D7.1 A): {tokens} e.g. "3 tokens"; {other} the other player, who has more.
            text = msg("Obelisk A: {tokens} → {points} ({other} has more: no bonus)", tokens=_tokens(mine),
                       points=mine, other=who)
        else:
            # Translators: a score line (D7.1 A): {tokens} e.g. "3 tokens"; {other} the other player, who has as many.
            text = msg("Obelisk A: {tokens} → {points} (tied with {other}: no bonus)", tokens=_tokens(mine),
                       points=mine, other=who)
        return ScoreLine("obelisk", "A", "D7.1", text, mine)
    # D7.1 B (docs/rulings.md "D7.1 B obelisk"): 10+ → 18; else at least 5: first → 12,
    # second → 6. With 12 tokens in the game a player with 10+ is necessarily the only one to
    # reach 5, and when only one player reached 5 that player was first whatever the flag says.
    if mine >= OBELISK_B_TEN:
        # Translators: a score line (D7.1 B): {tokens} e.g. "10 tokens".
        text = msg("Obelisk B: {tokens}, 10 or more → {points} (12 + 6)", tokens=_tokens(mine),
                   points=OBELISK_B_TEN_OR_MORE)
        return ScoreLine("obelisk", "B", "D7.1", text, OBELISK_B_TEN_OR_MORE)
    if mine < OBELISK_B_THRESHOLD:
        # Translators: a score line (D7.1 B): {tokens} e.g. "3 tokens".
        text = msg("Obelisk B: {tokens}, fewer than 5 → 0", tokens=_tokens(mine))
        return ScoreLine("obelisk", "B", "D7.1", text, 0)
    if theirs < OBELISK_B_THRESHOLD or first_to_five:
        # Translators: a score line (D7.1 B): {tokens} e.g. "6 tokens".
        text = msg("Obelisk B: {tokens}, first to 5 → {points}", tokens=_tokens(mine), points=OBELISK_B_FIRST)
        return ScoreLine("obelisk", "B", "D7.1", text, OBELISK_B_FIRST)
    # Translators: a score line (D7.1 B): {tokens} e.g. "6 tokens"; {other} the other player.
    text = msg("Obelisk B: {tokens}, 5 or more but {other} was first to 5 → {points}", tokens=_tokens(mine),
               other=who, points=OBELISK_B_SECOND)
    return ScoreLine("obelisk", "B", "D7.1", text, OBELISK_B_SECOND)


@_lines
def _temple(values: tuple[int, ...], side: str) -> ScoreLine:
    if not values:
        # Translators: a score line (D7.2): side {side} (A or B) of the temple, no tokens held.
        return ScoreLine("temple", side, "D7.2", msg("Temple {side}: no tokens → 0", side=side), 0)
    if side == "A":
        # D7.2 A: 1 point per circle symbol.
        total = sum(values)
        shown = " + ".join(map(str, sorted(values)))
        # Translators: a score line (D7.2 A): {values} adds up the tokens' symbols, e.g. "1 + 2 + 4"; {n} their sum.
        text = plural("Temple A: {values} symbols → {n}", "Temple A: {values} symbols → {n}", values=shown, n=total)
        return ScoreLine("temple", "A", "D7.2", text, total)
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
        # Translators: part of a score line (D7.2 B): a set of different temple values, e.g. "1-2-4", and its points.
        parts.append(msg("set {values} → {points}", values="-".join(in_set), points=points))
    # Translators: a score line (D7.2 B): {sets} lists the sets, e.g. "set 1-2-4 → 9, set 2 → 1".
    return ScoreLine("temple", "B", "D7.2", msg("Temple B: {sets}", sets=tuple(parts)), total)


@_lines
def _pyramid(light: int, dark: int, side: str) -> ScoreLine:
    if side == "A":
        # D7.3 A: each colour scores on its own.
        a, b = PYRAMID_A[light], PYRAMID_A[dark]
        # Translators: a score line (D7.3 A): {light} light and {dark} dark pyramid tokens, worth {a} and {b}.
        text = msg("Pyramid A: light {light} → {a}, dark {dark} → {b}", light=light, a=a, dark=dark, b=b)
        return ScoreLine("pyramid", "A", "D7.3", text, a + b)
    # D7.3 B: only the smaller pyramid (either one if equal) scores.
    if light == dark:
        points = PYRAMID_B[light]
        # Translators: a score line (D7.3 B): both pyramids have {n} tokens; one of them counts.
        text = msg("Pyramid B: light and dark equal, one pyramid of {n} counts → {points}", n=light, points=points)
        return ScoreLine("pyramid", "B", "D7.3", text, points)
    if light < dark:
        points = PYRAMID_B[light]
        # Translators: a score line (D7.3 B): the light pyramid, with {n} tokens, is the smaller one.
        text = msg("Pyramid B: smaller pyramid light {n} → {points}", n=light, points=points)
    else:
        points = PYRAMID_B[dark]
        # Translators: a score line (D7.3 B): the dark pyramid, with {n} tokens, is the smaller one.
        text = msg("Pyramid B: smaller pyramid dark {n} → {points}", n=dark, points=points)
    return ScoreLine("pyramid", "B", "D7.3", text, points)


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


@_lines
def _tomb(tomb: tuple[int, ...], side: str) -> ScoreLine:
    if not tomb:
        # Translators: a score line (D7.4): side {side} (A or B) of the tombs, no tokens held.
        return ScoreLine("tomb", side, "D7.4", msg("Tomb {side}: no tokens → 0", side=side), 0)
    groups = _tomb_groups(tomb)
    shown = tuple("-".join(map(str, g)) for g in groups)
    if side == "A":
        # D7.4 A: 1/4/9/16/25 for a group of 1/2/3/4/5-or-more.
        points = [TOMB_A_GROUP[min(len(g), 5)] for g in groups]
        each = tuple(f"{s} → {p}" for s, p in zip(shown, points, strict=True))  # numbers only: "1-2-3 → 9"
        # Translators: a score line (D7.4 A): {groups} lists each run of tomb numbers and its points.
        return ScoreLine("tomb", "A", "D7.4", msg("Tomb A: {groups}", groups=each), sum(points))
    # D7.4 B: 4 per group whatever its size.
    n = len(groups)
    total = TOMB_B_GROUP * n
    # Translators: a score line (D7.4 B): {n} runs of tomb numbers, listed in {groups}, {each} points each.
    text = plural("Tomb B: {n} group ({groups}) × {each} → {points}",
                  "Tomb B: {n} groups ({groups}) × {each} → {points}", n=n, groups=shown, each=TOMB_B_GROUP,
                  points=total)
    return ScoreLine("tomb", "B", "D7.4", text, total)
