-- wrk script: POST the rulebook's D9.1 board to /api/v1/score (used by bench/load.sh).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[{"game":"duel","sides":{"obelisk":"A","temple":"A","pyramid":"A","tomb":"A"},"starting_player":0,
"players":[{"name":"Black","obelisk":2,"temple":[1,4,2],"pyramid":{"light":4,"dark":6},"tomb":[1,2,3,4,5,6,8],
"action_tokens":2,"meeples_on_harbor":1},{"name":"White","obelisk":6,"temple":[],"pyramid":{"light":0,"dark":0},
"tomb":[],"action_tokens":0,"meeples_on_harbor":0}]}]]
