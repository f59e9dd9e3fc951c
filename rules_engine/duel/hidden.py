"""What the players cannot see in a Duel position (duel.md D3): the order of the face-down
supply and the face-down reserve. Analysis re-deals them at random before each playout, so
an estimate never profits from knowing the real draws (a record in supply form knows them)."""

from __future__ import annotations

import random

from rules_engine.duel.state import DuelState, Work
from rules_engine.duel.tokens import TOKEN_IDS


def determinized(state: DuelState, rng: random.Random) -> DuelState:
    """``state`` with the supply and the reserve re-dealt from the same face-down tokens."""
    w = state.thaw()
    redeal(w, rng)
    return w.freeze()


def redeal(w: Work, rng: random.Random) -> None:
    """Re-deal the face-down supply and reserve of ``w`` in place (a playout's own Work)."""
    if w.unseen is not None:  # transcription form: only the counts of unseen tokens are known
        hidden = [t for t, n in zip(TOKEN_IDS, w.unseen, strict=True) for _ in range(n)]
    else:
        supply = list(w.supply[len(w.supply) - w.scount:]) if w.supply is not None else []
        hidden = supply + list(w.reserve or [])
    rng.shuffle(hidden)
    w.supply = tuple(hidden[: w.scount])
    w.reserve = hidden[w.scount : w.scount + w.rcount]
    w.unseen = None
