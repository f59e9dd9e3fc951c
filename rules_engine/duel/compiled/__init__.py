"""The Duel's compiled floor (numba, issue #40): the same rules as the pure engine above it,
played on flat arrays for the analysis's playouts. The pure engine stays the reference.

Its one door is this module: the plugin (rules_engine/duel/plugin.py) is the only module of
the engine that imports it, and it imports nothing of the engine above it but the pure tables
it reads a position from (`harbor`, `tokens`, `state`) and the D7 tables it scores by
(`monument_points`, declared once for both floors). Where numba cannot be imported, the
door answers None or False and the plugin plays the pure engine (rules_engine/compiled.py).

- `kernel` (the position array's layout and the rules of a playout), `kernel_batch` (a batch
  of playouts), `fastplay` (a `DuelState` as arrays, the batch's outcomes, move codes as F2
  dicts).

Records are validated and replayed by the pure engine only (docs/decisions.md "Two floors").
"""

from rules_engine.duel.compiled.fastplay import available, outcomes, warm_up

__all__ = ["available", "outcomes", "warm_up"]
