"""The replay viewer (/games/<id>/replay): `timeline` replays a stored game (kept per process
for the next step), `positions` keeps drawn positions, `chart` lays out the score chart and
`views` is the page (docs/replay.md). The game's own board and stories come from its web
adapter (games/ui/<game>/); live entry, which draws its board the same way, is games/play/.
"""
