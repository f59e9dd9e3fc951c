"""Imhotep: The Duel, the two-player game (``duel``, docs/rules/duel.md), the first built-in
game plugin.

Room map (which module holds what; a newcomer fixing a rule starts from the rule's id):

- **The box and its pieces** — `tokens` (the 60 cargo tokens, D1), `harbor` (harbor geometry,
  D1–D2), `board_limits` (what the box holds, the F1 limits across both boards), `labels`
  (tokens as people name them at the table).
- **A position** — `state` (`DuelState`, immutable, and its mutable twin `Work`), `hidden` (what
  the players cannot see, D3), `statejson` (a position as JSON for the viewer and the API),
  `invariants` (D10: what holds in every reachable position, for the tests).
- **Moves and turns** — `moves` (one dataclass per F2 move), `legal` (which moves are legal,
  D4), `primitives` (the single steps of D4 on a `Work`: place, unload, take, swap, receive
  (D5)), `turns` (whole turns: the action tokens of D4.3, passing D4.4, `play`).
- **Games and records** — `game` (the front door: set up D3, legal moves, apply, read the board
  off), `record` (F2 records replayed into every state, or written), `transcription` (a game
  recorded at a physical table), `playout` (random games).
- **The end** — `board` (the F1 end-game board a person reads off the table),
  `board_validation` (its checks, field by field), `monument_points` (D7's tables, declared once
  for both floors), `scoring` (D7, one explained line per monument), `facts` (what the club's
  explorer counts of a finished game).
- **The plugin** — `plugin` (the game through the same hooks as any third-party package,
  docs/plugins.md), `apidocs` (its board, record and score shapes and examples for the API's
  OpenAPI schema).
- **The compiled floor** — `compiled` (numba, issue #40: the same rules on flat arrays for the
  analysis's playouts, never for records: the pure engine is their one validator). Its one door
  is the package, which only `plugin` imports, and it reads positions from `harbor`, `tokens` and
  `state` alone (pyproject.toml's import contracts): `compiled.kernel` (the position array and
  a playout's rules), `compiled.kernel_batch` (a batch of playouts), `compiled.fastplay` (a
  `DuelState` as arrays, the batch's outcomes, move codes as F2 dicts).
"""
