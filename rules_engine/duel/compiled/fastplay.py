"""The Duel's compiled playouts (issue #40) seen from Python: a `DuelState` as the kernel's
position array (rules_engine/duel/compiled/kernel.py), batches of playouts with their `Outcome`s,
and the kernel's reported moves as F2 move dicts.

Where numba cannot be imported, `outcomes` returns None (the analysis then plays the pure
engine's `weighted_playout`) and says so once in the log. The kernel's generator is numpy's
(`np.random.Generator`, PCG64) seeded from the caller's ``random.Random`` (`seeded`), so the
same seed gives the same playouts; no random state carries over from one call to the next.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from rules_engine import compiled
from rules_engine.analysis_hooks import Outcome
from rules_engine.duel.harbor import BOATS, CELLS
from rules_engine.duel.monument_points import MONUMENTS
from rules_engine.duel.state import DuelState
from rules_engine.duel.tokens import ACTIONS, TOKEN_IDS, TOKEN_INDEX

MONUMENT_ORDER = MONUMENTS  # kernel_batch's ``sides`` order

_END_CODES = {None: 0, "last-boat": 1, "passes": 2}  # kernel.END_LAST_BOAT, END_PASSES
_ACTION_INDEX = {a: i for i, a in enumerate(ACTIONS)}
_modules: tuple[ModuleType, ModuleType, Any] | None = None


def _kernel() -> tuple[ModuleType, ModuleType, Any] | None:
    """(numpy, kernel_batch, the place-unload cache), or None where numba cannot be imported
    (logged once)."""
    global _modules
    if _modules is None:
        here = Path(__file__).parent
        compiled.fresh_cache(here)
        loaded = compiled.load(("numpy", "rules_engine.duel.compiled.kernel",
                                "rules_engine.duel.compiled.kernel_batch"),
                               "the Duel's compiled playouts are off (%s): the analysis plays the pure engine")
        if loaded is None:
            return None
        np, kernel, kernel_batch = loaded
        _modules = (np, kernel_batch, kernel.new_pu_cache())
    return _modules


def available() -> bool:
    """Whether the compiled kernel can be used here."""
    return _kernel() is not None


def warm_up(start: DuelState) -> bool:
    """Compile the kernels (or load them from numba's cache) with one playout from ``start``
    (the opening, handed in by the plugin), so a process's first analysis does not wait for
    them (docs/operations.md). False without numba."""
    return play(start, None, random.Random(0), 1) is not None


_scratch = threading.local()


def seeded(np: ModuleType, rng: random.Random) -> Any:
    """A numpy Generator (PCG64) whose whole state is drawn from ``rng`` (256 bits), so the same
    seed gives the same playouts. One Generator per thread is re-seeded on every call rather
    than a new one made: numba's first look at a new Generator costs about 80 µs (its ctypes
    interface), more than a one-playout batch plays. Nothing carries over between calls."""
    gen = getattr(_scratch, "gen", None)
    if gen is None:
        gen = _scratch.gen = np.random.Generator(np.random.PCG64(0))
    gen.bit_generator.state = {"bit_generator": "PCG64", "has_uint32": 0, "uinteger": 0,
                               "state": {"state": rng.getrandbits(128), "inc": rng.getrandbits(128) | 1}}
    return gen


def to_arrays(state: DuelState, np: ModuleType) -> tuple[Any, Any]:
    """(the kernel's position array, the face-down tokens as token indices)."""
    from rules_engine.duel.compiled import kernel as k

    st = [0] * k.SIZE  # a list first: setting items of a numpy array one by one costs more
    st[k.CELLS:k.CELLS + 9] = [-1 if c is None else c for c in state._cells]
    st[k.SLOTS:k.SLOTS + 18] = [-1 if t is None else TOKEN_INDEX[t] for t in state._slots]
    for c, owner in enumerate(state._cells):
        if owner is not None:
            st[k.OCC0 + owner] |= 1 << c
    st[k.LIVE], st[k.SCOUNT], st[k.RCOUNT] = state._live, state._scount, state._rcount
    st[k.TO_MOVE], st[k.OVER] = state._to_move, int(state._over)
    st[k.END] = _END_CODES[state._end]
    st[k.FIRST5] = -1 if state._first5 is None else state._first5
    st[k.PLY], st[k.PASSED], st[k.UNLOADS] = state._ply, int(state._passed), state._unloads
    for p, player in enumerate(state._players):
        pb = k.P0 + k.PSTRIDE * p
        st[pb + k.OBEL], st[pb + k.LIGHT], st[pb + k.DARK] = player.obelisk, player.pyramid_light, player.pyramid_dark
        for v in player.temple:
            st[pb + k.TEMPLE + v - 1] += 1
        for n in player.tomb:
            st[pb + k.TOMB] |= 1 << (n - 1)
        for a in player.action_tokens:
            st[pb + k.ACT + _ACTION_INDEX[a]] += 1
        st[pb + k.MEEP] = player.meeples_in_supply
    for t in state._box:
        st[k.BOX + TOKEN_INDEX[t]] += 1
    if state._unseen is not None:  # transcription form: only the counts are known (hidden.redeal)
        hidden = [i for i, n in enumerate(state._unseen) for _ in range(n)]
    else:
        supply = state.supply or ()
        hidden = [TOKEN_INDEX[t] for t in (*supply, *(state._reserve or ()))]
    return np.array(st, dtype=np.int64), np.array(hidden, dtype=np.int64)


def sides_array(sides: Mapping[str, str] | None, np: ModuleType) -> Any:
    sides = sides or {}
    return np.array([sides.get(m, "A") == "B" for m in MONUMENT_ORDER], dtype=np.int64)


@dataclass
class Batch:
    """What `play` returns: the winners and totals, and when asked the moves (codes), deals
    and final position arrays of each playout."""

    winners: Any
    totals: Any
    moves: Any
    nmoves: Any
    deals: Any
    finals: Any


def play(state: DuelState, sides: Mapping[str, str] | None, rng: random.Random, count: int, *,
         record: bool = False) -> Batch | None:
    """``count`` compiled playouts from ``state``; None where numba is missing."""
    loaded = _kernel()
    if loaded is None:
        return None
    np, batch, pu_cache = loaded
    base, pool = to_arrays(state, np)
    gen = seeded(np, rng)
    rows = count if record else 0
    totals = np.empty((count, 2), dtype=np.int64)
    moves = np.zeros((rows, batch.MAX_PLIES), dtype=np.int64)  # kernel.MAX_PLIES
    nmoves = np.zeros(rows, dtype=np.int64)
    deals = np.zeros((rows, len(pool)), dtype=np.int64)
    finals = np.zeros((rows, len(base)), dtype=np.int64)
    won = batch.play_batch(base, pool, sides_array(sides, np), gen, count, pu_cache, totals, moves, nmoves,
                           deals, finals)
    return Batch(won, totals, moves, nmoves, deals, finals)


def outcomes(state: DuelState, rec: Mapping[str, Any], rng: random.Random, count: int) -> list[Outcome] | None:
    """`DuelGame.fast_outcomes`: ``count`` playouts' winners (D7.6) and totals (D7)."""
    done = play(state, rec.get("sides"), rng, count)
    if done is None:
        return None
    made: dict[tuple[int, int, int], Outcome] = {}  # one Outcome per distinct result: many repeat
    out = []
    for w, (t0, t1) in zip(done.winners.tolist(), done.totals.tolist(), strict=True):
        key = (w, t0, t1)
        one = made.get(key)
        if one is None:
            one = made[key] = Outcome([w], (t0, t1))
        out.append(one)
    return out


def decode(code: int) -> dict[str, Any]:
    """A kernel move code (kernel.C_*) as its F2 move dict, as `playout._play` writes it."""
    from rules_engine.duel.compiled import kernel as k

    cat, x = code & 7, code >> 3
    if cat == k.C_PLACE:
        return {"type": "place", "cell": CELLS[x]}
    if cat == k.C_UNLOAD:
        return {"type": "unload", "boat": BOATS[x]}
    if cat == k.C_TAKE:
        return {"type": "take-token", "boat": BOATS[x // 3], "slot": x % 3 + 1}
    if cat == k.C_PLACE_MEEPLES:
        cells = [x & 15, x >> 4 & 15, x >> 8]
        return {"type": "place-meeples", "cells": [CELLS[c] for c in cells if c != k.NO_CELL]}
    if cat == k.C_PLACE_UNLOAD:
        b2 = (x >> 7) - 1
        boats = [x >> 4 & 7] + ([b2] if b2 >= 0 else [])
        return {"type": "place-unload", "cell": CELLS[x & 15], "boats": [BOATS[b] for b in boats]}
    if cat == k.C_SWAP:
        return {"type": "swap-unload", "boat": BOATS[x & 7], "slots": [(x >> 3 & 3) + 1, (x >> 5 & 3) + 1],
                "unload": BOATS[x >> 7]}
    return {"type": "pass"}


def summary(state: DuelState) -> tuple[Any, ...]:
    """What a position holds, in the kernel's terms (the order of tokens received does not
    count): to compare the pure engine's final state with the kernel's (`summary_of`)."""
    players = []
    for p in state._players:
        temples = tuple(sorted(p.temple))
        players.append((p.obelisk, p.pyramid_light, p.pyramid_dark, temples, tuple(sorted(p.tomb)),
                        tuple(sorted(p.action_tokens)), p.meeples_in_supply))
    return (state._cells, state._slots, state._live, state._scount, state._rcount, state._to_move, state._over,
            state._end, state._first5, state._ply, state._passed, state._unloads, tuple(players),
            tuple(sorted(state._box)))


def summary_of(st: Any) -> tuple[Any, ...]:
    """`summary` of a kernel position array."""
    from rules_engine.duel.compiled import kernel as k

    v = [int(x) for x in st]
    players = []
    for p in range(2):
        pb = k.P0 + k.PSTRIDE * p
        temples = tuple(t for t in range(1, 5) for _ in range(v[pb + k.TEMPLE + t - 1]))
        tombs = tuple(n for n in range(1, 13) if v[pb + k.TOMB] >> (n - 1) & 1)
        acts = tuple(sorted(a for i, a in enumerate(ACTIONS) for _ in range(v[pb + k.ACT + i])))
        players.append((v[pb + k.OBEL], v[pb + k.LIGHT], v[pb + k.DARK], temples, tombs, acts, v[pb + k.MEEP]))
    box = tuple(sorted(TOKEN_IDS[i] for i in range(len(TOKEN_IDS)) for _ in range(v[k.BOX + i])))
    return (tuple(None if c < 0 else c for c in v[k.CELLS:k.CELLS + 9]),
            tuple(None if t < 0 else TOKEN_IDS[t] for t in v[k.SLOTS:k.SLOTS + 18]), v[k.LIVE], v[k.SCOUNT],
            v[k.RCOUNT], v[k.TO_MOVE], bool(v[k.OVER]), {0: None, 1: "last-boat", 2: "passes"}[v[k.END]],
            None if v[k.FIRST5] < 0 else v[k.FIRST5], v[k.PLY], bool(v[k.PASSED]), v[k.UNLOADS], tuple(players), box)
