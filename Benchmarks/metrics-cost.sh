#!/usr/bin/env bash
# metrics-cost.sh — what `--metrics` costs onlinestore-api on its hot paths: orders per second
# (POST /carts, each a new order on SQLite) and product listings per second (GET /products),
# with and without --metrics, side by side in one run.
#
#   swift build -c release --product onlinestore-api
#   Benchmarks/metrics-cost.sh [ROUNDS] [SECONDS] [CONNECTIONS]
#
# Each round starts a fresh server without metrics and one with them, in turn (the order
# alternating from round to round), measures each with wrk, and stops it; the medians of the
# rounds are printed with the difference. With --metrics the server also times every database
# operation and records every body's size; Prometheus is not scraping (a scrape is measured
# apart: its size and time at the end).
#
# Needs wrk (apt-get install wrk).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
seconds=${2:-8}
connections=${3:-32}
binary=.build/release/onlinestore-api
[ -x "$binary" ] || { echo "$binary is missing: swift build -c release --product onlinestore-api" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }

work=$(mktemp -d /tmp/onlinestore-metrics-cost.XXXXXX)
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cat >"$work/order.lua" <<'LUA'
local counter = 0
local threads = 0
function setup(thread)
  thread:set("name", threads)
  threads = threads + 1
end
function request()
  counter = counter + 1
  local key = string.format("cost-%s-%d-%d", os.time(), name, counter)
  local body = '{"userId":' .. (counter % 2 + 1) .. ',"products":[{"productId":3,"quantity":1}]}'
  return wrk.format("POST", "/carts", { ["Content-Type"] = "application/json", ["Idempotency-Key"] = key }, body)
end
LUA

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Starts a server on a fresh database with the extra arguments given; sets $port.
start_server() {
  "$binary" --listen 127.0.0.1:0 --database "sqlite:$work/api-$RANDOM$RANDOM.sqlite" --orders-per-minute 10000000 "$@" \
    >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  for _ in $(seq 100); do
    grep -q "listening on" "$work/server.out" 2>/dev/null && break
    sleep 0.1
  done
  port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/server.out")
  [ -n "$port" ] || { cat "$work/server.err" >&2; exit 1; }
}

stop_server() {
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

# Requests per second of one wrk run; fails on any answer that is not 2xx.
rate() {
  wrk -t2 -c"$connections" -d"${seconds}s" "$@" >"$work/wrk.txt"
  if grep -q "Non-2xx" "$work/wrk.txt"; then cat "$work/wrk.txt" >&2; echo "error: answers that were not 2xx" >&2; exit 1; fi
  awk '/Requests\/sec/ { print $2 }' "$work/wrk.txt"
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

: >"$work/off.orders"; : >"$work/on.orders"; : >"$work/off.list"; : >"$work/on.list"
for round in $(seq "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then modes="off on"; else modes="on off"; fi
  for mode in $modes; do
    extra=()
    [ "$mode" = on ] && extra=(--metrics "127.0.0.1:$(free_port)")
    start_server "${extra[@]}"
    wrk -t2 -c"$connections" -d2s "http://127.0.0.1:$port/products" >/dev/null  # warm-up
    rate -s "$work/order.lua" "http://127.0.0.1:$port" >>"$work/$mode.orders"
    rate "http://127.0.0.1:$port/products" >>"$work/$mode.list"
    if [ "$mode" = on ] && [ "$round" -eq "$rounds" ]; then
      metrics_port=${extra[1]##*:}
      scrape=$(curl -s -o "$work/scrape.txt" -w '%{time_total}' "http://127.0.0.1:$metrics_port/metrics")
      echo "a scrape after the last round: $(wc -c <"$work/scrape.txt") bytes, $(wc -l <"$work/scrape.txt") lines, ${scrape} s"
    fi
    stop_server
  done
  echo "round $round: orders/s off $(tail -1 "$work/off.orders") on $(tail -1 "$work/on.orders");" \
    "listings/s off $(tail -1 "$work/off.list") on $(tail -1 "$work/on.list")"
done

for what in orders list; do
  off=$(median <"$work/off.$what")
  on=$(median <"$work/on.$what")
  printf '%-9s median of %d rounds: without --metrics %10.1f/s   with %10.1f/s   %+.1f %%\n' \
    "$what" "$rounds" "$off" "$on" "$(echo "($on - $off) * 100 / $off" | bc -l)"
done
