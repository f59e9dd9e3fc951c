-- wrk script: POST the JSON file named by $BODY (bench/load.sh writes the bodies).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = file:read("*a")
file:close()
