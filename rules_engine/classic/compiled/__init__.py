"""The base game's compiled floor (numba, issue #40): the same rules as the pure engine above
it, played on one flat array for the analysis's playouts. The pure engine stays the reference.

Its one door is this module: the plugin (rules_engine/classic/plugin.py) is the only module of
the engine that imports it, and it imports nothing of the engine above it but the pure tables
it reads a position and its rule tables from (`components`, `sitedata`, `state`): the
kernels' arrays are built from those tables, never typed twice. Where numba cannot be imported,
the door answers None or False and the plugin plays the pure engine.

- `kernel_layout` (the position array's offsets, no numba), `kernel_choice` (market picks and
  the choices a move raises), `kernel_rules` (deck, rounds, sailing, C3–C7), `kernel_policy`
  (the weighted playout policy, as `playout`'s), `kernel_score` (C8 and the batch), `fastplay`
  (a `ClassicState` as the array, the batch's outcomes).

Records are validated and replayed by the pure engine only (docs/decisions.md "Two floors").
"""

from rules_engine.classic.compiled.fastplay import kernel, outcomes, supported, warm_up

__all__ = ["kernel", "outcomes", "supported", "warm_up"]
