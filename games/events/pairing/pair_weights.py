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


def kind(player: Any) -> tuple[Any, ...]:
    """Everything of a player that the quality criteria and the bye preference read."""
    preference = player.color_preference
    return (player.points_with_acceleration, player.role, preference.side, preference.strength,
            player.color_difference, player.color_double, player.float_1, player.float_2,
            player.top_scorer, player.bye_received)


class KindBracketMatcher(BracketMatcher):
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
def memoized() -> Iterator[None]:
    """py4swiss's brackets matched by `KindBracketMatcher` while the block runs (the bracket
    pairer looks its matcher class up in its module at each bracket). One block at a time."""
    with _SWAP:
        bracket_pairer.BracketMatcher = KindBracketMatcher
        try:
            yield
        finally:
            bracket_pairer.BracketMatcher = BracketMatcher
