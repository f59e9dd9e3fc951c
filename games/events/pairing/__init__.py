"""Pairing a club event's next round: pure Python (no Django), a function of the entrants, the
rounds played and the event's seed. `duel` pairs the Duel (Swiss by the FIDE Dutch rules,
round robin by Berger tables, both from caissify-pairings); `tables` seats the base game at
tables of 3–4. Ranking the entrants is not pairing: it lives beside, in `games/events/standings.py`.
"""
