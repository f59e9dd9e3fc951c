#!/usr/bin/env bash
# Load figures on loopback: gunicorn (production settings, SQLite or $DATABASE_URL) driven by wrk
# with 32 connections for a bounded time per endpoint. Prints wrk's req/s and latency percentiles.
#   bash bench/load.sh [seconds]      (needs: apt-get install wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN=${1:-10}
PORT=${PORT:-8765}
export DJANGO_DEBUG=0 DJANGO_SECRET_KEY=load-test-only-$(date +%s)-0123456789abcdefghijklmnopqrstuvwxyz \
       DJANGO_ALLOWED_HOSTS=127.0.0.1 DJANGO_SECURE_SSL_REDIRECT=0 \
       IMHOTEP_THROTTLE_ANON=100000000/min IMHOTEP_THROTTLE_USER=100000000/min DJANGO_LOG_LEVEL=WARNING
.venv/bin/python manage.py migrate --noinput >/dev/null
.venv/bin/python manage.py collectstatic --noinput >/dev/null
.venv/bin/gunicorn imhotep_site.wsgi --bind 127.0.0.1:$PORT --workers "${WORKERS:-2}" --log-level warning &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done
run() { echo "== $1"; shift; wrk -t2 -c32 -d"${SECONDS_PER_RUN}s" --latency "$@" | grep -E "Requests/sec|Non-2xx|Socket errors|^ +(50|99)%"; }
run "GET /api/v1/games-types (trivial DRF endpoint)" "http://127.0.0.1:$PORT/api/v1/games-types"
run "POST /api/v1/score (D9.1 board)" -s bench/post_board.lua "http://127.0.0.1:$PORT/api/v1/score"
if [ -n "${REPLAY_GAME:-}" ]; then
  run "GET /games/$REPLAY_GAME/replay?ply=30 (htmx partial)" -H "HX-Request: true" "http://127.0.0.1:$PORT/games/$REPLAY_GAME/replay?ply=30"
  run "GET /games/ (games list)" "http://127.0.0.1:$PORT/games/"
fi
