"""What the players cannot see in a base-game position (classic.md C2, C3): the round cards not
turned up yet and the order of the market deck. Analysis deals them at random before a move is
tried (rules_engine/analysis), so an estimate never profits from knowing the real cards: a game
dealt by the server knows them, one transcribed at the table (F4 ``setup.transcribed``) does not."""

from __future__ import annotations

import random
from collections import Counter

from rules_engine.classic.components import ROUND_CARDS
from rules_engine.classic.state import ClassicState


def determinized(state: ClassicState, rng: random.Random) -> ClassicState:
    """``state`` with the round cards to come drawn from those not seen (C2.1: one of the player
    count's seven stays out, unseen) and the market cards to come dealt from a new random seed,
    from whatever the deck holds when each is turned up (C7's reshuffle included)."""
    w = state.thaw()
    w.draws = tuple(w.draws[: w.ndrawn])  # what the record knows beyond this position is unseen here
    w.seed, w.transcribed = rng.getrandbits(32), False
    if not w.over:
        seen = [tuple(c) for c in w.cards[: w.round + 1]]
        pool = list((Counter(ROUND_CARDS[w.n]) - Counter(seen)).elements())
        rng.shuffle(pool)
        w.cards = tuple(seen + pool[: max(0, 6 - len(seen))])
    return w.freeze()
