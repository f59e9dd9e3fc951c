"""Live move-by-move entry: the pages /games/new and /games/<id>/play (`views`), the live API
/api/v1/games/<id>/… (`api`), and `appending`, the one place a live move is written or taken
back (docs/replay.md). The replay viewer these pages draw the board with is games/replay/."""
