"""The replay viewer (/games/<id>/replay) and the live move-entry API (/api/v1/games/<id>/…).

`timeline` replays a stored game once per request; `describe` puts a Duel move into words;
`presenters` turn a Duel state into what the template draws; `chart` lays out the score
chart; `appending` is the one place a live move is written; `views` and `api` are the HTTP
faces of those.
"""
