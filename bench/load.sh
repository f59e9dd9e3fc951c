#!/usr/bin/env bash
# A cost probe on loopback (docs/operations.md): gunicorn with production settings on its own
# database holding the demo club, each endpoint driven alone by wrk (32 connections) for a bounded
# time. Prints the load average before the run and one table: requests/s, p50, p99, requests,
# errors (non-2xx/3xx answers plus
# socket errors: connect, read, write, timeout), of those the timeouts (wrk gives up after
# 2 s; its latency percentiles leave timed-out requests out), and each req/s as a share of
# /healthz's in the same run (what an endpoint costs beside a trivial one). What the service
# holds on a club night is bench/clubnight.py's to say (make loadtest), not this.
#
#   bash bench/load.sh [seconds per endpoint, default 10]      (or: make load LOAD_SECONDS=10)
#
# The run writes the demo club into its database, so it never uses DATABASE_URL (that may be the
# club's real one): by default a new SQLite file in a temporary directory, removed at the end;
# LOAD_DATABASE_URL names another (e.g. an empty PostgreSQL database made for the run). A
# database that already holds players or games is refused (exit status 2) before anything is
# written to it, migrations included.
#
# Environment: LOAD_DATABASE_URL, LOAD_GAMES (generated games besides the demo club, default 10000:
# `load_demo --games`), WORKERS (gunicorn, default 2 × cores + 1), CONNECTIONS (32),
# THREADS (wrk, 2), PORT (default: a free one), WARMUP (seconds each endpoint is driven, unmeasured,
# before the first measurement: default 2). Needs wrk (apt-get install -y wrk). The throttles are raised
# for the run (they still count every request): this measures the server, not the 429 answers.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-10}
# A free port by default: other servers (a second run, a developer's) must not answer for ours.
PORT=${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
GAMES=${LOAD_GAMES:-10000}  # the games list and standings are measured with this many games
WORKERS=${WORKERS:-$(( $(nproc) * 2 + 1 ))}
PY=.venv/bin/python
command -v wrk >/dev/null || { echo "load.sh: wrk is not installed (apt-get install -y wrk)" >&2; exit 2; }

work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Every manage.py and gunicorn below reads DATABASE_URL: it is set here to the load database only.
export DATABASE_URL=${LOAD_DATABASE_URL:-sqlite:///$work/load.sqlite3}
export DJANGO_DEBUG=0 DJANGO_SECRET_KEY="load-test-only-$(date +%s)-$RANDOM-0123456789abcdefghijklmnopqrstuvwxyz" \
       DJANGO_ALLOWED_HOSTS=127.0.0.1 DJANGO_SECURE_SSL_REDIRECT=0 DJANGO_LOG_LEVEL=WARNING \
       IMHOTEP_THROTTLE_ANON=100000000/min IMHOTEP_THROTTLE_USER=100000000/min \
       IMHOTEP_CACHE_DIR=$work/cache  # the run's own shared cache

# Exit status 2 (set -e passes it on) when the database holds a club.
$PY manage.py shell --verbosity 0 -c "import runpy; runpy.run_path('bench/empty_database.py')"
echo "setting up ${DATABASE_URL%%:*} database with the demo club and $GAMES generated games…" >&2
$PY manage.py migrate --noinput >/dev/null
$PY manage.py load_demo --games "$GAMES" >/dev/null
$PY manage.py collectstatic --noinput >/dev/null
$PY manage.py shell --verbosity 0 -c "import runpy, sys; sys.argv = ['targets', '$work']; runpy.run_path('bench/targets.py')"

.venv/bin/gunicorn imhotep_site.wsgi --bind "127.0.0.1:$PORT" --workers "$WORKERS" --log-level warning &
server=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
kill -0 "$server" 2>/dev/null || { echo "load.sh: gunicorn did not start" >&2; exit 1; }

drive() {  # seconds path body htmx: wrk's report of driving one endpoint
  local args=()
  [ -z "$3" ] || args+=(-s bench/post_json.lua)
  [ -z "$4" ] || args+=(-H "HX-Request: true")
  BODY="$3" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$1s" --latency "${args[@]}" "http://127.0.0.1:$PORT$2"
}

measure() {  # label path body htmx
  local label=$1 url="http://127.0.0.1:$PORT$2" body=$3 htmx=$4 curl_args=() out
  [ -z "$body" ] || curl_args+=(-X POST -H "Content-Type: application/json" --data-binary "@$body")
  [ -z "$htmx" ] || curl_args+=(-H "HX-Request: true")
  local status
  status=$(curl -s -o /dev/null -w "%{http_code}" "${curl_args[@]}" "$url")
  out=$(drive "$DURATION" "$2" "$body" "$htmx")
  # The first target is /healthz: its req/s is the baseline the others are a share of.
  awk -v label="$label" -v status="$status" -v base="${BASELINE:-0}" '
    /^Requests\/sec/ { rps = $2 }
    $1 == "50%" && !p50 { p50 = $2 }
    $1 == "99%" && !p99 { p99 = $2 }
    / requests in / { total = $1 }
    /Non-2xx or 3xx responses/ { bad = $NF }
    /Socket errors/ { gsub(",", ""); sock = $4 + $6 + $8 + $10; timeouts = $10 }
    END {
      of = base > 0 ? sprintf("%.0f %%", 100 * rps / base) : "100 %"
      printf "| %-44s | %6s | %10s | %9s | %9s | %9s | %6d | %8d | %11s |\n", label, status, rps, p50, p99,
             total, bad + sock, timeouts, of
      printf "%s\n", rps > "/dev/fd/3"
    }
  ' <<<"$out"
}

# Warm-up, not measured: each worker's first requests load what Django loads lazily (URL
# resolvers, translation catalogues, templates, the database connection). Unwarmed, that cost
# fell on the first endpoint measured, /healthz, the baseline of every share.
WARMUP=${WARMUP:-2}
[ "$WARMUP" = 0 ] || while IFS='|' read -r label path body htmx _; do
  drive "$WARMUP" "$path" "$body" "$htmx" >/dev/null
done < "$work/targets"

echo
echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk: $CONNECTIONS connections, $THREADS threads, ${DURATION}s per endpoint; gunicorn: $WORKERS sync workers;" \
     "$(nproc) CPUs; database: ${DATABASE_URL%%:*}"
printf "| %-44s | %6s | %10s | %9s | %9s | %9s | %6s | %8s | %11s |\n" endpoint status "req/s" p50 p99 requests \
       errors "timeouts" "of /healthz"
printf "|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n" "$(printf -- '-%.0s' {1..46})" "--------" "------------" "-----------" \
       "-----------" "-----------" "--------" "----------" "-------------"
BASELINE=""
exec 4>&1  # the table goes to stdout (fd 4 inside the capture below), each req/s to the capture
while IFS='|' read -r label path body htmx _; do
  rps=$(measure "$label" "$path" "$body" "$htmx" 3>&1 1>&4)
  [ -n "$BASELINE" ] || BASELINE=$rps
done < "$work/targets"
