"""The replay viewer (/games/<id>/replay) and the live move-entry API (/api/v1/games/<id>/…).

`timeline` replays a stored game (kept per process for the next step); `describe` puts a Duel
move into words and `presenters` turn a Duel state into what the template draws;
`classic_describe`, `classic_presenters`, `classic_menu` and `classic_live_forms` do the same
for the base game from its state JSON; `chart` lays out the score chart; `appending` is the
one place a live move is written; `views`, `live_views` and `api` are the HTTP faces of those
(docs/replay.md).
"""
