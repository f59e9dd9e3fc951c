"""Imhotep: Builder of Egypt, the 2–4 player base game (``classic``, docs/rules/classic.md),
as the second built-in game plugin.

Room map (which module holds what; a newcomer fixing a rule starts from the rule's id):

- **The box** — `components` (colours, ships, round cards, market cards, sites: C1, C7),
  `sitedata` (board data for the B sides the rules leave open, C6 ⚠) and `sitecheck` (its
  checks, whoever supplies it), `words` (the board's names for people: sites, cards, colours).
- **A position** — `state` (`ClassicState`, immutable, and its mutable twin `Work`), `hidden`
  (round cards and market deck the players cannot see), `statejson` (a position as JSON),
  `invariants` (stone, card and round bookkeeping, for the tests).
- **Moves** — `moves` (one dataclass per F4 move), `movefields` (the checks a move runs when
  built), `moveparse` (F4 JSON to a `Move`), `legal` (legal moves as counted menus, C3–C7),
  `choosers` (who answers the choices a move raises: market picks, Pyramids B, Temple B).
- **Turns** — `actions` (the rounds, C3, and the actions, C4, on a `Work`), `deliveries` (stones
  and cards arriving at the sites, C5–C6), `deck` (the market deck: turning up, discarding,
  playing a blue card, C4.4, C7).
- **The market cards**, spread by what each step does: the cards themselves in `components`;
  the deck and blue cards (C4.4) in `deck`; taking a card at the market (C5.1, C6.1) and red
  cards' effects on receipt (C7) in `deliveries`; which cards may be taken in `legal` and who
  picks in `choosers`; decorations' and statues' points (C8) in `scoring`; the card names in
  `words`; the first card taken, for the explorer, in `facts`; the C7 red-card ruling's
  affected records in `redcard`.
- **Games and records** — `game` (the front door: set up from an F4 header, C2; legal moves;
  apply; read the board off), `header` (the F4 record header, checked), `record` (F4 records
  replayed), `transcription` (a game recorded at a physical table), `playout` (random games).
- **The end** — `finalboard` (a position read off as an F3 board), `board` (an F3 board's
  checks against the box, C1, C7, C5.4), `shapes` (a checked F3 board's typed shape),
  `scoring` (C8, every point explained, straight into the typed score), `result` (that score's
  JSON as the service stores it), `facts` (what the club's explorer counts).
- **The plugin** — `plugin` (the game and its variant Pharaoh's wrath, C9, through the plugin
  hooks, docs/plugins.md), `apidocs` (its board, record and score shapes and examples for the
  API's OpenAPI schema).
- **The compiled floor** — `compiled` (numba, issue #40: the same rules on one flat array for
  the analysis's playouts, never for records: the pure engine is their one validator). Its one
  door is the package, which only `plugin` imports, and it reads positions from `components`,
  `sitedata` and `state` alone (pyproject.toml's import contracts): `compiled.kernel_layout`
  (the array's offsets, no numba), `compiled.kernel_choice` (market picks and a move's
  choices), `compiled.kernel_rules` (deck, rounds, sailing), `compiled.kernel_policy` (the
  weighted policy, as `playout`'s), `compiled.kernel_score` (C8 and the batch),
  `compiled.fastplay` (a `ClassicState` as the array, the batch's outcomes).
"""
