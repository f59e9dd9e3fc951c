"""py4swiss's Dutch pair weights (the 2025 edition, swiss_dutch.py) computed once per kind of pair.

py4swiss sets up each bracket's matching with a weight for every pair of the bracket and the
players below it: the quality criteria C.5–C.19 of C.04.3 packed into one wide integer. A
200-player round builds about 23,000 of them in Python, 95 % of the round's time. The
criteria read only what a player brings to the board — points (with acceleration), role in
the bracket, colour preference, colour difference and double, the last two floats, top
scorer — and the bye flag the last brackets add, never who the player is; a round of 200 has
a few dozen such kinds. While `memoized()` runs, each bracket's matcher computes a weight once
per pair of kinds and copies it for every other pair of those kinds. Whether two players may
meet at all (C.1–C.3: who met whom, absolute colours) is still asked of the library for every
pair. The pairings are the library's own, checked equal on random rounds
(tests/events/test_pair_weights.py); py4swiss is pinned (requirements.txt), since this relies
on what its criteria read."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from py4swiss.dynamicuint import DynamicUint  # type: ignore[import-untyped]
from py4swiss.engines.dutch.bracket import bracket_pairer  # type: ignore[import-untyped]
from py4swiss.engines.dutch.bracket.bracket_matcher import BracketMatcher  # type: ignore[import-untyped]
from py4swiss.engines.dutch.criteria import QUALITY_CRITERIA  # type: ignore[import-untyped]
from py4swiss.engines.dutch.criteria.quality import C7  # type: ignore[import-untyped]
from py4swiss.engines.dutch.player import PlayerRole  # type: ignore[import-untyped]


def kind(player: Any) -> tuple[Any, ...]:
    """Everything of a player that the quality criteria and the bye preference read."""
    preference = player.color_preference
    return (player.points_with_acceleration, player.role, preference.side, preference.strength,
            player.color_difference, player.color_double, player.float_1, player.float_2,
            player.top_scorer, player.bye_received)


class FinalBracketsMatcher(BracketMatcher):
    """py4swiss's matcher with the bye preference bbpPairings v5 gives the bracket before the
    last score group (C.04.3 2025, C.4 with C.2 and C.7: the downfloaters chosen so that the
    last bracket can leave an eligible player unpaired).

    py4swiss weighs C.7 there as bbpPairings does (pairs in the following bracket, then its
    PSD) but counts each pair as 1; bbpPairings counts it 1 plus one for each of its players
    who may not take the pairing-allocated bye (had one, or a forfeit win), on every edge of
    the bracket, so the pairing that leaves only players who may take the bye unpaired in the
    last bracket wins the tie. Without it py4swiss, in about 4 of 1,000 random rounds, left a
    barred player to the last bracket and gave the bye to a downfloater of a higher score."""

    def __init__(self, bracket: Any, validity_matcher: Any) -> None:
        # The last score group: the lowest score of the round (brackets are score groups until
        # the PPB collapses them, and then this weighting no longer applies).
        players = validity_matcher._players
        lowest = min(p.points_with_acceleration for p in players) if players else 0
        self._final = (not bracket.penultimate_pairing_bracket and not bracket.last_pairing_bracket
                       and bool(bracket.lower_list) and bracket.lower_list[0].points_with_acceleration == lowest)
        super().__init__(bracket, validity_matcher)

    def _count_bits(self) -> int:
        # Each edge counts up to 3; a matching has at most half the bracket's players as pairs.
        return (3 * len(self._player_list)).bit_length() + 1

    def _shift(self, criterion: Any) -> int:
        if self._final and criterion is C7:
            return self._count_bits() + self._bracket.score_difference_total_bits
        return int(criterion.get_shift(self._bracket))

    def _get_max_weight(self) -> DynamicUint:
        if not self._final:
            return super()._get_max_weight()
        weight = DynamicUint(1)
        weight.shift_grow(2)
        for criterion in QUALITY_CRITERIA:
            weight.shift_grow(self._shift(criterion))
        weight.shift_grow(3 * self._bracket.bracket_bits)
        weight.shift_grow(2)
        weight >>= 1
        weight -= (weight & 0) | 1
        return weight

    def _get_weight(self, player_1: Any, player_2: Any) -> Any:
        if not self._final:
            return super()._get_weight(player_1, player_2)
        bracket, zero = self._bracket, self._zero_weight
        weight = DynamicUint(zero)
        if not self._validity_matcher.is_allowed_pair(player_1, player_2):
            return weight
        for criterion in QUALITY_CRITERIA:
            weight <<= self._shift(criterion)
            if criterion is C7:
                # bbpPairings' count: every pair, plus its players barred from the bye; then
                # the PSD part as py4swiss's C.7.
                part = DynamicUint(zero) | (1 + int(player_1.bye_received) + int(player_2.bye_received))
                part <<= bracket.score_difference_total_bits
                for player in (player_1, player_2):
                    if player.role != PlayerRole.LOWER:
                        difference = player.points_with_acceleration - bracket.min_bracket_score + 10
                        part += (zero | 1) << bracket.score_difference_bit_dict[difference]
                weight += part
            else:
                weight += criterion.get_weight(player_1, player_2, zero, bracket)
        weight <<= 3 * bracket.bracket_bits + 1
        return weight


class KindBracketMatcher(FinalBracketsMatcher):
    """py4swiss's matcher, its pair weights computed once per pair of kinds."""

    def __init__(self, bracket: Any, validity_matcher: Any) -> None:
        # The library weighs every pair while it sets up (super().__init__), the players'
        # roles in this bracket already given: each player's kind, numbered, before that.
        numbers: dict[tuple[Any, ...], int] = {}
        self._kind_of = {p.id: numbers.setdefault(kind(p), len(numbers))
                         for p in bracket.mdp_list + bracket.resident_list + bracket.lower_list}
        self._kind_weights: dict[tuple[int, int], Any] = {}
        super().__init__(bracket, validity_matcher)

    def _get_weight(self, player_1: Any, player_2: Any) -> Any:
        if not self._validity_matcher.is_allowed_pair(player_1, player_2):
            return DynamicUint(self._zero_weight)
        key = (self._kind_of[player_1.id], self._kind_of[player_2.id])
        weight = self._kind_weights.get(key)
        if weight is None:
            weight = self._kind_weights[key] = super()._get_weight(player_1, player_2)
        # A copy: the library clears a removed edge's weight in place (`_remove_weight`).
        return DynamicUint(weight)


_SWAP = threading.Lock()


@contextmanager
def memoized(kinds: bool = True) -> Iterator[None]:
    """py4swiss's brackets matched by `KindBracketMatcher` while the block runs (the bracket
    pairer looks its matcher class up in its module at each bracket); ``kinds=False``: by
    `FinalBracketsMatcher`, every pair weighed (what the tests compare with). One block at a time."""
    with _SWAP:
        bracket_pairer.BracketMatcher = KindBracketMatcher if kinds else FinalBracketsMatcher
        try:
            yield
        finally:
            bracket_pairer.BracketMatcher = BracketMatcher
