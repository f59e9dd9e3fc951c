"""The Duel's scoring tables (duel.md D7), declared once: the pure scoring (`scoring`) reads
them and the compiled playout (`compiled.kernel`) builds its arrays from them, so a table is
never typed twice. Plain constants, no imports: the compiled floor may read this module."""

from __future__ import annotations

MONUMENTS = ("obelisk", "temple", "pyramid", "tomb")  # D7.1–D7.4, in that order

# D7.1 A: 1 per token, plus this bonus for strictly more than the other player.
OBELISK_A_MAJORITY_BONUS = 6
# D7.1 B (docs/rulings.md "D7.1 B obelisk"): at least 5 tokens, first → 12, second → 6; 10 or more → 18.
OBELISK_B_THRESHOLD, OBELISK_B_TEN = 5, 10
OBELISK_B_FIRST, OBELISK_B_SECOND, OBELISK_B_TEN_OR_MORE = 12, 6, 18
# D7.2 B: points for a set of 0/1/2/3/4 distinct temple values
TEMPLE_B_SET = (0, 1, 4, 9, 16)
# D7.3, indexed by number of tokens 0..6
PYRAMID_A = (0, 1, 3, 6, 10, 15, 21)
PYRAMID_B = (-6, 0, 4, 10, 18, 30, 45)
# D7.4 A, indexed by group size 0..5 (5 or more → 25); B: each group scores the same
TOMB_A_GROUP = (0, 1, 4, 9, 16, 25)
TOMB_B_GROUP = 4
