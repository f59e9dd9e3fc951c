"""The club-history REST API (under /api/v1/): players, games, results, standings; one module
per resource.

Anyone may read. Creating needs a logged-in user (token or session); changing or deleting a
game needs its creator or staff (403 otherwise); deleting or merging a player needs staff, and a
player with games is never deleted (409: merge them instead). Create = import one F2/F4 record (results
derived by replaying it) or store one score-only F1/F3 board.
"""
